// What can be done about a set-up problem: the button's title and the command it runs. One map for
// the chat view's buttons, notifications about set-up and the fixes offered with platform errors.

import { commands } from '../identifiers';
import type { PlatformError } from '../platform/errors';
import type { Need } from './setupState';

export type SetupAction = 'configure' | 'setAssistantKey' | 'setAdminKey' | 'openSettings' | 'showLog' | 'checkConnection';

export const setupActions: Readonly<
  Record<SetupAction, { readonly title: string; readonly command: string; readonly args?: readonly unknown[] }>
> = {
  configure: { title: 'Configure', command: commands.configure },
  setAssistantKey: { title: 'Set Assistant Key', command: commands.setAssistantKey },
  setAdminKey: { title: 'Set Admin Key', command: commands.setAdminKey },
  openSettings: { title: 'Open Settings', command: 'workbench.action.openSettings', args: ['docsAssistant.baseUrl'] },
  showLog: { title: 'Show Log', command: commands.showLog },
  checkConnection: { title: 'Check Connection', command: commands.checkConnection },
};

export const SETUP_ACTIONS = Object.keys(setupActions) as SetupAction[];

/** The action that fixes what a feature still needs. */
export function actionForNeed(need: Need['need']): SetupAction {
  if (need === 'assistantKey') return 'setAssistantKey';
  if (need === 'adminKey') return 'setAdminKey';
  return 'configure';
}

/** The action that fixes a platform error's cause, when the user can fix it. */
export function actionForError(error: PlatformError): SetupAction | undefined {
  const keyProblem = error.kind === 'notConfigured' || error.kind === 'unauthorized';
  if (keyProblem && (error.setting === 'assistantKey' || error.setting === 'adminKey')) return actionForNeed(error.setting);
  if (error.kind === 'notConfigured' || error.kind === 'forbidden') return 'configure';
  return undefined;
}
