// What the in-host benchmarks and their runners agree on.

/** Starts the line the jobs tree run logs for each count: marker, then the figures as JSON. */
export const JOBS_TREE_LINE = 'BENCH-JOBS-TREE';

/** The emulator the runner started, passed in DOCS_ASSISTANT_BENCH_JOBS as JSON. */
export interface JobsTreeSetup {
  readonly url: string;
  readonly adminKey: string;
  readonly projectId: string;
}

export interface JobsTreeFigures {
  readonly count: number;
  /** From Refresh until every job was read again. */
  readonly readMs: number;
  /** The extension host's busy time from Refresh until a second after the last read. */
  readonly busyMs: number;
  /** The longest a timer waited meanwhile: the longest task, to a millisecond. */
  readonly longestTaskMs: number;
}
