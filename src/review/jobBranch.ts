// An agent job's branch, brought into the workspace's clone of the job's repository through the
// Git extension: the clone is the repository with a remote at the job's URL; the branch is fetched
// into its remote-tracking branch (the checkout, working tree and index are left alone); its
// changes are what it changed since it left the remote's default branch.

import type * as vscode from 'vscode';
import { type GitApi, type GitChange, type GitRepository, gitApi, gitWords } from '../git/gitApi';
import { sameRepository } from '../git/remoteUrls';

/** Why a job's branch could not be brought in: each a sentence and a way on for the user. */
export type BranchProblem =
  /** No Git extension here (VS Code for the Web), or it is disabled. */
  | { readonly kind: 'noGit' }
  /** No repository of the workspace has a remote at the job's repository. */
  | { readonly kind: 'noClone' }
  /** Git could not fetch the branch: `missing` when the remote has no such branch. */
  | { readonly kind: 'fetchFailed'; readonly words: string; readonly missing: boolean }
  /** The branch shares no history with the remote's default branch. */
  | { readonly kind: 'noBase'; readonly base: string }
  | { readonly kind: 'cancelled' };

export type BranchResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: BranchProblem };

export interface JobClone {
  readonly api: GitApi;
  readonly repository: GitRepository;
  /** The name of the remote at the job's repository, such as `origin`. */
  readonly remote: string;
}

export interface FetchedBranch extends JobClone {
  /** The job's branch, as the remote names it. */
  readonly branch: string;
  /** `origin/<branch>`: the remote-tracking branch the fetch updated. */
  readonly trackingRef: string;
  /** The branch's commit. */
  readonly head: string;
}

export interface BranchChanges extends FetchedBranch {
  /** The remote's default branch, such as `origin/main`. */
  readonly base: string;
  /** Where the job's branch left it. */
  readonly mergeBase: string;
  readonly changes: readonly GitChange[];
}

/** The repository of the workspace that is a clone of `repositoryUrl`, and the name of its remote there. */
export async function findClone(repositoryUrl: string): Promise<BranchResult<JobClone>> {
  const api = await gitApi();
  if (!api) return failure({ kind: 'noGit' });
  for (const repository of api.repositories) {
    for (const remote of repository.state.remotes) {
      if ([remote.fetchUrl, remote.pushUrl].some((url) => url !== undefined && sameRepository(url, repositoryUrl)))
        return { ok: true, value: { api, repository, remote: remote.name } };
    }
  }
  return failure({ kind: 'noClone' });
}

/** Fetches `branch` from the clone's remote into its remote-tracking branch. */
export async function fetchBranch(clone: JobClone, branch: string, token: vscode.CancellationToken): Promise<BranchResult<FetchedBranch>> {
  const { repository, remote } = clone;
  try {
    await repository.fetch({ remote, ref: branch });
  } catch (error) {
    if (token.isCancellationRequested) return failure({ kind: 'cancelled' });
    const words = gitWords(error);
    return failure({ kind: 'fetchFailed', words, missing: /couldn't find remote ref|no such ref|not our ref/i.test(words) });
  }
  if (token.isCancellationRequested) return failure({ kind: 'cancelled' });
  const trackingRef = `${remote}/${branch}`;
  // A clone whose remote fetches only some branches has no remote-tracking branch for it: FETCH_HEAD has it.
  const head = (await commitOf(repository, trackingRef)) ?? (await commitOf(repository, 'FETCH_HEAD'));
  if (head === undefined) return failure({ kind: 'fetchFailed', words: `${trackingRef} was not found after fetching it.`, missing: true });
  return { ok: true, value: { ...clone, branch, trackingRef, head } };
}

/** What the fetched branch changed since it left the remote's default branch, fetched afresh first. */
export async function changesOf(fetched: FetchedBranch, token: vscode.CancellationToken): Promise<BranchResult<BranchChanges>> {
  const { repository, remote } = fetched;
  const base = await defaultBranch(repository, remote);
  // A default branch not fetched for a while would show the changes made on it since as the job's.
  if (base !== undefined) await repository.fetch({ remote, ref: base.slice(remote.length + 1) }).catch(() => undefined);
  if (token.isCancellationRequested) return failure({ kind: 'cancelled' });
  const mergeBase = base === undefined ? undefined : await repository.getMergeBase(base, fetched.head).catch(() => undefined);
  if (base === undefined || !mergeBase) return failure({ kind: 'noBase', base: base ?? `${remote}/HEAD` });
  const changes = await repository.diffBetween(mergeBase, fetched.head);
  return { ok: true, value: { ...fetched, base, mergeBase, changes } };
}

/** `origin/main`: where the remote's HEAD points, else its `main` or `master`; undefined when it has none. */
async function defaultBranch(repository: GitRepository, remote: string): Promise<string | undefined> {
  const head = await commitOf(repository, `${remote}/HEAD`);
  const candidates = [`${remote}/main`, `${remote}/master`];
  for (const candidate of candidates) {
    const commit = await commitOf(repository, candidate);
    if (commit !== undefined && (head === undefined || commit === head)) return candidate;
  }
  return head === undefined ? undefined : `${remote}/HEAD`;
}

async function commitOf(repository: GitRepository, ref: string): Promise<string | undefined> {
  try {
    return (await repository.getCommit(ref)).hash;
  } catch {
    return undefined;
  }
}

function failure<T>(problem: BranchProblem): BranchResult<T> {
  return { ok: false, problem };
}
