// What can be done about a set-up problem, as the view names it: the actions and their buttons'
// titles, also the extension's buttons'. The commands they run are the extension's (setupActions).

export const setupActionTitles = {
  configure: 'Configure',
  setAssistantKey: 'Set Assistant Key',
  setAdminKey: 'Set Admin Key',
  openSettings: 'Open Settings',
  showLog: 'Show Log',
  checkConnection: 'Check Connection',
  proxySettings: 'Open Proxy Settings',
  proxyCredentials: 'Set Proxy Credentials',
} as const;

export type SetupAction = keyof typeof setupActionTitles;

export const SETUP_ACTIONS = Object.keys(setupActionTitles) as SetupAction[];
