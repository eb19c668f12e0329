// Docs Assistant: Check Connection. Asks the platform whether each key works and, in Node, looks at
// the way the calls take (proxy, name, connection, TLS): says the outcome in a notification, with
// the report (Show Report opens it, read-only; Copy Report puts it on the clipboard), and returns it.

import * as vscode from 'vscode';
import { commands, reportScheme } from '../../identifiers';
import type { NetworkDiagnosis } from '../../network/diagnosis';
import { type MessageAction, showMessage, withProgress } from '../../ui/vscode/notifications';
import { checkConnection, type ConnectionReport } from '../connectionCheck';
import { connectionReportText, type ExtensionHost } from '../connectionReport';
import type { PlatformConnection } from '../../platform/connection';
import { setupButton } from './setupMessages';
import type { SetupService } from './setupService';

export interface CheckConnectionDeps {
  readonly platform: PlatformConnection;
  readonly setup: SetupService;
  readonly version: string;
  readonly host: ExtensionHost;
  /** The network's look at the way to an origin, where the host has one (Node). */
  readonly diagnose?: (origin: string) => Promise<NetworkDiagnosis>;
}

/** What the command returns: whether each key works, and the report's text. */
export interface CheckedConnection extends ConnectionReport {
  readonly report: string;
}

export function registerCheckConnection(context: vscode.ExtensionContext, deps: CheckConnectionDeps): void {
  let latest = '';
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const reportUri = vscode.Uri.from({
    scheme: reportScheme,
    path: `/${vscode.l10n.t('Docs Assistant connection report').replace(/[\\/]/g, '-')}.txt`,
  });
  context.subscriptions.push(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(reportScheme, {
      onDidChange: changed.event,
      provideTextDocumentContent: () => latest,
    }),
    vscode.commands.registerCommand(commands.checkConnection, async (): Promise<CheckedConnection> => {
      await deps.setup.refresh();
      const state = deps.setup.current;
      const origin = state.origin;
      const { keys, network } = await withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: origin
            ? vscode.l10n.t('Checking the connection to {0}…', origin)
            : vscode.l10n.t('Checking the connection to the platform…'),
          cancellable: true,
        },
        async (_progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          const [keys, network] = await Promise.all([
            checkConnection(deps.platform.current(), state, controller.signal),
            origin && deps.diagnose
              ? deps.diagnose(origin).catch((error: unknown): NetworkDiagnosis => ({
                  lines: [vscode.l10n.t('The look at the network failed: {0}', String(error))],
                }))
              : undefined,
          ]);
          return { keys, network };
        },
      );
      latest = connectionReportText({
        when: new Date(),
        extensionVersion: deps.version,
        vscodeVersion: vscode.version,
        host: deps.host,
        origin,
        network: network?.lines,
        keys,
      });
      changed.fire(reportUri);
      const reportActions: MessageAction[] = [
        { title: vscode.l10n.t('Show Report'), run: () => vscode.window.showTextDocument(reportUri, { preview: true }) },
        { title: vscode.l10n.t('Copy Report'), run: () => vscode.env.clipboard.writeText(latest) },
      ];
      // The messages may quote the server: showMessage keeps that inert.
      const lines = [keys.assistant.message, keys.agentJobs.message];
      if (keys.assistant.ok && keys.agentJobs.ok) showMessage('info', lines.join(' '), ...reportActions);
      else showMessage('warning', [network?.problem, ...lines].filter(Boolean).join(' '), setupButton('configure'), ...reportActions);
      return { ...keys, report: latest };
    }),
  );
}
