// What the chat view says about set-up, from the SetupState.

import * as l10n from '@vscode/l10n';
import type { SetupState } from '../settings/setupState';
import { assistantNeeds } from '../settings/setupState';
import type { SetupStatus } from '../shared/protocol';

export function setupStatusOf(state: SetupState): SetupStatus {
  const needs = assistantNeeds(state);
  if (!needs) return { kind: 'ready', origin: state.origin!, domain: state.domain, ...(state.scope ? { scope: state.scope } : {}) };
  switch (needs.need) {
    case 'baseUrl':
      return state.baseUrlProblem
        ? { kind: 'needs', title: l10n.t('The base URL is not valid'), message: needs.message, actions: ['openSettings', 'configure'] }
        : {
            kind: 'needs',
            title: l10n.t('Connect your documentation'),
            message: l10n.t('{0} Configure the base URL, your documentation domain and the assistant key to start asking.', needs.message),
            actions: ['configure'],
          };
    case 'domain':
      return { kind: 'needs', title: l10n.t('Set the documentation domain'), message: needs.message, actions: ['configure'] };
    default:
      return {
        kind: 'needs',
        title: state.keys.assistantKey === 'unavailable' ? l10n.t('Secret storage is not available') : l10n.t('Set the assistant key'),
        message: needs.message,
        actions: state.keys.assistantKey === 'unavailable' ? ['showLog'] : ['setAssistantKey', 'configure'],
      };
  }
}
