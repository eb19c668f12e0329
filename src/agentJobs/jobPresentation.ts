// How a tracked job reads in the tree: label, description, icon, details.

import { isSafeBranchName } from '../git/branchNames';
import { jobItemContexts } from '../identifiers';
import { repositoryShortName } from '../git/remoteUrls';
import type { AgentJob } from '../platform/agentJob';
import type { TrackedJob } from './trackedJob';
import { countOf } from '../shared/counting';

export type JobIcon = 'active' | 'completed' | 'failed' | 'archived' | 'unknown' | 'notFound' | 'error' | 'offline' | 'loading';

export interface JobDetail {
  readonly label: string;
  readonly value: string;
  /** A link the detail opens: a pull request's, https. */
  readonly url?: string;
}

/** `acme/docs` from `https://github.com/acme/docs(.git)` or `git@github.com:acme/docs.git`; the raw text when it names no repository. */
export function repositoryName(repository: string | undefined): string | undefined {
  if (!repository) return undefined;
  return repositoryShortName(repository) ?? repository;
}

/** A job started here is named by its prompt's first line; any other by repository and branch, or its id. */
export function jobLabel(tracked: TrackedJob): string {
  return (tracked.prompt !== undefined ? promptTitle(tracked.prompt) : undefined) ?? repositoryLabel(tracked.job) ?? tracked.id;
}

/** `acme/docs · fix-typos`, or undefined before the repository is known. */
export function repositoryLabel(job: AgentJob | undefined): string | undefined {
  const name = repositoryName(job?.repository);
  if (!name) return undefined;
  return job?.ref ? `${name} · ${job.ref}` : name;
}

const TITLE_CHARS = 80;

/** A prompt's first line of words, without Markdown's heading marks, cut to a label's length. */
export function promptTitle(prompt: string): string | undefined {
  const line = prompt
    .split('\n')
    .map((text) => text.replace(/^#+\s*/, '').trim())
    .find((text) => text !== '');
  if (line === undefined) return undefined;
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

/** The prompt as a tooltip shows it: whole, unless it is very long. */
export const TOOLTIP_PROMPT_CHARS = 2_000;

export function jobIcon(tracked: TrackedJob): JobIcon {
  switch (tracked.polling.kind) {
    case 'notFound':
      return 'notFound';
    case 'error':
      return 'error';
    case 'offline':
      return 'offline';
    case 'watching':
    case 'ended':
      return tracked.job ? tracked.job.status : 'loading';
  }
}

export function statusText(tracked: TrackedJob): string {
  switch (tracked.polling.kind) {
    case 'notFound':
      return 'not found';
    case 'error':
      return 'paused';
    case 'offline':
      return tracked.job ? `${statusOf(tracked.job)}, offline` : 'offline';
    case 'watching':
    case 'ended':
      return tracked.job ? statusOf(tracked.job) : 'loading…';
  }
}

function statusOf(job: AgentJob): string {
  return job.status === 'unknown' ? `unknown status "${job.rawStatus ?? ''}"` : job.status;
}

export function jobDescription(tracked: TrackedJob, now: number): string {
  const created = tracked.job?.createdAt ? Date.parse(tracked.job.createdAt) : undefined;
  return created === undefined ? statusText(tracked) : `${statusText(tracked)} · ${age(now - created)}`;
}

/**
 * The job as a screen reader says it, in words: "Agent job Fix the typos, in acme/docs on branch
 * fix-typos, completed, started 5 minutes ago, pull request ready". No "·" and no abbreviations.
 */
export function spokenJob(tracked: TrackedJob, now: number): string {
  const title = tracked.prompt !== undefined ? promptTitle(tracked.prompt) : undefined;
  const repository = repositoryName(tracked.job?.repository);
  const where = repository ? `in ${repository}${tracked.job?.ref ? ` on branch ${tracked.job.ref}` : ''}` : undefined;
  const created = tracked.job?.createdAt ? Date.parse(tracked.job.createdAt) : NaN;
  return [
    title ? `Agent job ${title}` : where ? 'Agent job' : `Agent job ${tracked.id}`,
    ...(where ? [where] : []),
    statusText(tracked).replace(/…$/, ''),
    ...(Number.isNaN(created) ? [] : [`started ${spokenAge(now - created)}`]),
    ...(tracked.job?.prLink ? ['pull request ready'] : []),
  ].join(', ');
}

/** "just now", "1 minute ago", "3 hours ago", "2 days ago". */
export function spokenAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const unit = (count: number, word: string) => `${countOf(count, word)} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function age(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** Whether the job names the branch it works on, in a repository: what Review Changes and Check Out Branch need. */
export function hasBranch(job: AgentJob | undefined): job is AgentJob & { readonly repository: string; readonly ref: string } {
  // A name git could read as an option or a refspec is no branch to fetch (isSafeBranchName).
  return typeof job?.repository === 'string' && typeof job.ref === 'string' && isSafeBranchName(job.ref);
}

/** A job started here that failed or was archived: its prompt can be started again as a new job. */
export function canStartAgain(tracked: TrackedJob): tracked is TrackedJob & { readonly prompt: string } {
  return tracked.prompt !== undefined && (tracked.job?.status === 'failed' || tracked.job?.status === 'archived');
}

/** The tree item's context value: what its menus offer (package.json's `viewItem` clauses read these words). */
export function jobContextValue(tracked: TrackedJob): string {
  const words: string[] = [jobItemContexts.job];
  if (tracked.job?.prLink) words.push(jobItemContexts.hasPullRequest);
  if (hasBranch(tracked.job)) words.push(jobItemContexts.hasBranch);
  if (canStartAgain(tracked)) words.push(jobItemContexts.canStartAgain);
  return words.join(' ');
}

/** Why a job has no pull request, or the link itself. */
export function pullRequestDetail(job: AgentJob | undefined): JobDetail {
  if (job?.prLink) return { label: 'Pull request', value: job.prLink, url: job.prLink };
  if (job?.prLinkRefused) return { label: 'Pull request', value: 'a link that is not https, so not kept' };
  if (!job || job.status === 'active') return { label: 'Pull request', value: 'none yet: the agent is still working' };
  if (job.status === 'completed' || job.status === 'archived') return { label: 'Pull request', value: 'none: no file was changed' };
  return { label: 'Pull request', value: 'none' };
}

export function jobDetails(tracked: TrackedJob): JobDetail[] {
  const job = tracked.job;
  const details: JobDetail[] = [pullRequestDetail(job)];
  // Named by its prompt, a job shows where it works as a detail.
  const repository = tracked.prompt !== undefined ? repositoryLabel(job) : undefined;
  if (repository) details.push({ label: 'Repository', value: repository });
  if (job?.model) details.push({ label: 'Model', value: job.model });
  if (job?.createdAt) details.push({ label: 'Created', value: formatTime(job.createdAt) });
  if (job?.archivedAt) details.push({ label: 'Archived', value: formatTime(job.archivedAt) });
  if (tracked.polling.kind === 'notFound' || tracked.polling.kind === 'error' || tracked.polling.kind === 'offline')
    details.push({ label: 'Problem', value: tracked.polling.message });
  return details;
}

/** Every field, for the tooltip. Values are escaped by the caller's Markdown. */
export function jobFields(tracked: TrackedJob): [string, string][] {
  const job = tracked.job;
  return [
    ['Job id', tracked.id],
    ['Status', statusText(tracked)],
    ['Repository', job?.repository ?? '—'],
    ['Branch', job?.ref ?? '—'],
    ['Model', job?.model ?? '—'],
    ['Pull request', pullRequestDetail(job).value],
    ['Created', job?.createdAt ? formatTime(job.createdAt) : '—'],
    ['Archived', job?.archivedAt ? formatTime(job.archivedAt) : '—'],
  ];
}

/** Made once: a formatter costs far more to make than to use, and a tree of jobs formats many times. */
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
