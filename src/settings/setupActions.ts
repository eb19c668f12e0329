// What can be done about a set-up problem: the command each action runs (its title is the view's,
// setupActionTitles). One map for the chat view's buttons, notifications about set-up and the
// fixes offered with platform errors.

import { commands } from '../identifiers';
import type { NetworkCause, PlatformError } from '../platform/errors';
import { type SetupAction, setupActionTitles } from '../shared/setupActionTitles';
import type { Need } from './setupState';

export type { SetupAction };

const titles = setupActionTitles;

/** Each action's button title and the command it runs. */
export const setupActions: Readonly<
  Record<SetupAction, { readonly title: string; readonly command: string; readonly args?: readonly unknown[] }>
> = {
  configure: { title: titles.configure, command: commands.configure },
  setAssistantKey: { title: titles.setAssistantKey, command: commands.setAssistantKey },
  setAdminKey: { title: titles.setAdminKey, command: commands.setAdminKey },
  openSettings: { title: titles.openSettings, command: 'workbench.action.openSettings', args: ['docsAssistant.baseUrl'] },
  showLog: { title: titles.showLog, command: commands.showLog },
  checkConnection: { title: titles.checkConnection, command: commands.checkConnection },
  // VS Code's own settings: the Settings editor shows every http.proxy* setting for the first.
  proxySettings: { title: titles.proxySettings, command: 'workbench.action.openSettings', args: ['http.proxy'] },
  proxyCredentials: { title: titles.proxyCredentials, command: 'workbench.action.openSettings', args: ['http.proxyAuthorization'] },
};

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
