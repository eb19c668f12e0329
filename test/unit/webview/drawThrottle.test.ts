// When the view draws a streaming answer (src/webview/drawThrottle.ts), on injected timers: each draw in
// a task of its own, at most every STREAM_DRAW_MS, and less often while draws are costly.

import * as assert from 'node:assert/strict';
import { STREAM_DRAW_MS } from '../../../src/shared/protocol';
import { FakeTimers } from '../fakeTimers';
import { loadWebviewModule } from '../webviewModule';
import type { Timers } from '../../../src/util/timers';

interface DrawThrottle {
  request(draw: () => void): void;
  soon(step: (deadline: number) => void): void;
  cancel(): void;
}
/** Timers with frames rendered when the test says (`frame()`), as the browser's are. */
type FramedTimers = Timers & { beforeFrame(callback: () => void): void };
const { drawThrottle, LONGEST_PAUSE_MS, PAUSE_PER_DRAW, STEP_MS } = loadWebviewModule<{
  drawThrottle: (timers: Timers | FramedTimers) => DrawThrottle;
  LONGEST_PAUSE_MS: number;
  PAUSE_PER_DRAW: number;
  STEP_MS: number;
}>('src/webview/drawThrottle.ts');

/**
 * Streams for `ms`, asking for a draw every 10 ms; a draw takes `drawMs` (or what it gives for the
 * draw's index). When each draw started.
 */
async function stream(
  timers: FakeTimers,
  frames: DrawThrottle,
  ms: number,
  drawMs: number | ((index: number) => number),
): Promise<number[]> {
  const drawn: number[] = [];
  const draw = () => {
    const took = typeof drawMs === 'number' ? drawMs : drawMs(drawn.length);
    drawn.push(timers.time);
    timers.time += took;
  };
  for (const end = timers.time + ms; timers.time < end;) {
    frames.request(draw);
    await timers.advance(10);
  }
  return drawn;
}

const pauses = (starts: number[]) => starts.slice(1).map((start, i) => start - starts[i]);

describe('when a streaming answer is drawn', () => {
  it('draws on a timer, not an animation frame: at once after a quiet spell, with at most one draw waiting', async () => {
    const timers = new FakeTimers();
    const frames = drawThrottle(timers);
    let draws = 0;
    frames.request(() => draws++);
    frames.request(() => draws++);
    assert.equal(timers.pending, 1, 'one draw waits');
    await timers.advance(0);
    assert.equal(draws, 1);
    frames.request(() => draws++);
    await timers.advance(STREAM_DRAW_MS - 1);
    assert.equal(draws, 1, 'not again before the pause is over');
    await timers.advance(1);
    assert.equal(draws, 2);
    frames.request(() => draws++);
    frames.cancel();
    await timers.advance(1_000);
    assert.equal(draws, 2, 'a cancelled draw never runs');
    assert.equal(timers.pending, 0);
  });

  // A flood drawn in slices: each step after a frame, so the view paints and takes input between.
  it('runs a step of catching up in a task after the next frame, for STEP_MS, one waiting at a time, and forgets it when cancelled', async () => {
    const timers = new FakeTimers();
    const beforeFrame: (() => void)[] = [];
    const framed: FramedTimers = {
      now: () => timers.now(),
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      beforeFrame: (callback) => void beforeFrame.push(callback),
    };
    const frame = () => beforeFrame.splice(0).forEach((callback) => callback());
    const frames = drawThrottle(framed);
    const deadlines: number[] = [];
    frames.soon((deadline) => deadlines.push(deadline));
    frames.soon(() => deadlines.push(-1));
    await timers.advance(1_000);
    assert.equal(deadlines.length, 0, 'no step before a frame');
    frame();
    assert.equal(deadlines.length, 0, 'not in the frame: in a task after it');
    await timers.advance(0);
    assert.deepEqual(deadlines, [1_000 + STEP_MS], 'the one step that waited, for STEP_MS from when it runs');
    frames.soon((deadline) => deadlines.push(deadline));
    frames.cancel();
    frame();
    await timers.advance(0);
    assert.equal(deadlines.length, 1, 'cancelled before its frame');
    frames.soon((deadline) => deadlines.push(deadline));
    frame();
    frames.cancel();
    await timers.advance(0);
    assert.equal(deadlines.length, 1, 'cancelled after its frame');
    frames.soon((deadline) => deadlines.push(deadline));
    frame();
    await timers.advance(0);
    assert.equal(deadlines.length, 2, 'a new step after a cancel');
  });

  it('draws ten times a second while draws are cheap, less often while they are costly, and never pauses longer than LONGEST_PAUSE_MS', async () => {
    const timers = new FakeTimers();
    const frames = drawThrottle(timers);
    assert.ok(
      pauses(await stream(timers, frames, 2_000, 1)).every((pause) => pause === STREAM_DRAW_MS),
      'a 1 ms draw',
    );
    const costly = 3;
    const slowing = pauses(await stream(timers, frames, 4_000, costly));
    assert.ok(slowing.at(-1)! > STREAM_DRAW_MS, `3 ms draws: pauses of ${slowing.join(', ')} ms`);
    assert.ok(
      slowing.slice(-3).every((pause) => Math.abs(pause - costly * PAUSE_PER_DRAW) <= 10),
      `3 ms draws come to about ${costly * PAUSE_PER_DRAW} ms apart: ${slowing.join(', ')}`,
    );
    const slowest = pauses(await stream(timers, frames, 4_000, 20));
    assert.ok(Math.max(...slowest) <= LONGEST_PAUSE_MS + 10, `20 ms draws: ${slowest.join(', ')}`);
    assert.ok(
      slowest.slice(-3).every((pause) => pause >= LONGEST_PAUSE_MS),
      `20 ms draws: ${slowest.join(', ')}`,
    );
    const again = pauses(await stream(timers, frames, 3_000, 0.5));
    assert.ok(
      again.slice(-5).every((pause) => pause === STREAM_DRAW_MS),
      `cheap draws again: ${again.join(', ')}`,
    );
  });

  it('does not slow down for one slow draw among cheap ones (a collection of garbage)', async () => {
    const timers = new FakeTimers();
    const frames = drawThrottle(timers);
    const starts = await stream(timers, frames, 1_200, (index) => (index === 4 ? 40 : 1));
    assert.ok(starts.length >= 10, `${starts.length} draws`);
    assert.deepEqual(
      pauses(starts).filter((pause) => pause !== STREAM_DRAW_MS),
      [],
      `pauses ${pauses(starts).join(', ')} ms`,
    );
  });
});
