// How a tracked job reads in the tree: label, description, icon, details.

import * as l10n from '@vscode/l10n';
import { isSafeBranchName } from '../git/branchNames';
import { jobItemContexts } from '../identifiers';
import { repositoryShortName } from '../git/remoteUrls';
import type { AgentJob, KnownJobStatus } from '../platform/agentJob';
import type { TrackedJob } from './trackedJob';
import { displayLanguage } from '../shared/language';
import { age } from '../shared/age';

export { age };

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
      return l10n.t('not found');
    case 'error':
      return l10n.t('paused');
    case 'offline':
      return tracked.job ? l10n.t('{0}, offline', statusOf(tracked.job)) : l10n.t('offline');
    case 'watching':
    case 'ended':
      return tracked.job ? statusOf(tracked.job) : l10n.t('loading…');
  }
}

function statusOf(job: AgentJob): string {
  return job.status === 'unknown' ? l10n.t('unknown status "{0}"', job.rawStatus ?? '') : statusWord(job.status);
}

/** A known status, in words: "active", "completed". */
function statusWord(status: KnownJobStatus): string {
  switch (status) {
    case 'active':
      return l10n.t('active');
    case 'completed':
      return l10n.t('completed');
    case 'failed':
      return l10n.t('failed');
    case 'archived':
      return l10n.t('archived');
  }
}

export function jobDescription(tracked: TrackedJob, now: number): string {
  const created = tracked.job?.createdAt ? Date.parse(tracked.job.createdAt) : undefined;
  const described = created === undefined ? statusText(tracked) : `${statusText(tracked)} · ${age(now - created)}`;
  return tracked.fixes ? `${described} · ${l10n.t('fixes {0}', tracked.fixes.label)}` : described;
}

/**
 * The job as a screen reader says it, in words: "Agent job Fix the typos, in acme/docs on branch
 * fix-typos, completed, started 5 minutes ago, pull request ready". No "·" and no abbreviations.
 */
export function spokenJob(tracked: TrackedJob, now: number): string {
  const title = tracked.prompt !== undefined ? promptTitle(tracked.prompt) : undefined;
  const repository = repositoryName(tracked.job?.repository);
  const ref = tracked.job?.ref;
  const where = repository ? (ref ? l10n.t('in {0} on branch {1}', repository, ref) : l10n.t('in {0}', repository)) : undefined;
  const created = tracked.job?.createdAt ? Date.parse(tracked.job.createdAt) : NaN;
  // Phrases a screen reader says one after the other, each whole in the display language.
  return [
    title ? l10n.t('Agent job {0}', title) : where ? l10n.t('Agent job') : l10n.t('Agent job {0}', tracked.id),
    ...(where ? [where] : []),
    statusText(tracked).replace(/…$/, ''),
    ...(Number.isNaN(created) ? [] : [l10n.t('started {0}', spokenAge(now - created))]),
    ...(tracked.job?.prLink ? [l10n.t('pull request ready')] : []),
  ].join(', ');
}

/** "just now", "1 minute ago", "3 hours ago", "2 days ago": in words, as age() says it. */
export function spokenAge(ms: number): string {
  return age(ms);
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
  const label = l10n.t('Pull request');
  if (job?.prLink) return { label, value: job.prLink, url: job.prLink };
  if (job?.prLinkRefused) return { label, value: l10n.t('a link that is not https, so not kept') };
  if (!job || job.status === 'active') return { label, value: l10n.t('none yet: the agent is still working') };
  if (job.status === 'completed' || job.status === 'archived') return { label, value: l10n.t('none: no file was changed') };
  return { label, value: l10n.t({ message: 'none', comment: ['The value of the field Pull request: there is none.'] }) };
}

export function jobDetails(tracked: TrackedJob): JobDetail[] {
  const job = tracked.job;
  const details: JobDetail[] = [pullRequestDetail(job)];
  // What readers could not find that it was started to fix: a row of its own, as its readers' words.
  if (tracked.fixes) details.push({ label: l10n.t('Fixes'), value: tracked.fixes.label });
  // Named by its prompt, a job shows where it works as a detail.
  const repository = tracked.prompt !== undefined ? repositoryLabel(job) : undefined;
  if (repository) details.push({ label: l10n.t('Repository'), value: repository });
  if (job?.model) details.push({ label: l10n.t('Model'), value: job.model });
  if (job?.createdAt) details.push({ label: l10n.t('Created'), value: formatTime(job.createdAt) });
  if (job?.archivedAt) details.push({ label: l10n.t('Archived'), value: formatTime(job.archivedAt) });
  if (tracked.polling.kind === 'notFound' || tracked.polling.kind === 'error' || tracked.polling.kind === 'offline')
    details.push({ label: l10n.t('Problem'), value: tracked.polling.message });
  return details;
}

/** Every field, for the tooltip. Values are escaped by the caller's Markdown. */
export function jobFields(tracked: TrackedJob): [string, string][] {
  const job = tracked.job;
  return [
    [l10n.t('Job id'), tracked.id],
    [l10n.t('Status'), statusText(tracked)],
    [l10n.t('Repository'), job?.repository ?? '—'],
    [l10n.t('Branch'), job?.ref ?? '—'],
    [l10n.t('Model'), job?.model ?? '—'],
    [l10n.t('Pull request'), pullRequestDetail(job).value],
    ...(tracked.fixes ? [[l10n.t('Fixes'), tracked.fixes.label] as [string, string]] : []),
    [l10n.t('Created'), job?.createdAt ? formatTime(job.createdAt) : '—'],
    [l10n.t('Archived'), job?.archivedAt ? formatTime(job.archivedAt) : '—'],
  ];
}

/**
 * Made once for the display language: a formatter costs far more to make than to use, and a tree of
 * jobs formats many times.
 */
let timeFormat: { readonly language: string; readonly format: Intl.DateTimeFormat } | undefined;

function formatTime(iso: string): string {
  const language = displayLanguage();
  if (timeFormat?.language !== language)
    timeFormat = { language, format: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }) };
  return timeFormat.format.format(new Date(iso));
}
