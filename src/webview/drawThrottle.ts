// When a streaming answer is drawn: at most every STREAM_DRAW_MS, and less often while draws are
// costly (the pause is at least PAUSE_PER_DRAW times what a draw takes); and text that came faster
// than a frame can draw it, in steps a frame apart. Why, and what it buys: docs/rendering.md.

import { STREAM_DRAW_MS } from '../shared/protocol';

/** The clock, timers and frames a throttle runs on: the browser's, or a test's. */
export interface DrawTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Runs `callback` just before the next frame is rendered. */
  beforeFrame(callback: () => void): void;
}

export interface DrawThrottle {
  /** Runs `draw` soon, but not sooner than the pause after the last draw; at most one draw waits at a time. */
  request(draw: () => void): void;
  /**
   * Runs `step` of a draw that is catching up (text came faster than a frame can draw it) in a task
   * after the next frame, with the time (now()'s clock) by which it should end: the view paints and
   * answers input between steps. At most one waits.
   */
  soon(step: (deadline: number) => void): void;
  /** Forgets the waiting draw and step. */
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
  beforeFrame: (callback) => void requestAnimationFrame(callback),
};

/**
 * Milliseconds a step takes, at most (give or take a slice): with the layout and paint of what it
 * drew, about a 60 Hz frame.
 */
export const STEP_MS = 12;

/** A throttle of draws, whose pause between two draws grows with what draws take. */
export function drawThrottle(timers: DrawTimers = viewTimers): DrawThrottle {
  let lastDraw = -Infinity;
  /** What the last three draws took: their middle one counts, so one slow draw (a collection of garbage) does not. */
  const recent = [0, 0, 0];
  let timer: unknown;
  const steps = frameSteps(timers);
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
    soon: steps.soon,
    cancel() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      steps.cancel();
    },
  };
}

/**
 * Steps of a draw that is catching up, each in a task of its own after the next frame, so that the
 * view paints, and takes a key, a scroll or a click (and a scroll has had its event), between two
 * of them. At most one waits.
 */
export function frameSteps(timers: DrawTimers = viewTimers): Pick<DrawThrottle, 'soon' | 'cancel'> {
  /** The waiting step's turn: a frame, then a timer; forgotten when cancelled. */
  let waiting: { timer?: unknown } | undefined;
  return {
    soon(step) {
      if (waiting) return;
      const turn: { timer?: unknown } = {};
      waiting = turn;
      timers.beforeFrame(() => {
        if (waiting !== turn) return;
        turn.timer = timers.setTimeout(() => {
          waiting = undefined;
          step(timers.now() + STEP_MS);
        }, 0);
      });
    },
    cancel() {
      if (waiting?.timer !== undefined) timers.clearTimeout(waiting.timer);
      waiting = undefined;
    },
  };
}
