// Gathers the text of an answer's deltas and hands it on in pieces, so the webview gets a message
// a draw rather than one a token. The first text after a quiet spell goes at once, so an answer
// starts as soon as it comes; what follows within STREAM_DRAW_MS of a message waits for the next.
// Timers are injected for tests.

import { realTimers, type Timers } from '../util/timers';
import { STREAM_DRAW_MS } from './protocol';

/** The shortest time between two messages of text: what arrives sooner is gathered for the next. */
export const DELTA_BATCH_MS = STREAM_DRAW_MS;

export class DeltaBatcher {
  private pending: { turnId: string; text: string } | undefined;
  private timer: unknown;
  private lastSent = -Infinity;

  constructor(
    private readonly deliver: (turnId: string, text: string) => void,
    private readonly timers: Timers = realTimers,
    private readonly delayMs = DELTA_BATCH_MS,
  ) {}

  add(turnId: string, text: string): void {
    // Text of another turn must not be joined to this one's.
    if (this.pending && this.pending.turnId !== turnId) this.flush();
    this.pending = { turnId, text: (this.pending?.text ?? '') + text };
    if (this.timer !== undefined) return;
    // At most delayMs: a clock set back must not hold the text back.
    const wait = Math.min(this.delayMs, this.lastSent + this.delayMs - this.timers.now());
    if (wait <= 0) this.flush();
    else this.timer = this.timers.setTimeout(() => this.flush(), wait);
  }

  /** Hands on what is gathered now: before any other message, so the order stays. */
  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    this.lastSent = this.timers.now();
    this.deliver(pending.turnId, pending.text);
  }

  /** Forgets what is gathered: the conversation is being sent whole, with this text in it. */
  discard(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  dispose(): void {
    this.discard();
  }
}
