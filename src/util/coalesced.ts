// Work that many events ask for but that is worth doing once for all of them: saving the tracked
// jobs, redrawing their tree. A Refresh of 200 jobs then costs one save and one redraw, not 200.

import { realTimers, type Timers } from './timers';

export class Coalesced {
  private timer: unknown;
  private pending = false;

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
