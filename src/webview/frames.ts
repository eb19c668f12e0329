// When a streaming answer is drawn. Every draw costs the browser a whole frame of style, layout,
// paint and compositing, whatever changed; a reader cannot follow more than a few updates a second.
// So an answer is drawn on an animation frame, at most every STREAM_FRAME_MS.

export interface FrameScheduler {
  /** Runs `draw` on a coming frame; at most one draw waits at a time. */
  request(draw: () => void): void;
  /** Forgets the waiting draw. */
  cancel(): void;
}

export const STREAM_FRAME_MS = 100;

export function throttledFrames(intervalMs = STREAM_FRAME_MS): FrameScheduler {
  let lastDraw = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const cancel = () => {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    timer = undefined;
    frame = undefined;
  };
  return {
    request(draw) {
      if (timer !== undefined || frame !== undefined) return;
      const onFrame = () => {
        timer = undefined;
        frame = requestAnimationFrame(() => {
          frame = undefined;
          lastDraw = performance.now();
          draw();
        });
      };
      const wait = lastDraw + intervalMs - performance.now();
      if (wait > 0) timer = setTimeout(onFrame, wait);
      else onFrame();
    },
    cancel,
  };
}
