// Messages about set-up: the button that fixes what is missing (Configure, Set Assistant Key…), the
// sentence of what a feature still needs, and a platform error's sentence with the button that
// fixes its cause. Shown through ui/messages, like every message.

import * as vscode from 'vscode';
import type { PlatformError } from '../../platform/errors';
import { type MessageAction, showMessage } from '../../ui/vscode/notifications';
import { actionForError, actionForNeed, type SetupAction, setupAction } from '../setupActions';
import type { Need } from '../setupState';

/** Runs one of the set-up actions; `args` (such as the setting Open Settings shows) replace its own. */
export function runSetupAction(action: SetupAction, ...args: unknown[]): Thenable<unknown> {
  const { command, args: own = [] } = setupAction(action);
  return vscode.commands.executeCommand(command, ...(args.length > 0 ? args : own));
}

/** A button that runs one of the set-up actions (Configure, Set Assistant Key, Open Settings…). */
export function setupButton(action: SetupAction, ...args: unknown[]): MessageAction {
  return { title: setupAction(action).title, run: () => runSetupAction(action, ...args) };
}

/** Says what a feature still needs, with the button that sets it. */
export function showSetupNeed(need: Need): void {
  showMessage('error', need.message, setupButton(actionForNeed(need.need)));
}

/** A platform error's sentence, with the button that fixes its cause when there is one. Cancels are not reported. */
export function showPlatformError(error: PlatformError, ...extra: readonly MessageAction[]): void {
  if (error.kind === 'cancelled') return;
  const fix = actionForError(error);
  const level = error.kind === 'rateLimited' || error.kind === 'network' || error.kind === 'timeout' ? 'warning' : 'error';
  showMessage(level, error.message, ...(fix ? [setupButton(fix)] : []), ...extra);
}
