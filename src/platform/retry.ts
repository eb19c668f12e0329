// Retries: a call tried again while its failure is worth it, waiting an exponential back-off with
// jitter, or the server's Retry-After when it gives one (within bounds).

import { MAX_TIMER_MS } from '../util/timers';
import { cancelled, fail, isTransient, type PlatformError, type Result } from './errors';

export interface RetryPolicy {
  /** Total attempts, the first included. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited out inside a call; the error goes to the caller. */
  readonly maxRetryAfterMs: number;
}

/**
 * A wait a person watches count down (the chat's question, a preview's trigger): a Retry-After
 * longer than this is not waited out; the call fails and says when to try again.
 */
export const MAX_WATCHED_WAIT_MS = 60_000;

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/**
 * Delay before retry number `retry` (0 for the first retry): "equal jitter", half fixed and half
 * random, so that many clients that failed together do not come back together.
 */
export function backoffDelay(retry: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A Retry-After is honoured within these bounds: a server cannot make a client hammer it, or wait for days. */
export const RETRY_AFTER_RANGE_MS = { min: 1_000, max: 3_600_000 } as const;

/**
 * Retry-After is either delay-seconds or an HTTP date. Returns milliseconds within
 * RETRY_AFTER_RANGE_MS, or undefined when absent or unreadable: a negative or fractional number is
 * not delay-seconds, and a date must look like one (JavaScript's Date.parse would take "1.5").
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else if (/^[A-Za-z]{3},? .*\d{1,2}:\d{2}:\d{2}/.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) ms = Date.parse(trimmed) - now;
  else return undefined;
  return Math.min(RETRY_AFTER_RANGE_MS.max, Math.max(RETRY_AFTER_RANGE_MS.min, ms));
}

/** Waits `ms`, or less when `signal` aborts first. Never rejects. */
export function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.min(ms, MAX_TIMER_MS));
    signal?.addEventListener('abort', done, { once: true });
  });
}

export interface RetryRun {
  readonly policy: RetryPolicy;
  readonly delay: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
  readonly signal?: AbortSignal;
  /** Which failures are worth another attempt: by default, transient ones of an idempotent read. */
  readonly worthRetrying?: (error: PlatformError) => boolean;
  /** Told before each wait, with why the attempt before failed. */
  readonly onWait?: (wait: { readonly ms: number; readonly error: PlatformError }) => void;
}

/** Runs `attempt` until it succeeds, fails for good, or the attempts run out. */
export async function withRetries<T>(attempt: () => Promise<Result<T>>, run: RetryRun): Promise<Result<T>> {
  const { policy, signal, worthRetrying = isTransient } = run;
  for (let retry = 0; ; retry++) {
    const result = await attempt();
    if (result.ok || !worthRetrying(result.error) || retry + 1 >= policy.attempts) return result;
    const { retryAfterMs } = result.error;
    if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) return result;
    const wait = retryAfterMs ?? backoffDelay(retry, policy, run.random);
    run.onWait?.({ ms: wait, error: result.error });
    await run.delay(wait, signal);
    if (signal?.aborted) return fail(cancelled());
  }
}
