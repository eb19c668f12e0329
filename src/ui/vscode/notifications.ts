// Every message the extension shows in VS Code's own surfaces goes through here: notifications,
// modal questions, progress titles and the status bar. Their text may hold words from outside (a
// server's error message, a job's branch, a page path), so it is made inert first (util/inertText).
// Messages are shown without waiting: a command ends at once, and a button works whenever it is
// clicked. Buttons are plain `{ title, run }`: what they do is the features' business.

import * as vscode from 'vscode';
import { inertText } from '../../util/inertText';

export interface MessageAction {
  readonly title: string;
  readonly run: () => unknown;
}

export type MessageLevel = 'info' | 'warning' | 'error';

function show(level: MessageLevel, message: string, items: string[]): Thenable<string | undefined> {
  switch (level) {
    case 'info':
      return vscode.window.showInformationMessage(message, ...items);
    case 'warning':
      return vscode.window.showWarningMessage(message, ...items);
    case 'error':
      return vscode.window.showErrorMessage(message, ...items);
  }
}

export function showMessage(level: MessageLevel, message: string, ...actions: readonly MessageAction[]): void {
  void show(
    level,
    inertText(message),
    actions.map((action) => action.title),
  ).then(
    (choice) => actions.find((action) => action.title === choice)?.run(),
    () => undefined,
  );
}

/**
 * Asks in a modal dialog whether to go on; resolves to whether `confirm` was chosen. For what must
 * not happen without the user's word, such as sending code to a project a workspace chose.
 */
export async function askModal(message: string, detail: string, confirm: string): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(inertText(message), { modal: true, detail: inertText(detail) }, confirm);
  return choice === confirm;
}

/**
 * Asks in a notification whether to go on, beside what the user is reading (a modal would keep them
 * from scrolling it); resolves to whether `confirm` was chosen, and to false once `token` is
 * cancelled, whatever is clicked later.
 */
export function askBeside(message: string, confirm: string, token: vscode.CancellationToken): Promise<boolean> {
  const cancel = vscode.l10n.t('Cancel');
  return new Promise((resolve) => {
    const stopped = token.onCancellationRequested(() => resolve(false));
    void Promise.resolve(vscode.window.showWarningMessage(inertText(message), confirm, cancel)).then(
      (choice) => {
        stopped.dispose();
        resolve(choice === confirm && !token.isCancellationRequested);
      },
      () => resolve(false),
    );
  });
}

export function setStatusMessage(text: string, ms = 3000): void {
  vscode.window.setStatusBarMessage(inertText(text), ms);
}

/** Runs `task` under a progress indicator whose title may name outside things (a page path). */
export function withProgress<T>(
  options: { readonly location: vscode.ProgressLocation; readonly title: string; readonly cancellable?: boolean },
  task: (progress: { report(message: string): void }, token: vscode.CancellationToken) => Thenable<T>,
): Thenable<T> {
  return vscode.window.withProgress({ ...options, title: inertText(options.title) }, (progress, token) =>
    task({ report: (message) => progress.report({ message: inertText(message) }) }, token),
  );
}
