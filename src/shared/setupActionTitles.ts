// What can be done about a set-up problem, as the view names it: the actions and their buttons'
// titles, also the extension's buttons'. The commands they run are the extension's (setupActions).

import * as l10n from '@vscode/l10n';

export const SETUP_ACTIONS = [
  'configure',
  'setAssistantKey',
  'setAdminKey',
  'openSettings',
  'showLog',
  'checkConnection',
  'proxySettings',
  'proxyCredentials',
] as const;

export type SetupAction = (typeof SETUP_ACTIONS)[number];

/** An action's button title, in the user's language. */
export function setupActionTitle(action: SetupAction): string {
  switch (action) {
    case 'configure':
      return l10n.t('Configure');
    case 'setAssistantKey':
      return l10n.t('Set Assistant Key');
    case 'setAdminKey':
      return l10n.t('Set Admin Key');
    case 'openSettings':
      return l10n.t('Open Settings');
    case 'showLog':
      return l10n.t('Show Log');
    case 'checkConnection':
      return l10n.t('Check Connection');
    case 'proxySettings':
      return l10n.t('Open Proxy Settings');
    case 'proxyCredentials':
      return l10n.t('Set Proxy Credentials');
  }
}
