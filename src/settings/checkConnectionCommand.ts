// Docs Assistant: Check Connection. Shows whether each key works, and returns the report.

import * as vscode from 'vscode';
import type { Connection } from './connection';
import { checkConnection, type ConnectionReport } from './connectionCheck';
import type { SetupService } from './setupService';

export function registerCheckConnection(context: vscode.ExtensionContext, deps: { connection: Connection; setup: SetupService }): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('docsAssistant.checkConnection', async (): Promise<ConnectionReport> => {
      await deps.setup.refresh();
      const state = deps.setup.current;
      const report = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Checking the connection to ${state.origin ?? 'the platform'}…`, cancellable: true },
        (_progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return checkConnection(deps.connection.client(), state, controller.signal);
        },
      );
      const lines = [report.assistant.message, report.agentJobs.message];
      if (report.assistant.ok && report.agentJobs.ok) void vscode.window.showInformationMessage(lines.join(' '));
      else void vscode.window.showWarningMessage(lines.join(' '), { modal: false }, 'Configure').then((choice) => choice && vscode.commands.executeCommand('docsAssistant.configure'));
      return report;
    }),
  );
}
