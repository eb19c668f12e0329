// Agent jobs whose status is a function of the emulator's clock, so a test moves time and
// watches a job finish. Jobs can be created with a prompt and sent follow-ups, as on the live
// service; a follow-up sets a job working again from the time it arrives. Given a Git repository,
// a created job works on it for real: when it completes, its branch holds a commit per instruction.

import type { JobRepository, RepositoryChange } from './jobRepository';

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
  /** The job works on this repository (its `repository` and, unless given, its `ref` follow), on this instruction. */
  readonly pushesTo?: { readonly repository: JobRepository; readonly prompt: string };
}

interface StoredJob extends JobSpec {
  readonly createdAt: number;
  readonly number: number;
  /** When the agent started on its latest instruction: creation, or the last follow-up. */
  readonly workingSince: number;
  /** For a job working on the store's repository: its instructions, and how many its branch has commits for. */
  readonly work?: { readonly repository: JobRepository; readonly prompts: string[]; pushed: number };
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
  /** When set, jobs created from now on work on this repository, and push their changes to it. */
  repository: JobRepository | undefined;

  constructor(private readonly now: () => number) {}

  add(spec: JobSpec): void {
    const createdAt = spec.createdAt ?? this.now();
    const pushesTo = spec.pushesTo;
    const work = pushesTo && { repository: pushesTo.repository, prompts: [pushesTo.prompt], pushed: 0 };
    const where = pushesTo && { repository: pushesTo.repository.url, ref: spec.ref ?? `docs-agent/${spec.id}` };
    this.jobs.set(spec.id, { ...spec, ...where, createdAt, workingSince: createdAt, number: this.next++, ...(work ? { work } : {}) });
  }

  /** A new job for a prompt, as POST /v2/agent/{projectId}/job makes one. */
  create(prompt: string): unknown {
    const id = `job_${String(this.next).padStart(4, '0')}_${Math.floor(this.now() / 1000).toString(36)}`;
    this.add({
      id,
      outcome: this.createdOutcome,
      runsForMs: this.createdRunsForMs,
      ...(this.repository ? { pushesTo: { repository: this.repository, prompt } } : { repository: 'https://github.com/acme/docs' }),
    });
    this.prompts.push({ kind: 'create', jobId: id, prompt });
    return this.read(id);
  }

  /** A follow-up: the job works again from now, whatever state it was in. Undefined for an unknown job. */
  followUp(id: string, prompt: string): unknown {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    this.prompts.push({ kind: 'followUp', jobId: id, prompt });
    job.work?.prompts.push(prompt);
    this.jobs.set(id, {
      ...job,
      workingSince: this.now(),
      outcome: job.outcome === 'staysActive' ? 'staysActive' : this.createdOutcome,
      runsForMs: this.createdRunsForMs,
    });
    return this.read(id);
  }

  /** Pushes the commits of the instructions a finished job has done and not yet pushed. */
  private push(job: StoredJob): void {
    const work = job.work;
    if (!work || !job.ref || work.pushed >= work.prompts.length) return;
    const repository = work.repository;
    for (let index = work.pushed; index < work.prompts.length; index++)
      repository.commit(job.ref, agentWork(repository, job.ref, work.prompts, index), titleOf(work.prompts[index]));
    work.pushed = work.prompts.length;
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
    if (finished && opensPullRequest) this.push(job);
    // A repository on this machine has no pull requests: they are the sample project's on GitHub.
    const pullRequests = /^https?:/.test(repository) ? repository : 'https://github.com/acme/docs';
    return {
      id: job.id,
      status,
      source: { repository, ref: job.ref === undefined ? `docs-agent/${job.id}` : job.ref },
      model: job.model ?? 'claude-sonnet-4-5',
      prLink: finished && opensPullRequest ? `${pullRequests}/pull/${100 + job.number}` : null,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt: status === 'archived' && archivedAt !== undefined ? new Date(archivedAt).toISOString() : null,
    };
  }
}

/** The page a job's first instruction edits, the one it removes (if the repository has them), and where it adds its own. */
export const AGENT_EDITS = 'docs/configuration/settings.md';
export const AGENT_REMOVES = 'docs/troubleshooting.md';

/** The page a job adds for its prompt: `docs/guides/<words of its first line>.md`. */
export function agentPage(prompt: string): string {
  const slug = titleOf(prompt)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `docs/guides/${slug || 'agent-notes'}.md`;
}

/** The commit for instruction `index` of a job: the first edits a page, adds one and removes one; each follow-up edits the added page. */
export function agentWork(repository: JobRepository, ref: string, prompts: readonly string[], index: number): RepositoryChange {
  const page = agentPage(prompts[0]);
  const title = titleOf(prompts[index]);
  if (index > 0) {
    const before = repository.read(`refs/heads/${ref}`, page) ?? '';
    return { write: { [page]: `${before.replace(/\n*$/, '\n')}\n## ${title}\n\nAdded on a follow-up: ${title}.\n` } };
  }
  const edited = repository.read('main', AGENT_EDITS);
  return {
    write: {
      [AGENT_EDITS]: `${(edited ?? '# Settings\n').replace(/\n*$/, '\n')}\n## ${title}\n\nSee [${title}](../guides/${page.split('/').pop()}).\n`,
      [page]: `# ${title}\n\nWritten by the agent for: ${title}.\n`,
    },
    ...(repository.read('main', AGENT_REMOVES) === undefined ? {} : { remove: [AGENT_REMOVES] }),
  };
}

function titleOf(prompt: string): string {
  return (
    prompt
      .split('\n')
      .map((line) => line.replace(/^#+\s*/, '').trim())
      .find((line) => line !== '') ?? 'Agent notes'
  ).slice(0, 80);
}
