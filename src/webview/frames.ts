// When a streaming answer is drawn. Every draw costs the browser a frame of style, layout, paint and
// compositing, and the more a draw adds, the more it costs; a reader follows a few updates a second
// at most, and does not read text that pours in faster than it can be drawn cheaply. So an answer
// is drawn at most every STREAM_DRAW_MS, and less often while draws are costly (text pouring in,
// long code, a slow machine): the pause between draws is at least PAUSE_PER_DRAW times what draws
// take, up to LONGEST_PAUSE_MS. At a model's usual pace a draw takes about a millisecond, and the
// answer is drawn ten times a second, now and then a little less often.
//
// What a draw takes is timed around it: its script and, while the view follows the end (which
// reads the new height), style and layout too. A reader scrolled up leaves layout to the frame,
// untimed, so draws may then come more often; the text they change is out of their sight.
//
// A draw runs in a task of its own, ahead of a frame rather than in one: it scrolls the view, and
// a scroll made in an animation frame has its event in the next frame, which then runs the
// browser's rendering steps once more. Made before the frame, the new text and the scroll's event
// are rendered in one frame.

import { STREAM_DRAW_MS } from '../chat/protocol';
import { realTimers, type Timers } from '../util/timers';

export interface FrameScheduler {
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
const viewTimers: Timers = { ...realTimers, now: () => performance.now() };

export function throttledFrames(timers: Timers = viewTimers): FrameScheduler {
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
