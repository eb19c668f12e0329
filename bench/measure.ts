// Timing helpers shared by the benchmarks: medians of repeated runs, and the figures' formats.

import { performance } from 'node:perf_hooks';

/** The median of `runs` timings of `task` in milliseconds, after `warmups` untimed runs. */
export async function medianMs(task: () => unknown, runs: number, warmups = 1): Promise<number> {
  for (let i = 0; i < warmups; i++) await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  return median(times);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function ms(value: number): string {
  return value >= 100 ? `${value.toFixed(0)} ms` : value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(2)} ms`;
}

export function ratio(value: number): string {
  return value >= 10 ? `${value.toFixed(0)}×` : `${value.toFixed(1)}×`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

/** One row of the results table: what was measured, the figure, its baseline, and the goal. */
export interface Row {
  readonly measure: string;
  readonly ours: string;
  readonly baseline: string;
  readonly ratio: string;
  readonly goal: string;
  /** Whether the goal is met; undefined when there is no goal to meet. */
  readonly met?: boolean;
}

export function table(rows: readonly Row[]): string {
  const lines = ['| measure | ours | baseline | ratio | goal |', '|---|---:|---:|---:|---|'];
  for (const row of rows) {
    const verdict = row.met === undefined ? row.goal : `${row.goal} ${row.met ? '(met)' : '**(not met)**'}`;
    lines.push(`| ${row.measure} | ${row.ours} | ${row.baseline} | ${row.ratio} | ${verdict} |`);
  }
  return lines.join('\n');
}
