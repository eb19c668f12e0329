// When a streaming answer is drawn: at most every STREAM_DRAW_MS, and less often while draws are
// costly (the pause is at least PAUSE_PER_DRAW times what a draw takes). A draw runs in a task just
// before a frame, so that its text and its scroll are rendered in one frame. Why, and what it buys:
// docs/rendering.md.

import { STREAM_DRAW_MS } from '../shared/protocol';

/** The clock and timer a throttle runs on: the browser's, or a test's. */
export interface DrawTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DrawThrottle {
  /** Runs `draw` soon, but not sooner than the pause after the last draw; at most one draw waits at a time. */
  request(draw: () => void): void;
  /** Forgets the waiting draw. */
  cancel(): void;
}

/**
 * How many times what draws take the pause lasts, at least: a draw's script, style and layout keep
 * the view busy at most 1/64 of the time (the frame's paint about as much again).
 */
export const PAUSE_PER_DRAW = 64;
/** The longest pause between draws, however costly they are: the answer never looks stuck. */
export const LONGEST_PAUSE_MS = 250;

/** The browser's clock: it tells fractions of a millisecond apart and is never set back. */
const viewTimers: DrawTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A throttle of draws, whose pause between two draws grows with what draws take. */
export function drawThrottle(timers: DrawTimers = viewTimers): DrawThrottle {
  let lastDraw = -Infinity;
  /** What the last three draws took: their middle one counts, so one slow draw (a collection of garbage) does not. */
  const recent = [0, 0, 0];
  let timer: unknown;
  const pause = () => {
    const [, middle] = [...recent].sort((a, b) => a - b);
    return Math.min(LONGEST_PAUSE_MS, Math.max(STREAM_DRAW_MS, middle * PAUSE_PER_DRAW));
  };
  return {
    request(draw) {
      if (timer !== undefined) return;
      timer = timers.setTimeout(
        () => {
          timer = undefined;
          lastDraw = timers.now();
          draw();
          recent.shift();
          recent.push(timers.now() - lastDraw);
        },
        Math.max(0, lastDraw + pause() - timers.now()),
      );
    },
    cancel() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
