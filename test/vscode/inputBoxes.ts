// Answering the input boxes a command opens, as a user would: for the in-host tests, and for the
// benchmark that runs in the extension host. Only VS Code's own commands, no test framework.

import * as vscode from 'vscode';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a command that asks in an input box (filled from its argument), and accepts each box it opens
 * as a user pressing Enter would. A box that will not accept (its input is refused) is closed after
 * a moment, as a user would press Escape. Resolves to the command's result.
 */
export async function runAccepting<T>(command: string, ...args: unknown[]): Promise<T> {
  let settled = false;
  const running = Promise.resolve(vscode.commands.executeCommand<T>(command, ...args)).finally(() => (settled = true));
  const giveUp = Date.now() + 1_500;
  while (!settled) {
    await pause(50);
    if (settled) break;
    await vscode.commands.executeCommand(
      Date.now() < giveUp ? 'workbench.action.acceptSelectedQuickOpenItem' : 'workbench.action.closeQuickOpen',
    );
  }
  return running;
}
