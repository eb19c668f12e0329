// A platform call a person is waiting for (opening a page, say): when the platform's rate limit
// or a busy server makes it wait before trying again, a notification says so, counts down, and
// can be cancelled. Short waits after network hiccups stay in the status bar.

import * as vscode from 'vscode';
import type { CallOptions, RetryWait } from '../../platform/client';
import { withProgress } from '../../ui/vscode/notifications';

export async function withVisibleWaits<T>(title: string, call: (options: CallOptions) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let showWait: ((wait: RetryWait) => void) | undefined;
  let finished = false;
  const result = call({
    signal: controller.signal,
    onRetryWait: (wait) => {
      const reason = wait.error.kind === 'rateLimited' ? 'rateLimit' : wait.error.status === 503 ? 'busy' : undefined;
      if (!reason || finished) return;
      if (showWait) return showWait(wait);
      void withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        let timer: ReturnType<typeof setInterval> | undefined;
        showWait = (next) => {
          clearInterval(timer);
          const deadline = Date.now() + next.ms;
          // Short: a notification shows one line of it.
          const report = () => {
            const seconds = Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
            progress.report(
              reason === 'rateLimit'
                ? vscode.l10n.t('rate limit reached; trying again in {0} s…', seconds)
                : vscode.l10n.t('the platform is busy; trying again in {0} s…', seconds),
            );
          };
          report();
          timer = setInterval(report, 1000);
        };
        showWait(wait);
        return result.finally(() => clearInterval(timer));
      });
    },
  });
  try {
    return await withProgress({ location: vscode.ProgressLocation.Window, title }, () => result);
  } finally {
    finished = true;
  }
}
