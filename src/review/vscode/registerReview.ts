// Review Changes and Check Out Branch: an agent job's branch, fetched into the workspace's clone of
// its repository through VS Code's Git extension, shown in VS Code's multi-file diff editor, or
// checked out to go on from the agent's work. Every way this can fail ends in a sentence and a way
// on: clone the repository, open the pull request, pull, or try again.

import * as vscode from 'vscode';
import type { AgentJobsModel } from '../../agentJobs/agentJobsModel';
import { jobActions, pullRequestButton } from '../../agentJobs/vscode/jobActions';
import { jobOfCommand } from '../../agentJobs/vscode/jobArgument';
import { hasBranch, jobLabel, promptTitle, repositoryName } from '../../agentJobs/jobPresentation';
import { gitWords } from '../../git/gitWords';
import { type GitChange, GitStatus } from '../../git/vscode/gitApi';
import { hasGitExtension } from '../../git/vscode/gitExtension';
import { commands, contextKeys } from '../../identifiers';
import { setStatusMessage, showMessage } from '../../ui/vscode/notifications';
import { type BranchChanges, type BranchJob, changesOf, type FetchedBranch } from './jobBranch';
import { type PathKind, type Switched, switchTo } from './branchSwitch';
import { type ReviewEntry, ReviewEditors } from './reviewEditors';
import { firstAndMore } from '../../shared/counting';
import { plural } from '../../shared/language';
import { withBranch } from './withBranch';

export interface ReviewDeps {
  readonly model: AgentJobsModel;
  readonly reviews: ReviewEditors;
}

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
  const tracked = await branchJob(
    deps,
    argument,
    vscode.l10n.t('Docs Assistant: Review Changes'),
    vscode.l10n.t('The agent job whose changes to review'),
  );
  if (!tracked) return undefined;
  const { repository, ref } = tracked.job;
  const label = jobLabel(tracked);
  const found = await withBranch(tracked, vscode.l10n.t('Fetching the changes of {0}…', label), changesOf);
  if (!found) return undefined;
  const { changes, base, mergeBase, head } = found;
  if (changes.length === 0) {
    showMessage(
      'info',
      vscode.l10n.t('The branch {0} has no change against {1}: the agent changed no file there.', ref, base),
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
    reviewSaid(files.length, named, ref, repositoryName(repository) ?? repository, base),
    jobActions.sendFollowUp(tracked.id),
    jobActions.checkOutBranch(tracked.id),
    ...pullRequestButton(tracked.id, tracked.job),
  );
  return { title, files, base, head };
}

/** What Review Changes says of what it opened: how many files, changed by whom, where, against what. */
function reviewSaid(files: number, named: string | undefined, ref: string, repository: string, base: string): string {
  if (named === undefined) {
    return plural(
      files,
      vscode.l10n.t('{0} file changed by the agent on {1} ({2}), against {3}.', files, ref, repository, base),
      vscode.l10n.t('{0} files changed by the agent on {1} ({2}), against {3}.', files, ref, repository, base),
    );
  }
  return plural(
    files,
    vscode.l10n.t('{0} file changed by agent job "{1}" on {2} ({3}), against {4}.', files, named, ref, repository, base),
    vscode.l10n.t('{0} files changed by agent job "{1}" on {2} ({3}), against {4}.', files, named, ref, repository, base),
  );
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
  const tracked = await branchJob(
    deps,
    argument,
    vscode.l10n.t('Docs Assistant: Check Out Branch'),
    vscode.l10n.t('The agent job whose branch to check out'),
  );
  if (!tracked) return false;
  const fetched = await withBranch(tracked, vscode.l10n.t('Fetching {0}…', tracked.job.ref), (branch) =>
    Promise.resolve({ ok: true, value: branch }),
  );
  if (!fetched) return false;
  return switchAndSay(fetched);
}

/** Switches to the fetched branch, as the local branch `as` when given, and says how it went; resolves to whether it did. */
async function switchAndSay(fetched: FetchedBranch, as?: string): Promise<boolean> {
  let switched: Switched;
  try {
    switched = await switchTo(fetched, { onDisk: (path) => pathKind(vscode.Uri.joinPath(fetched.repository.rootUri, path)) }, as);
  } catch (error) {
    showMessage('error', vscode.l10n.t('Git could not check out {0}: {1}', as ?? fetched.branch, gitWords(error)));
    return false;
  }
  if (switched.kind === 'notTheAgents') {
    showMessage(
      'warning',
      switched.upstream === undefined
        ? vscode.l10n.t(
            "{0} was not checked out: your local branch {1} tracks no branch, so it holds your own work, not the agent's, and pointing it at {2} would let a pull and a push mix the two. Check out the agent's work as {3} instead, tracking {2}. Nothing was changed.",
            fetched.branch,
            switched.local,
            fetched.trackingRef,
            switched.free,
          )
        : vscode.l10n.t(
            "{0} was not checked out: your local branch {1} tracks {2}, not {3}, so it holds other work than the agent's. Check out the agent's work as {4} instead, tracking {3}. Nothing was changed.",
            fetched.branch,
            switched.local,
            switched.upstream,
            fetched.trackingRef,
            switched.free,
          ),
      { title: vscode.l10n.t('Check Out as {0}', switched.free), run: () => void switchAndSay(fetched, switched.free) },
    );
    return false;
  }
  if (switched.kind === 'refused') {
    const files = fileList(switched.files);
    showMessage(
      'warning',
      files
        ? vscode.l10n.t(
            '{0} was not checked out: it would overwrite your uncommitted changes to {1}. Commit or stash them, then check it out again. Nothing was changed.',
            fetched.branch,
            files,
          )
        : vscode.l10n.t(
            '{0} was not checked out: it would overwrite your uncommitted changes. Commit or stash them, then check it out again. Nothing was changed.',
            fetched.branch,
          ),
    );
    return false;
  }
  if (switched.kind === 'nameClash') {
    showMessage(
      'warning',
      vscode.l10n.t(
        '{0} was not checked out: your local branch {1} is in the way, since git cannot have a branch and a branch under it of the same name. Rename or delete {1}, then check the branch out again. Nothing was changed.',
        fetched.branch,
        switched.local,
      ),
    );
    return false;
  }
  if (switched.kind === 'inTheWay') {
    const files = fileList(switched.files);
    showMessage(
      'warning',
      plural(
        switched.files.length,
        vscode.l10n.t(
          '{0} was not checked out: it has a file where you have one that git does not track (ignored or untracked), which checking it out would overwrite: {1}. Move it out of the repository or rename it, check the branch out again, then bring back what you need. Nothing was changed.',
          fetched.branch,
          files,
        ),
        vscode.l10n.t(
          '{0} was not checked out: it has files where you have files that git does not track (ignored or untracked), which checking it out would overwrite: {1}. Move them out of the repository or rename them, check the branch out again, then bring back what you need. Nothing was changed.',
          fetched.branch,
          files,
        ),
      ),
    );
    return false;
  }
  if (switched.behind) {
    const behind = plural(
      switched.behind,
      vscode.l10n.t("{0} It is {1} commit behind the agent's work: pull to bring it in.", switched.message, switched.behind),
      vscode.l10n.t("{0} It is {1} commits behind the agent's work: pull to bring it in.", switched.message, switched.behind),
    );
    showMessage('info', behind, {
      title: vscode.l10n.t({ message: 'Pull', comment: ["A button: git pull, bring the branch's new commits in."] }),
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
async function branchJob(deps: ReviewDeps, argument: unknown, title: string, placeHolder: string): Promise<BranchJob | undefined> {
  const tracked = await jobOfCommand(
    deps.model,
    argument,
    {
      title,
      placeHolder,
      applies: (job) => hasBranch(job.job),
      none: vscode.l10n.t('No tracked agent job has a branch yet: a job names its branch once the agent works on it.'),
    },
    () => deps.reviews.activeJob(),
  );
  if (!tracked) return undefined;
  if (!hasBranch(tracked.job)) {
    showMessage(
      'info',
      tracked.job?.ref
        ? vscode.l10n.t('Agent job "{0}" names no branch that can be fetched, so there is nothing to fetch.', jobLabel(tracked))
        : vscode.l10n.t('Agent job "{0}" names no branch yet, so there is nothing to fetch.', jobLabel(tracked)),
      ...pullRequestButton(tracked.id, tracked.job),
    );
    return undefined;
  }
  return tracked as BranchJob;
}
