// The clock and timers that time-driven code takes as a dependency, so tests can own the clock.

export interface Timers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node fires a timer longer than this after 1 ms: no delay given to a timer may exceed it. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, Math.min(Math.max(0, ms), MAX_TIMER_MS)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
