// What is set up and what is missing, for the welcome views and for the features that need it.
// A pure function of settings and key presence, so it is tested without VS Code.

import * as l10n from '@vscode/l10n';
import { scopeLabel } from './filterScope';
import { parseBaseUrl } from '../platform/endpoint';
import { ADMIN_PREFIX, ASSISTANT_PREFIX, type KeyKind } from '../platform/keys';
import type { DocsSettings } from './settingsModel';

export type KeyPresence = 'set' | 'missing' | 'unavailable';

export interface SetupState {
  /** The origin keys belong to; undefined while the base URL is unset or invalid. */
  readonly origin?: string;
  readonly baseUrl: string;
  /** Why the base URL cannot be used; undefined when it is fine or simply not set. */
  readonly baseUrlProblem?: string;
  readonly domain: string;
  readonly projectId: string;
  readonly keys: Readonly<Record<KeyKind, KeyPresence>>;
  /** The answers' scope in a few words (filterScope.ts), when a filter is set. */
  readonly scope?: string;
}

/** The first thing a feature still needs, in the order a user would set it up. */
export interface Need {
  readonly need: 'baseUrl' | 'domain' | 'projectId' | KeyKind;
  readonly message: string;
}

export function setupStateOf(settings: DocsSettings, keys: Readonly<Record<KeyKind, KeyPresence>>): SetupState {
  const parsed = settings.baseUrl === '' ? undefined : parseBaseUrl(settings.baseUrl);
  return {
    baseUrl: settings.baseUrl,
    domain: settings.domain,
    projectId: settings.projectId,
    keys,
    ...(scopeLabel(settings.filter) ? { scope: scopeLabel(settings.filter) } : {}),
    ...(parsed?.ok ? { origin: parsed.value.origin } : {}),
    ...(parsed && !parsed.ok ? { baseUrlProblem: parsed.error.message } : {}),
  };
}

function notConnected(): string {
  return l10n.t('Docs Assistant is not connected to a documentation platform yet.');
}

function projectIdNeeded(): string {
  return l10n.t('Set the project id to watch agent jobs. You find it on the API keys page of your dashboard.');
}

/**
 * What the Agent Jobs view's welcome (package.json's viewsWelcome, by what agent jobs still need)
 * says: the code's own words where it says the same thing. A test checks package.json against these.
 */
export function agentJobsWelcome() {
  return {
    baseUrl: notConnected(),
    baseUrlInvalid: l10n.t('The docsAssistant.baseUrl setting is not a valid http or https address.'),
    projectId: projectIdNeeded(),
    adminKey: l10n.t(
      'Agent jobs are read with the admin key, which starts with "{0}" but not "{1}". It is kept in VS Code\'s secret storage.',
      ADMIN_PREFIX,
      ASSISTANT_PREFIX,
    ),
    ready: l10n.t(
      'No agent jobs are tracked yet. Ask the agent to change the docs, or track a job by its id, and watch it until its pull request is ready.',
    ),
  } as const;
}

/** What the chat and the pages still need, or undefined when they are ready. */
export function assistantNeeds(state: SetupState): Need | undefined {
  return (
    baseNeeds(state) ??
    (state.domain === ''
      ? { need: 'domain', message: l10n.t('Set the documentation domain (the identifier at the end of your dashboard URL).') }
      : keyNeeds(state, 'assistantKey'))
  );
}

/** What agent jobs still need, or undefined when they are ready. */
export function agentJobsNeeds(state: SetupState): Need | undefined {
  return baseNeeds(state) ?? (state.projectId === '' ? { need: 'projectId', message: projectIdNeeded() } : keyNeeds(state, 'adminKey'));
}

function baseNeeds(state: SetupState): Need | undefined {
  if (state.baseUrlProblem) return { need: 'baseUrl', message: state.baseUrlProblem };
  if (!state.origin) return { need: 'baseUrl', message: notConnected() };
  return undefined;
}

function keyNeeds(state: SetupState, kind: KeyKind): Need | undefined {
  const admin = kind === 'adminKey';
  switch (state.keys[kind]) {
    case 'set':
      return undefined;
    case 'missing':
      return {
        need: kind,
        message: admin
          ? l10n.t('Set the admin key for {0}: it starts with "{1}" but not "{2}".', String(state.origin), ADMIN_PREFIX, ASSISTANT_PREFIX)
          : l10n.t('Set the assistant key for {0}: it starts with "{1}".', String(state.origin), ASSISTANT_PREFIX),
      };
    case 'unavailable':
      return {
        need: kind,
        message: admin
          ? l10n.t(
              "The admin key could not be read: VS Code's secret storage is not available. On Linux, start a keyring such as GNOME Keyring, then reload the window.",
            )
          : l10n.t(
              "The assistant key could not be read: VS Code's secret storage is not available. On Linux, start a keyring such as GNOME Keyring, then reload the window.",
            ),
      };
  }
}
