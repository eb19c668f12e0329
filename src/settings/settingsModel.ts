// The extension's settings as typed values, read through a getter so this file needs no
// `vscode`. Out-of-range or wrong-typed values fall back to the default and are reported.

import * as l10n from '@vscode/l10n';
import { parseBaseUrl } from '../platform/endpoint';

export const SECTION = 'docsAssistant';

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
}

export const defaultSettings: DocsSettings = {
  baseUrl: '',
  domain: '',
  projectId: '',
  siteUrl: '',
  retrievalPageSize: 5,
  fingerprint: 'anonymous',
  filter: null,
  pollIntervalSeconds: 5,
  notifications: 'all',
  mcpServerEnabled: false,
};

/** Setting names relative to the `docsAssistant` section. */
export const settingNames = {
  baseUrl: 'baseUrl',
  domain: 'domain',
  projectId: 'projectId',
  siteUrl: 'siteUrl',
  retrievalPageSize: 'assistant.retrievalPageSize',
  fingerprint: 'assistant.fingerprint',
  filter: 'assistant.filter',
  pollIntervalSeconds: 'agentJobs.pollIntervalSeconds',
  notifications: 'agentJobs.notifications',
  mcpServerEnabled: 'mcpServer.enabled',
} as const satisfies Record<keyof DocsSettings, string>;

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
  const whole = (key: 'retrievalPageSize' | 'pollIntervalSeconds', min: number, max: number): number => {
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
  if (rawNotifications === 'all' || rawNotifications === 'failures' || rawNotifications === 'off') notifications = rawNotifications;
  else if (rawNotifications !== undefined && rawNotifications !== null) {
    problem('notifications', l10n.t('{0} must be "all", "failures" or "off"; "all" is used.', `${SECTION}.${settingNames.notifications}`));
  }

  const mcpServerEnabled = get(settingNames.mcpServerEnabled);
  if (mcpServerEnabled !== undefined && mcpServerEnabled !== null && typeof mcpServerEnabled !== 'boolean')
    problem('mcpServerEnabled', l10n.t('{0} must be true or false; false is used.', `${SECTION}.${settingNames.mcpServerEnabled}`));

  return {
    settings: {
      baseUrl,
      domain: text('domain'),
      projectId: text('projectId'),
      siteUrl,
      retrievalPageSize: whole('retrievalPageSize', 1, 50),
      fingerprint,
      filter,
      pollIntervalSeconds: whole('pollIntervalSeconds', 1, 3600),
      notifications,
      mcpServerEnabled: mcpServerEnabled === true,
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
