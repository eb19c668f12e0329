// Work that many events ask for but that is worth doing once for all of them: saving the tracked
// jobs, redrawing their tree. A Refresh of 200 jobs then costs one save and one redraw, not 200.

import { realTimers, type Timers } from './timers';

export class Coalesced {
  private timer: unknown;
  private pending = false;
  /** When `requestNow` last ran it, on the timers' clock. */
  private ranNowAt = -Infinity;

  /** `run` runs `delayMs` after the first request since it last ran: once for all the requests made meanwhile. */
  constructor(
    private readonly run: () => void,
    private readonly delayMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  request(): void {
    if (this.pending) return;
    this.pending = true;
    this.timer = this.timers.setTimeout(() => this.flush(), this.delayMs);
  }

  /**
   * Runs now, with what is waiting, unless the last `requestNow` ran it less than `delayMs` ago: then
   * as `request`. For what the user did, which must not wait (a window closed right after would lose
   * it); a burst of it still runs twice at most.
   */
  requestNow(): void {
    if (this.timers.now() - this.ranNowAt < this.delayMs) return this.request();
    this.ranNowAt = this.timers.now();
    this.pending = true;
    this.flush();
  }

  /** Runs now what is waiting, if anything is. */
  flush(): void {
    if (!this.pending) return;
    this.cancel();
    this.run();
  }

  /** Forgets what is waiting. */
  cancel(): void {
    if (!this.pending) return;
    this.pending = false;
    this.timers.clearTimeout(this.timer);
  }

  dispose(): void {
    this.cancel();
  }
}
