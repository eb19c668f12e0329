// An agent job as the client sees it. The service marks no field required, so every field but
// the id may be missing; a wrong-typed field is treated as missing rather than trusted.

import * as l10n from '@vscode/l10n';
import { number } from '../shared/language';
import { utf8Bytes } from '../util/utf8';
import { withoutUndefined } from '../util/objects';
import { platformError, type PlatformError } from './errors';

export const knownJobStatuses = ['active', 'completed', 'archived', 'failed'] as const;
export type KnownJobStatus = (typeof knownJobStatuses)[number];
/** `unknown` keeps a status this client has never heard of from being mistaken for a known one. */
export type AgentJobStatus = KnownJobStatus | 'unknown';

export interface AgentJob {
  readonly id: string;
  readonly status: AgentJobStatus;
  /** The status exactly as the server sent it, for display when it is `unknown`. */
  readonly rawStatus?: string;
  readonly repository?: string;
  /** Branch; null when the server says there is none. */
  readonly ref?: string | null;
  readonly model?: string;
  /**
   * The pull request's URL, always https: a link the server sent that is not is never kept (and
   * `prLinkRefused` says so). Null while active or when no file changed.
   */
  readonly prLink?: string | null;
  readonly prLinkRefused?: true;
  /** ISO 8601 date-times, kept only when they parse as dates. */
  readonly createdAt?: string;
  readonly archivedAt?: string | null;
}

/** A prompt (a new job's, or a follow-up's) longer than this is refused before it is sent. */
export const MAX_PROMPT_BYTES = 100 * 1024;

/** Why a prompt cannot be sent, in a sentence; undefined when it can. */
export function promptProblem(prompt: string): string | undefined {
  if (prompt.trim() === '') return l10n.t('The prompt is empty: say what the agent should change.');
  const bytes = utf8Bytes(prompt);
  if (bytes > MAX_PROMPT_BYTES) {
    return l10n.t(
      'The prompt is {0}; the agent takes at most {1}. Attach less: a smaller selection, or the changes of one file.',
      formatKilobytes(bytes),
      formatKilobytes(MAX_PROMPT_BYTES),
    );
  }
  return undefined;
}

/** The longest job id accepted: ids are short, and one is shown in the tree and in messages. */
const MAX_JOB_ID_CHARS = 200;

/** Why `id` cannot be a job id, in a sentence; undefined when it can. */
export function jobIdProblem(id: string): string | undefined {
  if (id === '') return l10n.t('Enter the id of an agent job.');
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(id)) return l10n.t('A job id has no spaces or line breaks.');
  if (id.length > MAX_JOB_ID_CHARS) return l10n.t('A job id has at most {0} characters.', MAX_JOB_ID_CHARS);
  return undefined;
}

/** A size in kilobytes, in the user's language: "2.5 KB", "2,5 Ko". */
export function formatKilobytes(bytes: number): string {
  return l10n.t('{0} KB', number(bytes / 1024, bytes < 10 * 1024 ? 1 : 0));
}

/** Terminal statuses end polling, as the spec's polling rule says. */
export function isTerminal(status: AgentJobStatus): boolean {
  return status === 'completed' || status === 'archived' || status === 'failed';
}

/**
 * Checks a 200 body. Returns undefined only when it is not an object at all; any field that is
 * missing or of the wrong type is left out. The id falls back to the one that was asked for.
 */
export function parseAgentJob(json: unknown, requestedId: string | undefined): AgentJob | undefined {
  if (!isRecord(json)) return undefined;
  const source = isRecord(json.source) ? json.source : {};
  // The server nests repository and branch under `source`; the client's shape is flat.
  return restoreAgentJob({
    id: nonEmptyString(json.id) ?? requestedId,
    status: json.status,
    rawStatus: json.status,
    repository: source.repository,
    ref: source.ref,
    model: json.model,
    prLink: json.prLink,
    createdAt: json.createdAt,
    archivedAt: json.archivedAt,
  });
}

/**
 * Reads a job in the client's own shape (a saved one, or a server's once flattened). Fields that
 * do not check out are dropped.
 */
export function restoreAgentJob(saved: unknown): AgentJob | undefined {
  if (!isRecord(saved) || typeof saved.id !== 'string' || saved.id === '') return undefined;
  const status: AgentJobStatus = (knownJobStatuses as readonly string[]).includes(saved.status as string)
    ? (saved.status as KnownJobStatus)
    : 'unknown';
  return withoutUndefined({
    id: saved.id,
    status,
    rawStatus: typeof saved.rawStatus === 'string' ? saved.rawStatus : undefined,
    repository: nonEmptyString(saved.repository),
    ref: nullableString(saved.ref),
    model: nonEmptyString(saved.model),
    ...pullRequestLink(saved.prLink),
    createdAt: dateString(saved.createdAt),
    archivedAt: saved.archivedAt === null ? null : dateString(saved.archivedAt),
  });
}

/** The one check of a pull request link: an https URL is kept, anything else is refused here, once. */
function pullRequestLink(value: unknown): Pick<AgentJob, 'prLink' | 'prLinkRefused'> {
  const link = nullableString(value);
  if (typeof link !== 'string') return { prLink: link };
  try {
    if (new URL(link).protocol === 'https:') return { prLink: link };
  } catch {
    // Not a URL at all: refused too.
  }
  return { prLink: null, prLinkRefused: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function nullableString(value: unknown): string | null | undefined {
  return value === null ? null : nonEmptyString(value);
}

function dateString(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/**
 * An answer about another job than the one asked for. Never taken for the job asked about, nor for
 * the one it names: a server that could, would change jobs the user never asked about.
 */
export function otherJobAnswer(answered: string, asked: string): PlatformError {
  const clip = (id: string) => (id.length > 80 ? `${id.slice(0, 79)}…` : id);
  return platformError(
    'badResponse',
    l10n.t('The platform answered with agent job "{0}" when "{1}" was asked for; the answer was not used.', clip(answered), clip(asked)),
    { status: 200 },
  );
}
