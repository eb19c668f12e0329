// Which jobs are tracked, kept per base URL and project, so a reload brings them back and a job
// of one platform never shows up under another.

import { type AgentJob, restoreAgentJob } from '../platform/agentJob';
import { storageKeys } from '../identifiers';

/** The subset of vscode.Memento this needs. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export interface SavedJob {
  readonly id: string;
  readonly job?: AgentJob;
  /** The prompt that started the job, when this client started it. */
  readonly prompt?: string;
}

export function scopeKey(origin: string, projectId: string): string {
  return `${storageKeys.trackedJobsPrefix}${origin}|${projectId}`;
}

export function loadTrackedJobs(store: KeyValueStore, scope: string): SavedJob[] {
  const saved = store.get<unknown>(scope);
  if (!Array.isArray(saved)) return [];
  const jobs: SavedJob[] = [];
  const seen = new Set<string>();
  for (const entry of saved as { id?: unknown; job?: unknown; prompt?: unknown }[]) {
    if (typeof entry?.id !== 'string' || entry.id === '' || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const job = entry.job === undefined ? undefined : restoreAgentJob(entry.job);
    const prompt = typeof entry.prompt === 'string' && entry.prompt !== '' ? entry.prompt : undefined;
    jobs.push({ id: entry.id, ...(job ? { job } : {}), ...(prompt ? { prompt } : {}) });
  }
  return jobs;
}

export function saveTrackedJobs(store: KeyValueStore, scope: string, jobs: readonly SavedJob[]): Thenable<void> {
  return store.update(
    scope,
    jobs.map(({ id, job, prompt }) => ({ id, ...(job ? { job } : {}), ...(prompt ? { prompt } : {}) })),
  );
}
