// Ablation: a draw at most every STREAM_DRAW_MS, whatever draws cost (no adaptive pause).

import { STREAM_DRAW_MS } from '../../../src/shared/protocol';
import { type DrawThrottle, frameSteps } from '../../../src/webview/drawThrottle';

export type { DrawThrottle };

export function drawThrottle(): DrawThrottle {
  let lastDraw = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const steps = frameSteps();
  return {
    request(draw) {
      if (timer !== undefined) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          lastDraw = performance.now();
          draw();
        },
        Math.max(0, lastDraw + STREAM_DRAW_MS - performance.now()),
      );
    },
    soon: steps.soon,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      steps.cancel();
    },
  };
}
