// Asks the platform whether the keys work, with the cheapest reads it has: a page that may well
// not exist, and a job id that surely does not. "Not found" proves the key was accepted.

import * as l10n from '@vscode/l10n';
import type { PlatformClient } from '../platform/client';
import type { Result } from '../platform/errors';
import type { SetupState } from './setupState';

export interface CheckOutcome {
  readonly ok: boolean;
  readonly message: string;
  /** The platform's answer to the check, as the report says it (`404 Not Found: the key was accepted`); none when nothing was sent. */
  readonly answer?: string;
}

export interface ConnectionReport {
  readonly assistant: CheckOutcome;
  readonly agentJobs: CheckOutcome;
}

export const PROBE_PAGE = 'index';
export const PROBE_JOB = 'docs-assistant-connection-check';

export async function checkConnection(client: PlatformClient, state: SetupState, signal?: AbortSignal): Promise<ConnectionReport> {
  const [assistant, agentJobs] = await Promise.all([
    state.domain === ''
      ? skipped(l10n.t('The documentation domain is not set, so the assistant key was not checked.'))
      : probe(
          client.discovery.page(state.domain, PROBE_PAGE, { signal }),
          l10n.t('The assistant key works for the domain "{0}".', state.domain),
        ),
    state.projectId === ''
      ? skipped(l10n.t('The project id is not set, so the admin key was not checked.'))
      : probe(
          client.agentJobs.read(state.projectId, PROBE_JOB, { signal }),
          l10n.t('The admin key works for the project "{0}".', state.projectId),
        ),
  ]);
  return { assistant, agentJobs };
}

async function probe(call: Promise<Result<unknown>>, success: string): Promise<CheckOutcome> {
  const result = await call;
  if (result.ok) return { ok: true, message: success, answer: l10n.t('a 2xx answer: the key was accepted') };
  const { error } = result;
  if (error.kind === 'notFound' && error.status === 404)
    return { ok: true, message: success, answer: l10n.t('404 Not Found: the key was accepted') };
  const answer =
    error.status !== undefined
      ? `${error.status} (${error.kind})`
      : error.unsent
        ? l10n.t('none: nothing was sent')
        : l10n.t('none ({0})', error.kind);
  return { ok: false, message: error.message, ...(error.kind === 'notConfigured' ? {} : { answer }) };
}

function skipped(message: string): Promise<CheckOutcome> {
  return Promise.resolve({ ok: false, message });
}
