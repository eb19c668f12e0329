import * as vscode from 'vscode';
import type { ExtensionLog } from './extensionLog';

export function registerShowLog(context: vscode.ExtensionContext, log: ExtensionLog): void {
  context.subscriptions.push(vscode.commands.registerCommand('docsAssistant.showLog', () => log.show()));
}
