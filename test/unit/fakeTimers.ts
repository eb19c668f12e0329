// Time for the poller's tests and the polling benchmark: it moves only when told, running due
// timers in order and letting promises settle between them.

import type { Timers } from '../../src/util/timers';

/** A clock that moves only when the test says, running due timers and letting promises settle. */
export class FakeTimers implements Timers {
  time = 0;
  private queue: { at: number; callback: () => void }[] = [];

  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { at: this.time + ms, callback };
    this.queue.push(timer);
    return timer;
  }
  clearTimeout(handle: unknown): void {
    this.queue = this.queue.filter((timer) => timer !== handle);
  }
  get pending(): number {
    return this.queue.length;
  }
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const next = this.queue.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.queue = this.queue.filter((timer) => timer !== next);
      this.time = next.at;
      next.callback();
    }
    this.time = end;
    await settle();
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
