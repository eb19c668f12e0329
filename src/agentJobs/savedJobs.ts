// Which jobs are tracked, kept per base URL and project, so a reload brings them back and a job
// of one platform never shows up under another.

import { type AgentJob, restoreAgentJob } from '../platform/agentJob';
import { storageKeys } from '../identifiers';
import type { FixedWhat } from '../readerSignals/fixPrompt';

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
  /** What readers could not find that it was started to fix. */
  readonly fixes?: FixedWhat;
}

export function scopeKey(origin: string, projectId: string): string {
  return `${storageKeys.trackedJobsPrefix}${origin}|${projectId}`;
}

export function loadTrackedJobs(store: KeyValueStore, scope: string): SavedJob[] {
  const saved = store.get<unknown>(scope);
  if (!Array.isArray(saved)) return [];
  const jobs: SavedJob[] = [];
  const seen = new Set<string>();
  for (const entry of saved as { id?: unknown; job?: unknown; prompt?: unknown; fixes?: unknown }[]) {
    if (typeof entry?.id !== 'string' || entry.id === '' || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const job = entry.job === undefined ? undefined : restoreAgentJob(entry.job);
    const prompt = typeof entry.prompt === 'string' && entry.prompt !== '' ? entry.prompt : undefined;
    const fixes = fixesOf(entry.fixes);
    jobs.push({ id: entry.id, ...(job ? { job } : {}), ...(prompt ? { prompt } : {}), ...(fixes ? { fixes } : {}) });
  }
  return jobs;
}

export function saveTrackedJobs(store: KeyValueStore, scope: string, jobs: readonly SavedJob[]): Thenable<void> {
  return store.update(
    scope,
    jobs.map(({ id, job, prompt, fixes }) => ({ id, ...(job ? { job } : {}), ...(prompt ? { prompt } : {}), ...(fixes ? { fixes } : {}) })),
  );
}

/** What a job fixes, as stored; undefined when what is stored is not that (an older version's, or damaged). */
function fixesOf(value: unknown): FixedWhat | undefined {
  const fixes = value as { keys?: unknown; label?: unknown } | undefined;
  if (typeof fixes?.label !== 'string' || !Array.isArray(fixes.keys) || !fixes.keys.every((key) => typeof key === 'string'))
    return undefined;
  return { keys: fixes.keys, label: fixes.label };
}
