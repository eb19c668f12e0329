// What the chat view says about set-up, from the SetupState.

import type { SetupState } from '../settings/setupState';
import { assistantNeeds } from '../settings/setupState';
import type { SetupStatus } from '../shared/protocol';

export function setupStatusOf(state: SetupState): SetupStatus {
  const needs = assistantNeeds(state);
  if (!needs) return { kind: 'ready', origin: state.origin!, domain: state.domain, ...(state.scope ? { scope: state.scope } : {}) };
  switch (needs.need) {
    case 'baseUrl':
      return state.baseUrlProblem
        ? { kind: 'needs', title: 'The base URL is not valid', message: needs.message, actions: ['openSettings', 'configure'] }
        : {
            kind: 'needs',
            title: 'Connect your documentation',
            message: `${needs.message} Configure the base URL, your documentation domain and the assistant key to start asking.`,
            actions: ['configure'],
          };
    case 'domain':
      return { kind: 'needs', title: 'Set the documentation domain', message: needs.message, actions: ['configure'] };
    default:
      return {
        kind: 'needs',
        title: state.keys.assistantKey === 'unavailable' ? 'Secret storage is not available' : 'Set the assistant key',
        message: needs.message,
        actions: state.keys.assistantKey === 'unavailable' ? ['showLog'] : ['setAssistantKey', 'configure'],
      };
  }
}
