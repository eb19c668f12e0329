// One way to show a platform error anywhere in the extension: its sentence, and the button
// that fixes what can be fixed (set a key, configure, retry).

import * as vscode from 'vscode';
import type { PlatformError } from '../platform/errors';

export interface ErrorAction {
  readonly title: string;
  readonly run: () => unknown;
}

/** The button that fixes this error's cause, when there is one. */
export function fixFor(error: PlatformError): ErrorAction | undefined {
  if (error.setting === 'assistantKey' && (error.kind === 'notConfigured' || error.kind === 'unauthorized')) {
    return { title: 'Set Assistant Key', run: () => vscode.commands.executeCommand('docsAssistant.setAssistantKey') };
  }
  if (error.setting === 'adminKey' && (error.kind === 'notConfigured' || error.kind === 'unauthorized')) {
    return { title: 'Set Admin Key', run: () => vscode.commands.executeCommand('docsAssistant.setAdminKey') };
  }
  if (error.kind === 'notConfigured' || error.kind === 'forbidden') {
    return { title: 'Configure', run: () => vscode.commands.executeCommand('docsAssistant.configure') };
  }
  return undefined;
}

export async function showPlatformError(error: PlatformError, ...extra: ErrorAction[]): Promise<void> {
  if (error.kind === 'cancelled') return;
  const actions = [fixFor(error), ...extra].filter((action): action is ErrorAction => action !== undefined);
  const show = error.kind === 'rateLimited' || error.kind === 'network' || error.kind === 'timeout' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  const choice = await show(error.message, ...actions.map((action) => action.title));
  await actions.find((action) => action.title === choice)?.run();
}
