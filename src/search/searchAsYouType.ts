// Results that follow what a person types: each keystroke waits a moment before asking, a newer
// question cancels an older one still on its way, and an old answer never replaces a newer one.
// Timers are injected, so the timing is tested on a fake clock.

import { realTimers, type Timers } from '../util/timers';

export type SearchState<T> =
  /** Nothing typed. */
  | { readonly kind: 'idle' }
  /** Waiting for the pause after a keystroke, or for the answer to `query`. */
  | { readonly kind: 'busy'; readonly query: string }
  | { readonly kind: 'answered'; readonly query: string; readonly answer: T };

/** How long typing must pause before the query is asked. */
export const SEARCH_PAUSE_MS = 250;

export class SearchAsYouType<T> {
  private timer: unknown;
  private controller: AbortController | undefined;
  /** Each question asked gets the next number; only the newest one's answer is shown. */
  private asked = 0;

  constructor(
    private readonly search: (query: string, signal: AbortSignal) => Promise<T>,
    private readonly show: (state: SearchState<T>) => void,
    private readonly timers: Timers = realTimers,
    private readonly pauseMs = SEARCH_PAUSE_MS,
  ) {}

  /** The text in the box changed. */
  type(text: string): void {
    this.cancel();
    const query = text.trim();
    if (query === '') return this.show({ kind: 'idle' });
    this.show({ kind: 'busy', query });
    this.timer = this.timers.setTimeout(() => void this.ask(query), this.pauseMs);
  }

  dispose(): void {
    this.cancel();
  }

  private async ask(query: string): Promise<void> {
    this.timer = undefined;
    const number = ++this.asked;
    const controller = new AbortController();
    this.controller = controller;
    const answer = await this.search(query, controller.signal);
    if (number !== this.asked || controller.signal.aborted) return;
    this.controller = undefined;
    this.show({ kind: 'answered', query, answer });
  }

  private cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
    // A question on its way is forgotten even if its answer comes back.
    this.asked += 1;
  }
}
