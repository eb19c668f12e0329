// What can be done about a set-up problem: the command each action runs (its title is the view's,
// setupActionTitles). One map for the chat view's buttons, notifications about set-up and the
// fixes offered with platform errors.

import { commands } from '../identifiers';
import type { NetworkCause, PlatformError } from '../platform/errors';
import { type SetupAction, setupActionTitle } from '../shared/setupActionTitles';
import type { Need } from './setupState';

export type { SetupAction };

/** The command each action runs (its button's title is setupActionTitle's). */
const ACTION_COMMANDS: Readonly<Record<SetupAction, { readonly command: string; readonly args?: readonly unknown[] }>> = {
  configure: { command: commands.configure },
  setAssistantKey: { command: commands.setAssistantKey },
  setAdminKey: { command: commands.setAdminKey },
  openSettings: { command: 'workbench.action.openSettings', args: ['docsAssistant.baseUrl'] },
  showLog: { command: commands.showLog },
  checkConnection: { command: commands.checkConnection },
  // VS Code's own settings: the Settings editor shows every http.proxy* setting for the first.
  proxySettings: { command: 'workbench.action.openSettings', args: ['http.proxy'] },
  proxyCredentials: { command: 'workbench.action.openSettings', args: ['http.proxyAuthorization'] },
};

/** Each action's button title, in the user's language, and the command it runs. */
export function setupAction(action: SetupAction): { readonly title: string; readonly command: string; readonly args?: readonly unknown[] } {
  return { title: setupActionTitle(action), ...ACTION_COMMANDS[action] };
}

/** The action that fixes what a feature still needs. */
export function actionForNeed(need: Need['need']): SetupAction {
  if (need === 'assistantKey') return 'setAssistantKey';
  if (need === 'adminKey') return 'setAdminKey';
  return 'configure';
}

const NETWORK_ACTIONS: Readonly<Record<NetworkCause, SetupAction>> = {
  proxy: 'proxySettings',
  proxyCredentials: 'proxyCredentials',
  // What the user needs is to see the chain offered, and the way the calls take.
  certificate: 'checkConnection',
  route: 'checkConnection',
};

/** The action that fixes a platform error's cause, when the user can fix it. */
export function actionForError(error: PlatformError): SetupAction | undefined {
  if (error.kind === 'network' && error.network) return NETWORK_ACTIONS[error.network];
  const keyProblem = error.kind === 'notConfigured' || error.kind === 'unauthorized';
  if (keyProblem && (error.setting === 'assistantKey' || error.setting === 'adminKey')) return actionForNeed(error.setting);
  if (error.kind === 'notConfigured' || error.kind === 'forbidden') return 'configure';
  return undefined;
}
