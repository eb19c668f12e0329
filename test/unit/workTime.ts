// How much work code does, measured so that a busy machine does not change the verdict: the CPU
// time of this process (other processes take wall-clock time from it, not CPU time), the fastest of
// a few runs, and only ever compared with the same code's time on a smaller input in the same run.
// How fast the extension is, is for the benchmarks to say (bench/); a test says only "in proportion".

import * as assert from 'node:assert/strict';

/** The CPU time of `run`, in ms: the fastest of `runs`. */
export async function cpuMs(run: () => unknown, runs = 5): Promise<number> {
  let best = Infinity;
  for (let at = 0; at < runs; at++) {
    const started = process.cpuUsage();
    await run();
    const { user, system } = process.cpuUsage(started);
    best = Math.min(best, (user + system) / 1000);
  }
  return best;
}

/**
 * Asserts that `run` takes time in proportion to its input: `growth` times the size costs at most
 * about `growth` times the work (work that re-reads what came before grows by its square). `size`
 * is the smaller input; a run at a quarter of it warms the code up first.
 */
export async function assertProportional(
  what: string,
  run: (size: number) => unknown,
  size: number,
  { growth = 2, runs = 3 }: { growth?: number; runs?: number } = {},
): Promise<void> {
  await run(Math.ceil(size / 4));
  const small = await cpuMs(() => run(size), runs);
  const large = await cpuMs(() => run(size * growth), runs);
  // Half again on top of the growth, and 2 ms, for what a timer cannot tell apart.
  assert.ok(
    large < small * growth * 1.5 + 2,
    `${what}: ${small.toFixed(1)} ms for ${size.toLocaleString('en-US')}, ${large.toFixed(1)} ms for ${growth} times as much`,
  );
}
