// Gathers the text of an answer's deltas for a short while and hands it on as one piece, so the
// webview gets one message per frame rather than one per token. Timers are injected for tests.

import { realTimers, type Timers } from '../util/timers';

/** Deltas are gathered for this long before one message carries them all. */
export const DELTA_BATCH_MS = 50;

export class DeltaBatcher {
  private pending: { turnId: string; text: string } | undefined;
  private timer: unknown;

  constructor(
    private readonly deliver: (turnId: string, text: string) => void,
    private readonly timers: Timers = realTimers,
    private readonly delayMs = DELTA_BATCH_MS,
  ) {}

  add(turnId: string, text: string): void {
    // Text of another turn must not be joined to this one's.
    if (this.pending && this.pending.turnId !== turnId) this.flush();
    this.pending = { turnId, text: (this.pending?.text ?? '') + text };
    this.timer ??= this.timers.setTimeout(() => this.flush(), this.delayMs);
  }

  /** Hands on what is gathered now: before any other message, so the order stays. */
  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.deliver(pending.turnId, pending.text);
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
