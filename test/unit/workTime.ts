// How much work code does, measured so that a busy machine does not change the verdict: the CPU
// time of this process (other processes take wall-clock time from it, not CPU time), the fastest of
// a few runs, and only ever compared with the same code's time on a smaller input in the same run.
// How fast the extension is, is for the benchmarks to say (bench/); a test says only "in proportion".
//
// The engine's collections of garbage are the rest of the noise, and the unit suite's settings
// (.mocharc.json) take them out of the verdict: a young generation of 128 MB, which the runs of a
// test rarely fill, and a collection before each test's runs (--expose-gc), so that no run pays for
// the garbage of the tests before it. Without them, the fastest run of the smaller input was one
// with no collection and every run of the larger one had some: linear work was seen charged 14
// times the time for 4 times the input, and work that keeps what it makes 17 to 40 times.

import * as assert from 'node:assert/strict';

/**
 * The CPU time of one run of `run`, in ms. (Garbage is not collected before each run: a forced
 * collection makes the engine drop compiled code, and the next run compile it again.)
 */
async function cpuOnce(run: () => unknown): Promise<number> {
  const started = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/**
 * Asserts that `run` takes time in proportion to its input: `growth` times the size costs at most
 * about `growth` times the work, where work that re-reads what came before grows by its square (64
 * times for the default 8). `size` is the smaller input; garbage is collected, then a run at a
 * quarter of it warms the code up. The two sizes take turns and the fastest of each counts: a stall
 * of the machine, a collection or code the engine compiles anew midway touches one run, not the
 * verdict.
 */
export async function assertProportional(
  what: string,
  run: (size: number) => unknown,
  size: number,
  { growth = 8, runs = 5 }: { growth?: number; runs?: number } = {},
): Promise<void> {
  global.gc?.();
  await run(Math.ceil(size / 4));
  let small = Infinity;
  let large = Infinity;
  for (let at = 0; at < runs; at++) {
    small = Math.min(small, await cpuOnce(() => run(size)));
    large = Math.min(large, await cpuOnce(() => run(size * growth)));
  }
  // Three times the growth, and 2 ms, for what a timer cannot tell apart, for a larger input's
  // costlier memory and collections, and for cores whose speed changes from one second to the next
  // on these machines (busy, linear work was seen at 2.15 times the growth): 24 times for the
  // default, well under the square (64 times). At a growth of 4 the square, 16 times, was too close
  // to the limit, 12: busy, quadratic work was seen at 12.9 times, and the check passed it.
  assert.ok(
    large < small * growth * 3 + 2,
    `${what}: ${small.toFixed(1)} ms for ${size.toLocaleString('en-US')}, ${large.toFixed(1)} ms for ${growth} times as much`,
  );
}
