// The one way a command reaches a job's branch: find the workspace's clone of its repository,
// fetch the branch into it under a notification that can be cancelled, and say any problem with
// a way on. Review Changes, Check Out Branch and the Markdown preview of a branch's page share it.

import * as vscode from 'vscode';
import { hasGitExtension } from '../../git/vscode/gitExtension';
import { withProgress } from '../../ui/vscode/notifications';
import { explain } from './branchProblems';
import { type BranchJob, type BranchResult, type FetchedBranch, fetchBranch, findClone } from './jobBranch';

/**
 * Finds the clone and fetches the job's branch into it, in a notification that can be cancelled,
 * then runs `then` on it. A problem on the way is said, with what the user can do instead.
 */
export async function withBranch<T>(
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
