// When the platform refuses a question for its rate limit (or is busy and says for how long), the
// chat waits in view and asks again: how long, and whether the wait is short enough to watch.

import * as l10n from '@vscode/l10n';
import type { PlatformError } from '../platform/errors';
import { backoffDelay, MAX_WATCHED_WAIT_MS } from '../platform/retry';
import type { Timers } from '../util/timers';
import { plural } from '../shared/language';

/** The third 429 in a row is not waited out either. */
export const MAX_RATE_LIMIT_HITS = 3;
/** Waits without Retry-After: a few seconds, growing. */
const RATE_LIMIT_BACKOFF = { baseDelayMs: 2_000, maxDelayMs: 16_000 };

/** How long to wait before asking again, or undefined when the wait is too long to watch. */
export function visibleWait(error: PlatformError, hits: number, random: () => number): number | undefined {
  if (hits >= MAX_RATE_LIMIT_HITS) return undefined;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs > MAX_WATCHED_WAIT_MS ? undefined : Math.max(1_000, error.retryAfterMs);
  return backoffDelay(hits - 1, RATE_LIMIT_BACKOFF, random);
}

/** The failure to say when the limit was hit too often to wait again, without a Retry-After to go by. */
export function repeatedLimit(error: PlatformError, hits: number): { kind: PlatformError['kind']; message: string } | undefined {
  if (hits < MAX_RATE_LIMIT_HITS || error.retryAfterMs !== undefined) return undefined;
  const message = plural(
    hits,
    l10n.t("The platform's rate limit was reached {0} time in a row. Wait a minute or two, then Retry.", hits),
    l10n.t("The platform's rate limit was reached {0} times in a row. Wait a minute or two, then Retry.", hits),
  );
  return { kind: error.kind, message };
}

/** Worth waiting for and asking again: the request was refused before the answer began. */
export function isWaitable(error: PlatformError): boolean {
  return error.kind === 'rateLimited' || (error.kind === 'serverError' && error.status === 503 && error.retryAfterMs !== undefined);
}

/**
 * Waits `ms`, or less: `stopped` once `signal` aborts, `elapsed` when the time is up or the skip
 * handed to `onSkip` is called (Retry Now).
 */
export function waitOut(
  ms: number,
  signal: AbortSignal,
  timers: Timers,
  onSkip: (skip: () => void) => void,
): Promise<'elapsed' | 'stopped'> {
  return new Promise((resolve) => {
    const finish = (how: 'elapsed' | 'stopped') => {
      timers.clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(how);
    };
    const onAbort = () => finish('stopped');
    const timer = timers.setTimeout(() => finish('elapsed'), ms);
    onSkip(() => finish('elapsed'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
