// Agent jobs whose status is a function of the emulator's clock, so a test moves time and
// watches a job finish. Jobs can be created with a prompt and sent follow-ups, as on the live
// service; a follow-up sets a job working again from the time it arrives.

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
  /** When the agent started on its latest instruction: creation, or the last follow-up. */
  readonly workingSince: number;
}

/** A prompt the emulator received, for tests to assert. */
export interface ReceivedPrompt {
  readonly kind: 'create' | 'followUp';
  readonly jobId: string;
  readonly prompt: string;
}

export class JobStore {
  private readonly jobs = new Map<string, StoredJob>();
  private next = 1;
  readonly prompts: ReceivedPrompt[] = [];
  /** How jobs created by a prompt end; a test may make the next ones fail. */
  createdOutcome: JobOutcome = 'completed';
  /** How long a created job, or a followed-up one, works before it ends. */
  createdRunsForMs = 60_000;

  constructor(private readonly now: () => number) {}

  add(spec: JobSpec): void {
    const createdAt = spec.createdAt ?? this.now();
    this.jobs.set(spec.id, { ...spec, createdAt, workingSince: createdAt, number: this.next++ });
  }

  /** A new job for a prompt, as POST /v2/agent/{projectId}/job makes one. */
  create(prompt: string): unknown {
    const id = `job_${String(this.next).padStart(4, '0')}_${Math.floor(this.now() / 1000).toString(36)}`;
    this.add({ id, outcome: this.createdOutcome, runsForMs: this.createdRunsForMs, repository: 'https://github.com/acme/docs' });
    this.prompts.push({ kind: 'create', jobId: id, prompt });
    return this.read(id);
  }

  /** A follow-up: the job works again from now, whatever state it was in. Undefined for an unknown job. */
  followUp(id: string, prompt: string): unknown {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    this.prompts.push({ kind: 'followUp', jobId: id, prompt });
    this.jobs.set(id, {
      ...job,
      workingSince: this.now(),
      outcome: job.outcome === 'staysActive' ? 'staysActive' : this.createdOutcome,
      runsForMs: this.createdRunsForMs,
    });
    return this.read(id);
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
    const finishedAt = job.workingSince + (job.runsForMs ?? 60_000);
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
