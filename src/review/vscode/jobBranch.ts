// An agent job's branch, brought into the workspace's clone of the job's repository through the
// Git extension: the clone is the repository that fetches from the job's URL; the branch is fetched
// with an explicit refspec into its remote-tracking branch only (the checkout, working tree, index
// and local branches are left alone); its changes are what it changed since it left the remote's
// default branch, fetched afresh too.

import * as vscode from 'vscode';
import { isSafeBranchName } from '../../git/branchNames';
import { gitWords, isMissingRef } from '../../git/gitWords';
import type { GitApi, GitChange, GitRepository } from '../../git/vscode/gitApi';
import { gitApi } from '../../git/vscode/gitExtension';
import { sameRepository } from '../../git/remoteUrls';
import type { TrackedJob } from '../../agentJobs/trackedJob';
import type { AgentJob } from '../../platform/agentJob';

/** A job with a branch, as these commands need it. */
export type BranchJob = TrackedJob & { readonly job: AgentJob & { readonly repository: string; readonly ref: string } };

/** Why a job's branch could not be brought in: each a sentence and a way on for the user. */
export type BranchProblem =
  /** No Git extension here (VS Code for the Web), or it is disabled. */
  | { readonly kind: 'noGit' }
  /** The Git extension has not finished looking for the workspace's repositories. */
  | { readonly kind: 'gitStarting' }
  /** No repository of the workspace fetches from the job's repository. */
  | { readonly kind: 'noClone' }
  /** The name is not a plain branch name: git could read it as an option or a refspec. */
  | { readonly kind: 'badBranch' }
  /** Git could not fetch the branch: `missing` when the remote has no such branch. */
  | { readonly kind: 'fetchFailed'; readonly words: string; readonly missing: boolean }
  /** The remote has no default branch to compare with, or the job's branch shares no history with it. */
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

/** The repository of the workspace that fetches from `repositoryUrl`, and the name of its remote there. */
export async function findClone(repositoryUrl: string): Promise<BranchResult<JobClone>> {
  const api = await gitApi();
  if (!api) return failure({ kind: 'noGit' });
  if (api.state !== 'initialized') return failure({ kind: 'gitStarting' });
  for (const repository of api.repositories) {
    // Where it fetches from, not where it pushes to: a fork's clone pushes elsewhere.
    const remote = repository.state.remotes.find((candidate) => candidate.fetchUrl && sameRepository(candidate.fetchUrl, repositoryUrl));
    if (remote) return { ok: true, value: { api, repository, remote: remote.name } };
  }
  return failure({ kind: 'noClone' });
}

/** Fetches `branch` of the clone's remote into `<remote>/<branch>`, and nowhere else. */
export async function fetchBranch(clone: JobClone, branch: string, token: vscode.CancellationToken): Promise<BranchResult<FetchedBranch>> {
  if (!isSafeBranchName(branch)) return failure({ kind: 'badBranch' });
  const trackingRef = `${clone.remote}/${branch}`;
  const fetched = await fetchInto(clone, branch, token);
  if (!fetched.ok) return fetched;
  // The full ref: a tag or a local branch named `<remote>/<branch>` must not stand in for it.
  const head = await commitOf(clone.repository, `refs/remotes/${trackingRef}`);
  if (head === undefined)
    return failure({ kind: 'fetchFailed', words: vscode.l10n.t('{0} was not found after fetching it.', trackingRef), missing: true });
  return { ok: true, value: { ...clone, branch, trackingRef, head } };
}

/** What the fetched branch changed since it left the remote's default branch. */
export async function changesOf(fetched: FetchedBranch, token: vscode.CancellationToken): Promise<BranchResult<BranchChanges>> {
  const { repository, remote } = fetched;
  const name = await defaultBranch(repository, remote);
  if (name === undefined) return failure({ kind: 'noBase', base: `${remote}/HEAD` });
  // A default branch not fetched for a while would show the changes made on it since as the job's.
  const refreshed = await fetchInto(fetched, name, token);
  if (!refreshed.ok && refreshed.problem.kind === 'cancelled') return refreshed;
  const base = `${remote}/${name}`;
  const mergeBase = await repository.getMergeBase(`refs/remotes/${base}`, fetched.head).catch(() => undefined);
  if (!mergeBase) return failure({ kind: 'noBase', base });
  const changes = await repository.diffBetween(mergeBase, fetched.head);
  return { ok: true, value: { ...fetched, base, mergeBase, changes } };
}

/**
 * `git fetch <remote> +refs/heads/<branch>:refs/remotes/<remote>/<branch>`: a refspec that starts
 * with `+refs/` is never taken for an option, and it says where the branch goes.
 */
async function fetchInto({ repository, remote }: JobClone, branch: string, token: vscode.CancellationToken): Promise<BranchResult<void>> {
  try {
    await repository.fetch({ remote, ref: `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`, cancellationToken: token });
  } catch (error) {
    if (token.isCancellationRequested) return failure({ kind: 'cancelled' });
    const words = gitWords(error);
    return failure({ kind: 'fetchFailed', words, missing: isMissingRef(words) });
  }
  return token.isCancellationRequested ? failure({ kind: 'cancelled' }) : { ok: true, value: undefined };
}

/**
 * The remote's default branch: the one its HEAD points at (the branch at HEAD's commit, `main` or
 * `master` first when several are), else its `main` or `master`; undefined when it has none.
 */
async function defaultBranch(repository: GitRepository, remote: string): Promise<string | undefined> {
  const prefix = `${remote}/`;
  const refs = (await repository.getRefs({ pattern: `refs/remotes/${remote}` }).catch(() => [])).filter(
    (ref) => ref.name?.startsWith(prefix) && ref.commit,
  );
  const named = (name: string) => refs.find((ref) => ref.name === prefix + name);
  const head = named('HEAD');
  const branches = refs.map((ref) => ref.name!.slice(prefix.length)).filter((name) => name !== 'HEAD' && isSafeBranchName(name));
  const candidates = head ? branches.filter((name) => named(name)?.commit === head.commit) : branches;
  return ['main', 'master'].find((name) => candidates.includes(name)) ?? (head ? candidates[0] : undefined);
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
