// Agent jobs whose status is a function of the emulator's clock, so a test moves time and
// watches a job finish.

export type JobOutcome = 'completed' | 'completedWithoutChanges' | 'failed' | 'archived' | 'staysActive';

export interface JobSpec {
  readonly id: string;
  readonly outcome: JobOutcome;
  readonly repository?: string;
  readonly ref?: string | null;
  readonly model?: string;
  /** Defaults to the clock's time when the job is added. */
  readonly createdAt?: number;
  /** How long the job stays active. Default one minute. */
  readonly runsForMs?: number;
  /** For `archived`: how long after finishing it is archived. Default one minute. */
  readonly archivedAfterMs?: number;
  /** Served as is instead of the computed job: for malformed bodies. */
  readonly raw?: unknown;
}

interface StoredJob extends JobSpec {
  readonly createdAt: number;
  readonly number: number;
}

export class JobStore {
  private readonly jobs = new Map<string, StoredJob>();
  private next = 1;

  constructor(private readonly now: () => number) {}

  add(spec: JobSpec): void {
    this.jobs.set(spec.id, { ...spec, createdAt: spec.createdAt ?? this.now(), number: this.next++ });
  }

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  ids(): string[] {
    return [...this.jobs.keys()];
  }

  /** The job as the platform would serve it now, or undefined when there is no such job. */
  read(id: string): unknown {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (job.raw !== undefined) return job.raw;
    const repository = job.repository ?? 'https://github.com/acme/docs';
    const finishedAt = job.createdAt + (job.runsForMs ?? 60_000);
    const now = this.now();
    const finished = job.outcome !== 'staysActive' && now >= finishedAt;
    const archivedAt = job.outcome === 'archived' ? finishedAt + (job.archivedAfterMs ?? 60_000) : undefined;
    let status = 'active';
    if (finished) status = job.outcome === 'completedWithoutChanges' || job.outcome === 'archived' ? 'completed' : job.outcome;
    if (archivedAt !== undefined && now >= archivedAt) status = 'archived';
    const opensPullRequest = job.outcome === 'completed' || job.outcome === 'archived';
    return {
      id: job.id,
      status,
      source: { repository, ref: job.ref === undefined ? `docs-agent/${job.id}` : job.ref },
      model: job.model ?? 'claude-sonnet-4-5',
      prLink: finished && opensPullRequest ? `${repository}/pull/${100 + job.number}` : null,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt: status === 'archived' && archivedAt !== undefined ? new Date(archivedAt).toISOString() : null,
    };
  }
}
