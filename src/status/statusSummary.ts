// What the status bar says, if anything: only what the user may act on or wants to see at a glance,
// most urgent first. A key the platform refused, the network failing (with its sentence), a key
// that is missing where it is needed, or agent jobs running; nothing otherwise.

import * as l10n from '@vscode/l10n';
import type { Health } from '../platform/connectionHealth';
import type { KeyKind } from '../platform/keys';
import type { SetupState } from '../settings/setupState';
import { plural } from '../shared/language';

export interface StatusInput {
  readonly setup: SetupState;
  readonly health: Health;
  /** Tracked agent jobs still running. */
  readonly activeJobs: number;
}

/** What the item's click does: one of the extension's commands, or the Agent Jobs view. */
export type StatusAction = 'setAssistantKey' | 'setAdminKey' | 'checkConnection' | 'showAgentJobs';

export interface StatusSummary {
  /** With a codicon, as the status bar shows it. */
  readonly text: string;
  /** The whole sentence: the tooltip, and what a screen reader says. */
  readonly sentence: string;
  readonly action: StatusAction;
  readonly tone: 'error' | 'warning' | 'busy';
}

const setKey = (kind: KeyKind): StatusAction => (kind === 'adminKey' ? 'setAdminKey' : 'setAssistantKey');

export function statusSummary({ setup, health, activeJobs }: StatusInput): StatusSummary | undefined {
  const [refused] = health.refused;
  if (refused) {
    return {
      text: `$(error) ${l10n.t('Docs Assistant: key refused')}`,
      sentence:
        refused === 'adminKey'
          ? l10n.t('The platform refused the admin key (401). Set it again.')
          : l10n.t('The platform refused the assistant key (401). Set it again.'),
      action: setKey(refused),
      tone: 'error',
    };
  }
  if (health.networkProblem) {
    return {
      text: `$(debug-disconnect) ${l10n.t('Docs Assistant: no connection')}`,
      sentence: `${health.networkProblem.message} ${l10n.t('Check Connection says which way calls take and where they stop.')}`,
      action: 'checkConnection',
      tone: 'warning',
    };
  }
  const missing = missingKey(setup);
  if (missing) {
    return {
      text: `$(key) ${l10n.t('Docs Assistant: key needed')}`,
      sentence:
        missing === 'adminKey'
          ? l10n.t('The admin key is not set: agent jobs cannot be read or started. Set it.')
          : l10n.t('The assistant key is not set: the assistant, pages and search need it. Set it.'),
      action: setKey(missing),
      tone: 'warning',
    };
  }
  if (activeJobs > 0) {
    const sentence = plural(activeJobs, l10n.t('{0} agent job running', activeJobs), l10n.t('{0} agent jobs running', activeJobs));
    return { text: `$(sync~spin) ${sentence}`, sentence, action: 'showAgentJobs', tone: 'busy' };
  }
  return undefined;
}

/**
 * A key that is missing where the settings say it is needed: the assistant key once the platform's
 * address is set, the admin key once a project is too. Before that, the welcome views guide.
 */
function missingKey(setup: SetupState): KeyKind | undefined {
  if (setup.origin === undefined) return undefined;
  if (setup.keys.assistantKey === 'missing') return 'assistantKey';
  if (setup.projectId !== '' && setup.keys.adminKey === 'missing') return 'adminKey';
  return undefined;
}
