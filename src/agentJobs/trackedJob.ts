// An agent job as this extension tracks it: what the platform last said of it, how its polling
// stands, and the prompt it was started with when it was started here.

import type { AgentJob } from '../platform/agentJob';
import type { PlatformError } from '../platform/errors';
import type { FixedWhat } from '../readerSignals/fixPrompt';

export type { FixedWhat };

/** What the tree shows for a job besides its data. */
export type PollState =
  /** Still to be polled. */
  | { readonly kind: 'watching' }
  /** Reached completed, archived or failed: no more polling. */
  | { readonly kind: 'ended' }
  | { readonly kind: 'notFound'; readonly message: string }
  /** The network or the server failed; the job is polled again later. */
  | { readonly kind: 'offline'; readonly message: string }
  /** Something only the user can fix (a key, the project); polling is paused. */
  | { readonly kind: 'error'; readonly message: string; readonly error: PlatformError };

export interface TrackedJob {
  readonly id: string;
  readonly job?: AgentJob;
  readonly polling: PollState;
  /** When the job was last read successfully. */
  readonly checkedAt?: number;
  /** The prompt that started it, when this client started it (the platform does not return it). */
  readonly prompt?: string;
  /** What readers could not find that it was started to fix (Fix with the Docs Agent). */
  readonly fixes?: FixedWhat;
}

export interface TrackOptions {
  readonly prompt?: string;
  readonly fixes?: FixedWhat;
  /** The job was just returned by the platform: the first poll waits one interval. */
  readonly fresh?: boolean;
  /** The user asked for it (Track Agent Job): its first poll is theirs, not background work. */
  readonly asked?: boolean;
}

export interface JobChange {
  readonly id: string;
  readonly before?: TrackedJob;
  readonly after?: TrackedJob;
}
