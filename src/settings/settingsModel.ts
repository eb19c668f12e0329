// The extension's settings as typed values, read through a getter so this file needs no
// `vscode`. Out-of-range or wrong-typed values fall back to the default and are reported.

import * as l10n from '@vscode/l10n';
import { mcpServerSetting, settingsSection } from '../identifiers';
import { RETRIEVAL_PAGE_SIZE_RANGE } from '../platform/assistantRequest';
import { parseBaseUrl } from '../platform/endpoint';

export const SECTION = settingsSection;

export type NotificationLevel = 'all' | 'failures' | 'off';

export interface DocsSettings {
  readonly baseUrl: string;
  readonly domain: string;
  readonly projectId: string;
  /** The documentation site's public address, for Open Page on Site; '' when not set. */
  readonly siteUrl: string;
  readonly retrievalPageSize: number;
  readonly fingerprint: string;
  readonly filter: Readonly<Record<string, unknown>> | null;
  readonly pollIntervalSeconds: number;
  readonly notifications: NotificationLevel;
  /** Whether the documentation site's MCP server (`<siteUrl>/mcp`) is registered with VS Code. */
  readonly mcpServerEnabled: boolean;
  /** Whether the status bar may say what needs the user (a key, the network) and what runs. */
  readonly statusBarEnabled: boolean;
}

/** What VS Code's settings editor knows of a setting: package.json declares the same (a test compares them). */
export interface SettingRow<T> {
  /** Its name under the `docsAssistant` section. */
  readonly name: string;
  readonly type: 'string' | 'integer' | 'boolean' | 'object or null' | 'one of';
  readonly default: T;
  /** For a whole number: the values allowed. */
  readonly range?: { readonly min: number; readonly max: number };
  /** For `one of`: the values allowed. */
  readonly values?: readonly string[];
  /** `application`: user settings only (a workspace cannot send keys elsewhere); `window`: workspaces too. */
  readonly scope: 'application' | 'window';
  /** Whether an untrusted workspace's value is ignored (package.json's `restrictedConfigurations`). */
  readonly restricted: boolean;
}

/**
 * Every setting, one row each: the one place a setting is declared in the code. A new setting is
 * a field of DocsSettings, a row here, then its entry in package.json (with its words in
 * package.nls*.json) and a line of the README's table: the manifest test names what is missing. package.json, its
 * `restrictedConfigurations` and the README's table of settings are checked against these rows
 * (`test/unit/manifest.test.ts`); readSettings reads by them.
 */
export const settingRows = {
  baseUrl: { name: 'baseUrl', type: 'string', default: '', scope: 'application', restricted: false },
  domain: { name: 'domain', type: 'string', default: '', scope: 'window', restricted: true },
  projectId: { name: 'projectId', type: 'string', default: '', scope: 'window', restricted: true },
  siteUrl: { name: 'siteUrl', type: 'string', default: '', scope: 'window', restricted: true },
  retrievalPageSize: {
    name: 'assistant.retrievalPageSize',
    type: 'integer',
    default: 5,
    range: RETRIEVAL_PAGE_SIZE_RANGE,
    scope: 'window',
    restricted: true,
  },
  fingerprint: { name: 'assistant.fingerprint', type: 'string', default: 'anonymous', scope: 'window', restricted: true },
  filter: { name: 'assistant.filter', type: 'object or null', default: null, scope: 'window', restricted: true },
  pollIntervalSeconds: {
    name: 'agentJobs.pollIntervalSeconds',
    type: 'integer',
    default: 5,
    range: { min: 1, max: 3600 },
    scope: 'window',
    restricted: true,
  },
  notifications: {
    name: 'agentJobs.notifications',
    type: 'one of',
    default: 'all',
    values: ['all', 'failures', 'off'],
    scope: 'window',
    restricted: true,
  },
  mcpServerEnabled: { name: mcpServerSetting, type: 'boolean', default: false, scope: 'window', restricted: true },
  statusBarEnabled: { name: 'statusBar.enabled', type: 'boolean', default: true, scope: 'window', restricted: true },
} as const satisfies { readonly [K in keyof DocsSettings]: SettingRow<DocsSettings[K]> };

type Rows = typeof settingRows;

/** Setting names relative to the `docsAssistant` section. */
export const settingNames = Object.fromEntries(Object.entries(settingRows).map(([key, row]) => [key, row.name])) as {
  readonly [K in keyof Rows]: Rows[K]['name'];
};

export const defaultSettings = Object.fromEntries(
  Object.entries(settingRows).map(([key, row]) => [key, row.default]),
) as unknown as DocsSettings;

export interface SettingProblem {
  /** Full setting id, for "Open Settings". */
  readonly setting: string;
  readonly message: string;
}

export interface ReadSettings {
  readonly settings: DocsSettings;
  readonly problems: readonly SettingProblem[];
}

export function readSettings(get: (name: string) => unknown): ReadSettings {
  const problems: SettingProblem[] = [];
  const problem = (key: keyof DocsSettings, message: string) => problems.push({ setting: `${SECTION}.${settingNames[key]}`, message });

  const text = (key: 'baseUrl' | 'domain' | 'projectId' | 'siteUrl' | 'fingerprint'): string => {
    const value = get(settingNames[key]);
    if (value === undefined || value === null) return defaultSettings[key];
    if (typeof value !== 'string') {
      problem(key, l10n.t('{0} must be text; the default is used.', `${SECTION}.${settingNames[key]}`));
      return defaultSettings[key];
    }
    return value.trim();
  };
  const whole = (key: 'retrievalPageSize' | 'pollIntervalSeconds'): number => {
    const { min, max } = settingRows[key].range;
    const value = get(settingNames[key]);
    if (value === undefined || value === null) return defaultSettings[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      problem(
        key,
        l10n.t(
          '{0} must be a whole number from {1} to {2}; {3} is used instead of {4}.',
          `${SECTION}.${settingNames[key]}`,
          min,
          max,
          defaultSettings[key],
          JSON.stringify(value),
        ),
      );
      return defaultSettings[key];
    }
    return value;
  };

  const baseUrl = text('baseUrl');
  if (baseUrl !== '') {
    const parsed = parseBaseUrl(baseUrl);
    if (!parsed.ok) problem('baseUrl', parsed.error.message);
  }
  let siteUrl = text('siteUrl');
  if (siteUrl !== '' && !isSiteUrl(siteUrl)) {
    problem(
      'siteUrl',
      l10n.t('{0} must be an https address, such as https://docs.example.com; it is not used.', `${SECTION}.${settingNames.siteUrl}`),
    );
    siteUrl = '';
  }
  const fingerprint = text('fingerprint') || defaultSettings.fingerprint;

  let filter: DocsSettings['filter'] = null;
  const rawFilter = get(settingNames.filter);
  if (rawFilter !== undefined && rawFilter !== null) {
    if (typeof rawFilter === 'object' && !Array.isArray(rawFilter)) filter = rawFilter as Record<string, unknown>;
    else
      problem(
        'filter',
        l10n.t('{0} must be an object such as {1} or null; no filter is sent.', `${SECTION}.${settingNames.filter}`, '{"version": "v2"}'),
      );
  }

  let notifications = defaultSettings.notifications;
  const rawNotifications = get(settingNames.notifications);
  if (settingRows.notifications.values.includes(rawNotifications as NotificationLevel))
    notifications = rawNotifications as NotificationLevel;
  else if (rawNotifications !== undefined && rawNotifications !== null) {
    problem('notifications', l10n.t('{0} must be "all", "failures" or "off"; "all" is used.', `${SECTION}.${settingNames.notifications}`));
  }

  const flag = (key: 'mcpServerEnabled' | 'statusBarEnabled'): boolean => {
    const value = get(settingNames[key]);
    if (typeof value === 'boolean') return value;
    if (value !== undefined && value !== null)
      problem(key, l10n.t('{0} must be true or false; {1} is used.', `${SECTION}.${settingNames[key]}`, String(defaultSettings[key])));
    return defaultSettings[key];
  };

  return {
    settings: {
      baseUrl,
      domain: text('domain'),
      projectId: text('projectId'),
      siteUrl,
      retrievalPageSize: whole('retrievalPageSize'),
      fingerprint,
      filter,
      pollIntervalSeconds: whole('pollIntervalSeconds'),
      notifications,
      mcpServerEnabled: flag('mcpServerEnabled'),
      statusBarEnabled: flag('statusBarEnabled'),
    },
    problems,
  };
}

/** An https address (http on this machine, for a site served locally) with no credentials in it. */
function isSiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    // A query or fragment would swallow the page's path.
    return (
      (url.protocol === 'https:' || (url.protocol === 'http:' && local)) &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}
