// Docs Assistant: Configure. Five steps (base URL, domain, project id, the two keys); nothing
// is written until the last step is answered, and a failure part-way undoes what was written.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import { parseBaseUrl } from '../../platform/endpoint';
import { ADMIN_PREFIX, ASSISTANT_PREFIX, keyProblem, type KeyKind } from '../../platform/keys';
import type { Logger } from '../../log/logger';
import { reportStorageError } from './keyCommands';
import type { KeyStore } from './keyStore';
import { showMessage } from '../../ui/vscode/notifications';
import { setupButton } from './setupMessages';
import { runSteps } from './multiStepInput';
import type { SettingsService } from './settingsService';
import type { SetupService } from './setupService';

export interface ConfigureDeps {
  readonly settings: SettingsService;
  readonly keys: KeyStore;
  readonly setup: SetupService;
  readonly log: Logger;
}

export function registerConfigure(context: vscode.ExtensionContext, deps: ConfigureDeps): void {
  context.subscriptions.push(vscode.commands.registerCommand(commands.configure, () => configure(deps)));
}

const keyStep = (kind: KeyKind) => ({
  prompt:
    kind === 'assistantKey'
      ? vscode.l10n.t(
          'The assistant key (starts with {0}), for the chat and pages. Leave empty to keep the one stored for this base URL, or to set it later.',
          ASSISTANT_PREFIX,
        )
      : vscode.l10n.t(
          'The admin key (starts with {0}), for agent jobs. Leave empty to keep the one stored for this base URL, or to set it later.',
          ADMIN_PREFIX,
        ),
  placeholder: vscode.l10n.t('{0}… (masked)', kind === 'assistantKey' ? ASSISTANT_PREFIX : ADMIN_PREFIX),
  password: true,
  value: () => '',
  validate: (value: string) => (value === '' ? undefined : keyProblem(kind, value)),
});

async function configure(deps: ConfigureDeps): Promise<boolean> {
  const current = deps.settings.current;
  // Offered and restored from the user's settings only: a workspace's domain or project id is
  // in force while that folder is open, but it is not the user's to keep.
  const user = { domain: deps.settings.userValue('domain'), projectId: deps.settings.userValue('projectId') };
  const answers = await runSteps(vscode.l10n.t('Docs Assistant: Configure'), [
    {
      prompt: vscode.l10n.t("The platform's base URL (user settings only, so no workspace can redirect your keys)."),
      placeholder: 'https://api.example.com',
      value: () => current.baseUrl,
      validate: (value) => {
        const parsed = parseBaseUrl(value);
        return parsed.ok ? undefined : parsed.error.message;
      },
    },
    {
      prompt: vscode.l10n.t("The documentation site's domain identifier, found at the end of your dashboard's URL."),
      placeholder: 'acme-docs',
      value: () => user.domain,
      validate: (value) => (value === '' ? vscode.l10n.t('The domain is needed to ask the assistant and open pages.') : undefined),
    },
    {
      prompt: vscode.l10n.t('The project id, from the API keys page of your dashboard. Leave empty if you do not watch agent jobs.'),
      placeholder: 'proj_…',
      value: () => user.projectId,
      validate: () => undefined,
    },
    keyStep('assistantKey'),
    keyStep('adminKey'),
  ]);
  if (!answers) {
    deps.log.info('Configure was cancelled; nothing was changed.');
    return false;
  }
  const [baseUrl, domain, projectId, assistantKey, adminKey] = answers;
  const parsed = parseBaseUrl(baseUrl);
  if (!parsed.ok) return false;
  const origin = parsed.value.origin;

  const newKeys = (
    [
      ['assistantKey', assistantKey],
      ['adminKey', adminKey],
    ] as [KeyKind, string][]
  ).filter(([, key]) => key !== '');
  const undo: (() => Promise<void>)[] = [];
  try {
    for (const [kind, key] of newKeys) {
      const previous = await deps.keys.get(origin, kind);
      await deps.keys.store(origin, kind, key);
      undo.push(() => (previous === undefined ? deps.keys.delete(origin, kind) : deps.keys.store(origin, kind, previous)));
    }
    const before = { baseUrl: current.baseUrl, ...user };
    undo.push(() => deps.settings.updateUserSettings(before));
    await deps.settings.updateUserSettings({ baseUrl, domain, projectId });
  } catch (error) {
    for (const step of undo.reverse())
      await step().catch((undoError: unknown) => deps.log.error(`Could not undo part of Configure: ${String(undoError)}`));
    reportStorageError(deps.log, error);
    return false;
  }
  await deps.setup.refresh();
  deps.log.info(`Configured ${origin} (domain "${domain}", project "${projectId}").`);
  showMessage('info', vscode.l10n.t('Docs Assistant is set up for {0}.', origin), setupButton('checkConnection'));
  return true;
}
