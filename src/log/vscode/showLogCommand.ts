// Show Log: the extension's log output channel.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import type { ExtensionLog } from './extensionLog';

export function registerShowLog(context: vscode.ExtensionContext, log: ExtensionLog): void {
  context.subscriptions.push(vscode.commands.registerCommand(commands.showLog, () => log.show()));
}
