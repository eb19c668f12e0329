// Agent jobs in every state, for trying the extension by hand (the emulator on its own, the demo).

import type { PlatformEmulator } from './emulator';
import type { JobRepository } from './jobRepository';

const MINUTE = 60_000;

/**
 * Adds one job per state and returns their ids, in the order a user would track them. Given the
 * repository of the docs, the jobs that complete with a pull request work on it: their branches
 * hold their changes, to review.
 */
export function addSampleJobs(emulator: PlatformEmulator, repository?: JobRepository): string[] {
  const now = Date.now();
  const jobs = emulator.jobs;
  const on = (prompt: string) => (repository ? { pushesTo: { repository, prompt } } : { repository: 'https://github.com/acme/docs' });
  jobs.add({ id: 'job-active', outcome: 'staysActive', ref: 'docs-agent/quickstart', ...on('Write the quickstart') });
  jobs.add({ id: 'job-finishing', outcome: 'completed', runsForMs: 2 * MINUTE, ...on('Explain the retrieval page size') });
  jobs.add({
    id: 'job-completed',
    outcome: 'completed',
    runsForMs: 0,
    createdAt: now - 90 * MINUTE,
    ...on('Fix the links of the chat guide'),
  });
  // A branch whose preview deployment fails, with a log to read.
  jobs.add({ id: 'job-breaks-build', outcome: 'staysActive', ref: 'docs-agent/fail-build', repository: 'https://github.com/acme/docs' });
  jobs.add({ id: 'job-no-changes', outcome: 'completedWithoutChanges', runsForMs: 0, createdAt: now - 3 * 60 * MINUTE });
  jobs.add({ id: 'job-failed', outcome: 'failed', runsForMs: MINUTE, repository: 'https://github.com/acme/api' });
  jobs.add({ id: 'job-archived', outcome: 'archived', runsForMs: 0, archivedAfterMs: 0, createdAt: now - 2 * 24 * 60 * MINUTE });
  return jobs.ids();
}
