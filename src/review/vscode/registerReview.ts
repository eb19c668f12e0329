// Review Changes and Check Out Branch: an agent job's branch, fetched into the workspace's clone of
// its repository through VS Code's Git extension, shown in VS Code's multi-file diff editor, or
// checked out to go on from the agent's work. Every way this can fail ends in a sentence and a way
// on: clone the repository, open the pull request, pull, or try again.

import * as vscode from 'vscode';
import type { AgentJobsModel } from '../../agentJobs/agentJobsModel';
import { jobActions, pullRequestButton } from '../../agentJobs/vscode/jobActions';
import { jobOfCommand } from '../../agentJobs/vscode/jobArgument';
import { hasBranch, jobLabel, promptTitle, repositoryName } from '../../agentJobs/jobPresentation';
import type { TrackedJob } from '../../agentJobs/trackedJob';
import { gitWords } from '../../git/gitWords';
import { type GitChange, GitStatus } from '../../git/vscode/gitApi';
import { hasGitExtension } from '../../git/vscode/gitExtension';
import { isCloneableUrl } from '../../git/remoteUrls';
import { commands, contextKeys } from '../../identifiers';
import type { AgentJob } from '../../platform/agentJob';
import { setStatusMessage, showMessage, withProgress } from '../../ui/vscode/notifications';
import {
  type BranchChanges,
  type BranchProblem,
  type BranchResult,
  changesOf,
  type FetchedBranch,
  fetchBranch,
  findClone,
} from './jobBranch';
import { type PathKind, type Switched, switchTo } from './branchSwitch';
import { type ReviewEntry, ReviewEditors } from './reviewEditors';
import { countOf, firstAndMore } from '../../shared/counting';

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
  const found = await withBranch(tracked, `Fetching the changes of ${label}…`, changesOf);
  if (!found) return undefined;
  const { changes, base, mergeBase, head } = found;
  if (changes.length === 0) {
    showMessage(
      'info',
      `The branch ${ref} has no change against ${base}: the agent changed no file there.`,
      ...pullRequestButton(tracked.id, tracked.job),
    );
    return { title: '', files: [], base, head };
  }
  const title = ReviewEditors.titleOf(label, tracked.id);
  const entries = changes.map((change) => reviewEntry(found, change, mergeBase, head));
  await deps.reviews.open(tracked.id, title, entries);
  const files = entries.map(([resource]) => vscode.workspace.asRelativePath(resource, false));
  const named = tracked.prompt !== undefined ? promptTitle(tracked.prompt) : undefined;
  showMessage(
    'info',
    `${countOf(files.length, 'file')} changed by ${named ? `agent job "${named}"` : 'the agent'} on ${ref} (${repositoryName(repository)}), against ${base}.`,
    jobActions.sendFollowUp(tracked.id),
    jobActions.checkOutBranch(tracked.id),
    ...pullRequestButton(tracked.id, tracked.job),
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
  return switchAndSay(fetched);
}

/** Switches to the fetched branch, as the local branch `as` when given, and says how it went; resolves to whether it did. */
async function switchAndSay(fetched: FetchedBranch, as?: string): Promise<boolean> {
  let switched: Switched;
  try {
    switched = await switchTo(fetched, { onDisk: (path) => pathKind(vscode.Uri.joinPath(fetched.repository.rootUri, path)) }, as);
  } catch (error) {
    showMessage('error', `Git could not check out ${as ?? fetched.branch}: ${gitWords(error)}`);
    return false;
  }
  if (switched.kind === 'tracksElsewhere') {
    showMessage(
      'warning',
      `${fetched.branch} was not checked out: your local branch ${switched.local} tracks ${switched.upstream}, not ${fetched.trackingRef}, so it holds other work than the agent's. Check out the agent's work as ${switched.free} instead, tracking ${fetched.trackingRef}. Nothing was changed.`,
      { title: `Check Out as ${switched.free}`, run: () => void switchAndSay(fetched, switched.free) },
    );
    return false;
  }
  if (switched.kind === 'refused') {
    const files = fileList(switched.files);
    showMessage(
      'warning',
      `${fetched.branch} was not checked out: it would overwrite your uncommitted changes${files ? ` to ${files}` : ''}. Commit or stash them, then check it out again. Nothing was changed.`,
    );
    return false;
  }
  if (switched.kind === 'nameClash') {
    showMessage(
      'warning',
      `${fetched.branch} was not checked out: your local branch ${switched.local} is in the way, since git cannot have a branch and a branch under it of the same name. Rename or delete ${switched.local}, then check the branch out again. Nothing was changed.`,
    );
    return false;
  }
  if (switched.kind === 'inTheWay') {
    const many = switched.files.length > 1;
    showMessage(
      'warning',
      `${fetched.branch} was not checked out: it has ${many ? 'files' : 'a file'} where you have ${many ? 'files' : 'one'} that git does not track (ignored or untracked), which checking it out would overwrite: ${fileList(switched.files)}. Move ${many ? 'them' : 'it'} out of the repository or rename ${many ? 'them' : 'it'}, check the branch out again, then bring back what you need. Nothing was changed.`,
    );
    return false;
  }
  if (switched.behind) {
    showMessage('info', `${switched.message} It is ${countOf(switched.behind, 'commit')} behind the agent's work: pull to bring it in.`, {
      title: 'Pull',
      run: () => vscode.commands.executeCommand('git.pull'),
    });
  } else setStatusMessage(switched.message, 8_000);
  return true;
}

/** Up to five paths, and how many more. */
function fileList(files: readonly string[]): string {
  return firstAndMore(files, 5);
}

async function pathKind(uri: vscode.Uri): Promise<PathKind> {
  try {
    // A link to a folder is one entry to git, not a folder whose files could be overwritten.
    const { type } = await vscode.workspace.fs.stat(uri);
    return type & vscode.FileType.Directory && !(type & vscode.FileType.SymbolicLink) ? 'folder' : 'file';
  } catch {
    return undefined;
  }
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
    const named = tracked.job?.ref ? 'names no branch that can be fetched' : 'names no branch yet';
    showMessage(
      'info',
      `Agent job "${jobLabel(tracked)}" ${named}, so there is nothing to fetch.`,
      ...pullRequestButton(tracked.id, tracked.job),
    );
    return undefined;
  }
  return tracked as BranchJob;
}

/**
 * Finds the clone and fetches the job's branch into it, in a notification that can be cancelled,
 * then runs `then` on it. A problem on the way is said, with what the user can do instead.
 */
async function withBranch<T>(
  tracked: BranchJob,
  title: string,
  then: (fetched: FetchedBranch, token: vscode.CancellationToken) => Promise<BranchResult<T>>,
): Promise<T | undefined> {
  // Without Git (VS Code for the Web) there is nothing to fetch: say so at once, with no progress first.
  if (!hasGitExtension()) return void explain(tracked, { kind: 'noGit' });
  let remote: string | undefined;
  const result = await withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (_progress, token): Promise<BranchResult<T>> => {
      const clone = await findClone(tracked.job.repository);
      if (!clone.ok) return clone;
      remote = clone.value.remote;
      const fetched = await fetchBranch(clone.value, tracked.job.ref, token);
      return fetched.ok ? then(fetched.value, token) : fetched;
    },
  );
  if (result.ok) return result.value;
  explain(tracked, result.problem, remote);
  return undefined;
}

function explain(tracked: BranchJob, problem: BranchProblem, remote = 'the remote'): void {
  const { repository, ref, status } = tracked.job;
  const pullRequest = pullRequestButton(tracked.id, tracked.job);
  switch (problem.kind) {
    case 'cancelled':
      return;
    case 'noGit':
      return showMessage(
        'warning',
        "The agent's changes are fetched with VS Code's Git extension, which is not available here (VS Code for the Web has none; on the desktop, it may be turned off by git.enabled).",
        ...pullRequest,
      );
    case 'gitStarting':
      return showMessage('info', "VS Code's Git extension is still looking for this workspace's repositories. Try again in a moment.");
    case 'noClone':
      return showMessage(
        'info',
        `No folder of this workspace is a clone of ${repository}. Clone it to review the agent's changes in VS Code, or open the pull request.`,
        ...(isCloneableUrl(repository)
          ? [{ title: 'Clone Repository', run: () => vscode.commands.executeCommand('git.clone', repository) }]
          : []),
        ...pullRequest,
      );
    case 'badBranch':
      return showMessage(
        'warning',
        `The branch name of agent job "${jobLabel(tracked)}" is not a plain branch name, so it is not fetched.`,
        ...pullRequest,
      );
    case 'fetchFailed':
      if (problem.missing && status === 'active')
        return showMessage('info', `The agent has not pushed ${ref} yet. Review its changes once the job completes.`);
      return showMessage(
        'warning',
        problem.missing
          ? `The branch ${ref} is not on ${remote}: it may have been merged and deleted. Git said: ${problem.words}`
          : `Git could not fetch ${ref} from ${remote}: ${problem.words}`,
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
