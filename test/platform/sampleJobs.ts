// Agent jobs in every state, for trying the extension by hand (the emulator on its own, the demo).

import type { PlatformEmulator } from './emulator';

const MINUTE = 60_000;

/** Adds one job per state and returns their ids, in the order a user would track them. */
export function addSampleJobs(emulator: PlatformEmulator): string[] {
  const now = Date.now();
  const jobs = emulator.jobs;
  jobs.add({ id: 'job-active', outcome: 'staysActive', repository: 'https://github.com/acme/docs', ref: 'docs-agent/quickstart' });
  jobs.add({ id: 'job-finishing', outcome: 'completed', runsForMs: 2 * MINUTE, repository: 'https://github.com/acme/docs' });
  jobs.add({ id: 'job-completed', outcome: 'completed', runsForMs: 0, createdAt: now - 90 * MINUTE });
  jobs.add({ id: 'job-no-changes', outcome: 'completedWithoutChanges', runsForMs: 0, createdAt: now - 3 * 60 * MINUTE });
  jobs.add({ id: 'job-failed', outcome: 'failed', runsForMs: MINUTE, repository: 'https://github.com/acme/api' });
  jobs.add({ id: 'job-archived', outcome: 'archived', runsForMs: 0, archivedAfterMs: 0, createdAt: now - 2 * 24 * 60 * MINUTE });
  return jobs.ids();
}
