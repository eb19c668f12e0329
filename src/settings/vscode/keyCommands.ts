// Set Admin Key, Set Assistant Key and Clear Keys: masked input, prefix checked, stored per origin.

import * as vscode from 'vscode';
import { ADMIN_PREFIX, ASSISTANT_PREFIX, keyProblem, type KeyKind } from '../../platform/keys';
import { commands } from '../../identifiers';
import type { Logger } from '../../log/logger';
import { showMessage } from '../../ui/vscode/notifications';
import { actionForNeed, setupAction } from '../setupActions';
import { setupButton } from './setupMessages';
import type { KeyStore } from './keyStore';
import type { SetupService } from './setupService';

export interface KeyCommandDeps {
  readonly keys: KeyStore;
  readonly setup: SetupService;
  readonly log: Logger;
}

export function registerKeyCommands(context: vscode.ExtensionContext, deps: KeyCommandDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.setAdminKey, (key?: unknown) => setKey(deps, 'adminKey', key)),
    vscode.commands.registerCommand(commands.setAssistantKey, (key?: unknown) => setKey(deps, 'assistantKey', key)),
    vscode.commands.registerCommand(commands.clearKeys, () => clearKeys(deps)),
  );
}

/** The masked input box for one key, holding `value` to start with. */
function keyInputOptions(kind: KeyKind, origin: string, value: string): vscode.InputBoxOptions {
  const prompt =
    kind === 'adminKey'
      ? vscode.l10n.t(
          'The admin key for {0}; it starts with "{1}" but not "{2}". It is kept in VS Code\'s secret storage.',
          origin,
          ADMIN_PREFIX,
          ASSISTANT_PREFIX,
        )
      : vscode.l10n.t(
          'The assistant key for {0}; it starts with "{1}". It is kept in VS Code\'s secret storage.',
          origin,
          ASSISTANT_PREFIX,
        );
  return {
    value,
    title: vscode.l10n.t('Docs Assistant: {0}', setupAction(actionForNeed(kind)).title),
    prompt: value === '' ? prompt : `${prompt} ${vscode.l10n.t('A command filled it in: store it only if it is your key.')}`,
    placeHolder: kind === 'assistantKey' ? 'svc_dsc_…' : 'svc_…',
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? undefined : keyProblem(kind, value.trim())),
  };
}

/**
 * Stores a key for the current origin, as entered in a masked input box. A key given as the
 * command's argument (by a script, another extension, a link) only fills the box: nothing is stored
 * but what the user accepts. Resolves to whether a key was stored.
 */
async function setKey(deps: KeyCommandDeps, kind: KeyKind, argument: unknown): Promise<boolean> {
  const origin = await requireOrigin(deps);
  if (!origin) return false;
  const entered = await vscode.window.showInputBox(keyInputOptions(kind, origin, typeof argument === 'string' ? argument : ''));
  const key = entered?.trim();
  if (!key) return false;
  const problem = keyProblem(kind, key);
  if (problem) {
    showMessage('error', problem);
    return false;
  }
  try {
    await deps.keys.store(origin, kind, key);
  } catch (error) {
    reportStorageError(deps.log, error);
    return false;
  }
  await deps.setup.refresh();
  deps.log.info(`Stored the ${kind === 'adminKey' ? 'admin key' : 'assistant key'} for ${origin}.`);
  showMessage(
    'info',
    kind === 'adminKey'
      ? vscode.l10n.t('The admin key is stored for {0}.', origin)
      : vscode.l10n.t('The assistant key is stored for {0}.', origin),
    setupButton('checkConnection'),
  );
  return true;
}

async function clearKeys(deps: KeyCommandDeps): Promise<boolean> {
  const origin = await requireOrigin(deps);
  if (!origin) return false;
  try {
    await deps.keys.delete(origin, 'adminKey');
    await deps.keys.delete(origin, 'assistantKey');
  } catch (error) {
    reportStorageError(deps.log, error);
    return false;
  }
  await deps.setup.refresh();
  deps.log.info(`Cleared both keys for ${origin}.`);
  showMessage('info', vscode.l10n.t('Both keys for {0} are forgotten.', origin));
  return true;
}

/** The origin keys belong to, or undefined after telling the user how to set the base URL. */
async function requireOrigin(deps: KeyCommandDeps): Promise<string | undefined> {
  await deps.setup.refresh();
  const { origin, baseUrlProblem } = deps.setup.current;
  if (origin) return origin;
  const message = baseUrlProblem ?? vscode.l10n.t('Set the platform base URL first: keys are stored for one base URL.');
  showMessage('error', message, setupButton('configure'));
  return undefined;
}

export function reportStorageError(log: Logger, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  log.error(message);
  showMessage('error', message);
}
