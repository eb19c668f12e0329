// Docs Assistant: Check Connection. Shows whether each key works, and returns the report.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import { showMessage, withProgress } from '../../ui/vscode/messages';
import { setupButton } from './setupMessages';
import { checkConnection, type ConnectionReport } from '../connectionCheck';
import type { PlatformConnection } from './platformConnection';
import type { SetupService } from './setupService';

export function registerCheckConnection(
  context: vscode.ExtensionContext,
  deps: { platform: PlatformConnection; setup: SetupService },
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.checkConnection, async (): Promise<ConnectionReport> => {
      await deps.setup.refresh();
      const state = deps.setup.current;
      const report = await withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `Checking the connection to ${state.origin ?? 'the platform'}…`,
          cancellable: true,
        },
        (_progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return checkConnection(deps.platform.current(), state, controller.signal);
        },
      );
      // The messages may quote the server: showMessage keeps that inert.
      const lines = [report.assistant.message, report.agentJobs.message];
      if (report.assistant.ok && report.agentJobs.ok) showMessage('info', lines.join(' '));
      else showMessage('warning', lines.join(' '), setupButton('configure'));
      return report;
    }),
  );
}
