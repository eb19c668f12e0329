// What an agent job poller is given: how it reads a job, its clock, and its pace.

import type { AgentJob } from '../platform/agentJob';
import type { Result } from '../platform/errors';
import type { Timers } from '../util/timers';

export interface PollerOptions {
  /** `background`: a poll of the poller's own, not one the user just asked for. */
  readonly read: (id: string, signal: AbortSignal, background: boolean) => Promise<Result<AgentJob>>;
  readonly timers?: Timers;
  /** Delay before the second poll of an active job. */
  readonly firstIntervalMs: number;
  /** The longest delay between polls of a job that stays active. */
  readonly maxIntervalMs?: number;
  /** How much longer each delay is than the one before, while a job stays active. */
  readonly growth?: number;
  /** How many requests may be in flight at once, across all jobs. */
  readonly maxInFlight?: number;
  /** Delays are this many times longer while the window is not focused. */
  readonly unfocusedFactor?: number;
  readonly random?: () => number;
}

export type Pacing = Required<Pick<PollerOptions, 'maxIntervalMs' | 'growth' | 'maxInFlight' | 'unfocusedFactor' | 'random'>>;

/** The pace of a poller not told otherwise. */
export const PACING: Pacing = { maxIntervalMs: 180_000, growth: 1.5, maxInFlight: 4, unfocusedFactor: 4, random: Math.random };
