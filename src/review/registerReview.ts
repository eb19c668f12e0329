// Review Changes and Check Out Branch: an agent job's branch, fetched into the workspace's clone of
// its repository through VS Code's Git extension, shown in VS Code's multi-file diff editor, or
// checked out to go on from the agent's work. Every way this can fail ends in a sentence and a way
// on: clone the repository, open the pull request, or try again.

import * as vscode from 'vscode';
import type { AgentJobsModel } from '../agentJobs/agentJobsModel';
import { jobOfCommand } from '../agentJobs/jobArgument';
import { hasBranch, isSafePullRequestLink, jobLabel, repositoryName } from '../agentJobs/jobPresentation';
import type { TrackedJob } from '../agentJobs/poller';
import { type ReviewEntry, ReviewEditors } from '../agentJobs/reviewEditors';
import type { AgentJob } from '../platform/agentJob';
import { contextKeys, commands } from '../identifiers';
import { type GitChange, GitStatus, gitWords, hasGitExtension } from '../git/gitApi';
import { type MessageAction, setStatusMessage, showMessage, withProgress } from '../ui/messages';
import {
  type BranchChanges,
  type BranchProblem,
  type BranchResult,
  changesOf,
  type FetchedBranch,
  fetchBranch,
  findClone,
} from './jobBranch';

export interface ReviewDeps {
  readonly model: AgentJobsModel;
  readonly reviews: ReviewEditors;
}

/** A job with a branch, as these commands need it. */
type BranchJob = TrackedJob & { readonly job: AgentJob & { readonly repository: string; readonly ref: string } };

/** What Review Changes showed: for the tests, and for whoever runs it as a command. */
export interface ReviewSummary {
  readonly title: string;
  /** Workspace-relative paths, as the diff editor lists them. */
  readonly files: readonly string[];
  readonly base: string;
  readonly head: string;
}

export function registerReview(context: vscode.ExtensionContext, deps: ReviewDeps): void {
  void vscode.commands.executeCommand('setContext', contextKeys.gitAvailable, hasGitExtension());
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.reviewAgentJobChanges, (argument?: unknown) => review(deps, argument)),
    vscode.commands.registerCommand(commands.checkOutAgentJobBranch, (argument?: unknown) => checkOut(deps, argument)),
  );
}

async function review(deps: ReviewDeps, argument: unknown): Promise<ReviewSummary | undefined> {
  const tracked = await branchJob(deps, argument, 'Review Changes', 'The agent job whose changes to review');
  if (!tracked) return undefined;
  const { repository, ref } = tracked.job;
  const label = jobLabel(tracked);
  const found = await withBranch(tracked, `Fetching the changes of ${label}…`, async (fetched, token) => changesOf(fetched, token));
  if (!found) return undefined;
  const { changes, base, mergeBase, head } = found;
  if (changes.length === 0) {
    showMessage('info', `The branch ${ref} has no change against ${base}: the agent changed no file there.`, ...pullRequestButton(tracked));
    return { title: '', files: [], base, head };
  }
  const title = ReviewEditors.titleOf(label);
  const entries = changes.map((change) => reviewEntry(found, change, mergeBase, head));
  await deps.reviews.open(tracked.id, title, entries);
  const files = entries.map(([resource]) => vscode.workspace.asRelativePath(resource, false));
  showMessage(
    'info',
    `${files.length} file${files.length === 1 ? '' : 's'} changed by agent job "${label}" on ${ref} (${repositoryName(repository)}), against ${base}.`,
    { title: 'Send Follow-Up', run: () => vscode.commands.executeCommand(commands.sendAgentJobFollowUp, tracked.id) },
    { title: 'Check Out Branch', run: () => vscode.commands.executeCommand(commands.checkOutAgentJobBranch, tracked.id) },
    ...pullRequestButton(tracked),
  );
  return { title, files, base, head };
}

/** One file of the review: each side read by the Git extension at its commit, so the diff is VS Code's own. */
function reviewEntry(found: BranchChanges, change: GitChange, before: string, after: string): ReviewEntry {
  const { api } = found;
  switch (change.status) {
    case GitStatus.added:
      return [change.uri, undefined, api.toGitUri(change.uri, after)];
    case GitStatus.deleted:
      return [change.uri, api.toGitUri(change.uri, before), undefined];
    case GitStatus.renamed: {
      const renamed = change.renameUri ?? change.uri;
      return [renamed, api.toGitUri(change.originalUri, before), api.toGitUri(renamed, after)];
    }
    default:
      return [change.uri, api.toGitUri(change.uri, before), api.toGitUri(change.uri, after)];
  }
}

/** Checks the job's branch out as a local branch tracking the remote one; resolves to whether it did. */
async function checkOut(deps: ReviewDeps, argument: unknown): Promise<boolean> {
  const tracked = await branchJob(deps, argument, 'Check Out Branch', 'The agent job whose branch to check out');
  if (!tracked) return false;
  const fetched = await withBranch(tracked, `Fetching ${tracked.job.ref}…`, (branch) => Promise.resolve({ ok: true, value: branch }));
  if (!fetched) return false;
  try {
    const outcome = await switchTo(fetched);
    if (outcome.refused) {
      showMessage('warning', outcome.refused);
      return false;
    }
    setStatusMessage(outcome.done, 8_000);
    return true;
  } catch (error) {
    showMessage('error', `Git could not check out ${fetched.branch}: ${gitWords(error)}`);
    return false;
  }
}

/** Switches to the local branch of the job, made or brought up to date from the fetched one. */
async function switchTo(fetched: FetchedBranch): Promise<{ readonly done: string; readonly refused?: string }> {
  const { repository, branch, trackingRef, head } = fetched;
  const local = await repository.getBranch(`refs/heads/${branch}`).catch(() => undefined);
  const current = repository.state.HEAD?.name === branch;
  const target = local?.commit ?? head;
  const overwritten = current ? [] : await overwrittenBy(fetched, target);
  if (overwritten.length > 0) {
    const files = overwritten.slice(0, 5).join(', ') + (overwritten.length > 5 ? ` and ${overwritten.length - 5} more` : '');
    return {
      done: '',
      refused: `${branch} was not checked out: it would overwrite your uncommitted changes to ${files}. Commit or stash them, then check it out again. Nothing was changed.`,
    };
  }
  const tracking = (await repository.getCommit(trackingRef).catch(() => undefined)) !== undefined;
  if (!local) {
    await repository.createBranch(branch, true, tracking ? trackingRef : head);
    if (tracking) await repository.setBranchUpstream(branch, trackingRef);
    return { done: `Checked out ${branch}${tracking ? `, tracking ${trackingRef}` : ''}: go on from the agent's work.` };
  }
  if (!current) await repository.checkout(branch);
  if (tracking && !local.upstream) await repository.setBranchUpstream(branch, trackingRef);
  if (local.commit === head) return { done: `Checked out ${branch}, as the agent left it.` };
  const mergeBase = await repository.getMergeBase(branch, head);
  if (mergeBase === local.commit) {
    await repository.merge(head);
    return { done: `Checked out ${branch}, brought up to date with the agent's work.` };
  }
  return { done: `Checked out ${branch}. It has commits of its own that ${trackingRef} has not: pull to bring in the agent's work.` };
}

/** The uncommitted files that switching to `target` would rewrite: those it differs in from HEAD. */
async function overwrittenBy({ repository }: FetchedBranch, target: string): Promise<string[]> {
  await repository.status();
  const state = repository.state;
  const dirty = new Set([...state.indexChanges, ...state.workingTreeChanges, ...state.mergeChanges].map((change) => change.uri.fsPath));
  if (dirty.size === 0 || !state.HEAD?.commit) return [];
  const differing = [...(await repository.diffBetween('HEAD', target)), ...(await repository.diffBetween(target, 'HEAD'))].flatMap(
    (change) => [change.uri.fsPath, change.originalUri.fsPath],
  );
  return [...new Set(differing.filter((file) => dirty.has(file)))].sort().map((file) => vscode.workspace.asRelativePath(file, false));
}

/** The job the command is about, if it has a branch; otherwise says why nothing can be done. */
async function branchJob(deps: ReviewDeps, argument: unknown, command: string, placeHolder: string): Promise<BranchJob | undefined> {
  const tracked = await jobOfCommand(
    deps.model,
    argument,
    {
      title: `Docs Assistant: ${command}`,
      placeHolder,
      applies: (job) => hasBranch(job.job),
      none: 'No tracked agent job has a branch yet: a job names its branch once the agent works on it.',
    },
    () => deps.reviews.activeJob(),
  );
  if (!tracked) return undefined;
  if (!hasBranch(tracked.job)) {
    showMessage(
      'info',
      `Agent job "${jobLabel(tracked)}" names no branch yet, so there is nothing to fetch.`,
      ...pullRequestButton(tracked),
    );
    return undefined;
  }
  return tracked as BranchJob;
}

/**
 * Finds the clone, fetches the job's branch into it (in a notification that can be cancelled), and
 * runs `then` on it. A problem on the way is said, with what the user can do instead.
 */
async function withBranch<T>(
  tracked: BranchJob,
  title: string,
  then: (fetched: FetchedBranch, token: vscode.CancellationToken) => Promise<BranchResult<T>>,
): Promise<T | undefined> {
  const clone = await findClone(tracked.job.repository);
  const result = !clone.ok
    ? clone
    : await withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (_progress, token) => {
        const fetched = await fetchBranch(clone.value, tracked.job.ref, token);
        return fetched.ok ? then(fetched.value, token) : fetched;
      });
  if (result.ok) return result.value;
  explain(tracked, result.problem, clone.ok ? clone.value.remote : undefined);
  return undefined;
}

function explain(tracked: BranchJob, problem: BranchProblem, remote: string | undefined): void {
  const { repository, ref, status } = tracked.job;
  const pullRequest = pullRequestButton(tracked);
  switch (problem.kind) {
    case 'cancelled':
      return;
    case 'noGit':
      return showMessage(
        'warning',
        "The agent's changes are fetched with VS Code's Git extension, which is not available here (VS Code for the Web has none; on the desktop, it may be turned off by git.enabled).",
        ...pullRequest,
      );
    case 'noClone':
      return showMessage(
        'info',
        `No folder of this workspace is a clone of ${repository}. Clone it to review the agent's changes in VS Code, or open the pull request.`,
        { title: 'Clone Repository', run: () => vscode.commands.executeCommand('git.clone', repository) },
        ...pullRequest,
      );
    case 'fetchFailed':
      if (problem.missing && status === 'active')
        return showMessage('info', `The agent has not pushed ${ref} yet. Review its changes once the job completes.`);
      return showMessage(
        'warning',
        problem.missing
          ? `The branch ${ref} is not on ${remote ?? 'the remote'}: it may have been merged and deleted. Git said: ${problem.words}`
          : `Git could not fetch ${ref} from ${remote ?? 'the remote'}: ${problem.words}`,
        ...pullRequest,
      );
    case 'noBase':
      return showMessage(
        'warning',
        `The branch ${ref} shares no history with ${problem.base}, so it has no changes to show against it.`,
        ...pullRequest,
      );
  }
}

function pullRequestButton(tracked: TrackedJob): MessageAction[] {
  return isSafePullRequestLink(tracked.job?.prLink)
    ? [{ title: 'Open Pull Request', run: () => vscode.commands.executeCommand(commands.openPullRequest, tracked.id) }]
    : [];
}
