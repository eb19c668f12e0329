// Gathers what a streaming answer sends the view (its text, its sources, what the assistant is
// doing) and hands it on in pieces, so the webview gets a message a draw rather than one a chunk,
// however many chunks come: a tool's progress is batched like text. The first piece after a quiet
// spell goes at once, so an answer starts as soon as it comes; what follows within STREAM_DRAW_MS
// of a message waits for the next. Timers are injected for tests.

import { realTimers, type Timers } from '../util/timers';
import type { TurnActivity } from '../shared/activity';
import type { SourceLink } from './conversation';
import { STREAM_DRAW_MS } from '../shared/protocol';

/** The shortest time between two messages of text: what arrives sooner is gathered for the next. */
export const STREAM_BATCH_MS = STREAM_DRAW_MS;

/** What changed in a turn since the last update. */
export interface StreamUpdate {
  readonly turnId: string;
  /** Text appended since; empty when none came. */
  readonly text: string;
  /** The turn's sources, when they changed. */
  readonly sources?: readonly SourceLink[];
  /** What the assistant is doing now, when that changed (`now` undefined: nothing, its text has come). */
  readonly activity?: { readonly now: TurnActivity | undefined };
}

type Pending = { turnId: string; text: string; sources?: readonly SourceLink[]; activity?: { now: TurnActivity | undefined } };

export class StreamBatcher {
  private pending: Pending | undefined;
  private timer: unknown;
  private lastSent = -Infinity;

  constructor(
    private readonly deliver: (update: StreamUpdate) => void,
    private readonly timers: Timers = realTimers,
    private readonly delayMs = STREAM_BATCH_MS,
  ) {}

  text(turnId: string, text: string): void {
    const pending = this.pendingFor(turnId);
    pending.text += text;
    this.schedule();
  }

  sources(turnId: string, sources: readonly SourceLink[]): void {
    this.pendingFor(turnId).sources = sources;
    this.schedule();
  }

  activity(turnId: string, activity: TurnActivity | undefined): void {
    this.pendingFor(turnId).activity = { now: activity };
    this.schedule();
  }

  /** Hands on what is gathered now: before any other message, so the order stays. */
  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    this.lastSent = this.timers.now();
    this.deliver(pending);
  }

  /** Forgets what is gathered: the conversation is being sent whole, with all of it in it. */
  discard(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  dispose(): void {
    this.discard();
  }

  /** What waits for `turnId`; what another turn had waiting goes first, never joined to it. */
  private pendingFor(turnId: string): Pending {
    if (this.pending && this.pending.turnId !== turnId) this.flush();
    this.pending ??= { turnId, text: '' };
    return this.pending;
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    // At most delayMs: a clock set back must not hold anything back.
    const wait = Math.min(this.delayMs, this.lastSent + this.delayMs - this.timers.now());
    if (wait <= 0) this.flush();
    else this.timer = this.timers.setTimeout(() => this.flush(), wait);
  }
}
