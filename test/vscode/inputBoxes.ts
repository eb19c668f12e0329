// Answering the input boxes a command opens, as a user would: for the in-host tests, and for the
// benchmark that runs in the extension host. Only VS Code's own commands, no test framework. Each
// waits for the command to end, never for a time: on a busy machine a box may take seconds to
// open, and a helper that gave up after a moment would close it before it was answered.

import * as vscode from 'vscode';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `command`, doing `answer` (a workbench command) every 50 ms until it ends: its result. */
async function runAnswering<T>(answer: () => string, command: string, args: unknown[]): Promise<T> {
  let settled = false;
  const running = Promise.resolve(vscode.commands.executeCommand<T>(command, ...args)).finally(() => (settled = true));
  while (!settled) {
    await pause(50);
    if (!settled) await vscode.commands.executeCommand(answer());
  }
  return running;
}

/**
 * Runs a command that asks in an input box (filled from its argument), and accepts each box it opens
 * as a user pressing Enter would, until the command ends. Resolves to the command's result.
 */
export function runAccepting<T>(command: string, ...args: unknown[]): Promise<T> {
  return runAnswering(() => 'workbench.action.acceptSelectedQuickOpenItem', command, args);
}

/**
 * Runs a command whose input box should refuse its argument: presses Enter a few times (a box that
 * accepted would end the command), then Escape, as a user would, until the command ends.
 */
export function runRefused<T>(command: string, ...args: unknown[]): Promise<T> {
  let tries = 0;
  return runAnswering(
    () => (++tries <= 10 ? 'workbench.action.acceptSelectedQuickOpenItem' : 'workbench.action.closeQuickOpen'),
    command,
    args,
  );
}

/** Runs a command that asks in an input box, and dismisses each box it opens (Escape) until it ends. */
export function runDismissing<T>(command: string, ...args: unknown[]): Promise<T> {
  return runAnswering(() => 'workbench.action.closeQuickOpen', command, args);
}
