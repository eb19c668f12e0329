// Switching the workspace's clone to an agent job's branch, through the Git extension, so that no
// work of the user's is lost: git itself refuses to overwrite uncommitted changes to files it
// tracks, but it silently replaces an ignored file (a `.env`) with the branch's, and a name that is
// not a local branch it may read as a path to restore. So the local branch is looked up by its exact
// name, and the files the branch would write over are looked for before anything changes.

import * as vscode from 'vscode';
import { gitWords, isConfigLocked, overwritten } from '../../git/gitWords';
import { type GitChange, type GitRepository, GitStatus } from '../../git/vscode/gitApi';
import { type PathChange, type PathKind, pathsInTheWay } from '../pathsInTheWay';
import type { FetchedBranch } from './jobBranch';

export type { PathKind };

export interface SwitchDeps {
  /** What is on disk at `path`, relative to the repository's root. */
  readonly onDisk: (path: string) => Promise<PathKind>;
}

/** How switching to a job's branch went. */
export type Switched =
  | { readonly kind: 'done'; readonly message: string; readonly behind?: number }
  /** Git refused: the switch would overwrite uncommitted changes to these files. Nothing changed. */
  | { readonly kind: 'refused'; readonly files: readonly string[] }
  /** The branch has files where the user has files git does not track (ignored or untracked). Nothing changed. */
  | { readonly kind: 'inTheWay'; readonly files: readonly string[] }
  /**
   * A local branch named as a folder of the job's branch, or inside it (`docs/draft` for `docs`):
   * git cannot have both, and finds out only after writing the branch's files. Nothing changed.
   */
  | { readonly kind: 'nameClash'; readonly local: string }
  /**
   * The local branch of that name tracks another branch (a fork's, say), or none (the user's own
   * draft): it holds the user's work, not the agent's, and pointing it at the agent's branch would
   * let a pull and a push mix the two. Nothing changed; `free` is a name the agent's work can be
   * checked out as instead. `upstream` is undefined when it tracks nothing.
   */
  | { readonly kind: 'notTheAgents'; readonly local: string; readonly upstream?: string; readonly free: string };

/**
 * Switches to the job's branch: a new local branch from the fetched one, tracking it, or the local
 * branch of exactly that name that is there already and tracks it. `as` names the local branch, the
 * job's branch name when not given. Refuses, changing nothing, when the switch would overwrite a
 * file of the user's, or the local branch tracks another or none; any other failure throws.
 */
export async function switchTo(fetched: FetchedBranch, deps: SwitchDeps, as = fetched.branch): Promise<Switched> {
  const { repository, remote, trackingRef } = fetched;
  const locals = (await repository.getRefs({ pattern: 'refs/heads/' })).map((ref) => ref.name ?? '');
  const clash = locals.find((name) => name.startsWith(`${as}/`) || as.startsWith(`${name}/`));
  if (clash !== undefined) return { kind: 'nameClash', local: clash };
  const local = locals.includes(as) ? await localBranch(repository, as) : undefined;
  const upstream = local?.upstream;
  if (local && (!upstream || upstream.remote !== remote || upstream.name !== fetched.branch))
    return {
      kind: 'notTheAgents',
      local: as,
      ...(upstream ? { upstream: `${upstream.remote}/${upstream.name}` } : {}),
      free: freeName(as, locals),
    };
  if (!local || repository.state.HEAD?.name !== as) {
    const target = local?.commit ?? fetched.head;
    const changes = async (from: string, to: string) =>
      (await repository.diffBetween(from, to)).map((change) => pathChange(repository, change));
    const inTheWay = await pathsInTheWay(await changes('HEAD', target), await changes(target, 'HEAD'), deps.onDisk);
    if (inTheWay.length > 0) return { kind: 'inTheWay', files: inTheWay };
    try {
      // `git checkout -b <branch> <commit>` at the commit fetched, or `git checkout <branch>` of a
      // branch that exists: git takes a name that is a branch for the branch, never for a path.
      if (!local) await repository.createBranch(as, true, fetched.head);
      else await repository.checkout(as);
    } catch (error) {
      const files = overwritten(error);
      if (files) return { kind: 'refused', files };
      throw error;
    }
    await repository.status();
    const now = repository.state.HEAD;
    if (now?.name !== as) {
      const at = now?.name ?? now?.commit?.slice(0, 12);
      throw new Error(
        at === undefined
          ? vscode.l10n.t('git left HEAD at no branch, not on {0}.', as)
          : vscode.l10n.t('git left HEAD at {0}, not on {1}.', at, as),
      );
    }
  }
  // Checked out: what is left is said as such, never as a failure to check out.
  if (!local) {
    try {
      // The full ref: a local branch named `<remote>/<branch>` must not be taken for it.
      await setUpstream(repository, as, `refs/remotes/${trackingRef}`);
    } catch (error) {
      return {
        kind: 'done',
        message: vscode.l10n.t('Checked out {0}, but it could not be set to track {1}: {2}', as, trackingRef, gitWords(error)),
      };
    }
    return { kind: 'done', message: vscode.l10n.t("Checked out {0}, tracking {1}: go on from the agent's work.", as, trackingRef) };
  }
  const now = (await localBranch(repository, as)) ?? local;
  return { kind: 'done', message: vscode.l10n.t('Checked out {0}, tracking {1}.', as, trackingRef), behind: now.behind ?? 0 };
}

/**
 * Sets `branch` to track `ref`. The branch was just checked out, and VS Code's own Git extension
 * writes its merge base into .git/config as HEAD moves onto it: git lets one writer hold the config
 * at a time and refuses the other at once, so a refusal for that lock is tried again while the
 * other writer finishes (a few seconds at most); any other failure is said.
 */
async function setUpstream(repository: GitRepository, branch: string, ref: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await repository.setBranchUpstream(branch, ref);
    } catch (error) {
      if (attempt === LOCKED_CONFIG_TRIES || !isConfigLocked(gitWords(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
const LOCKED_CONFIG_TRIES = 25;

/** A name beside `branch` that no local branch has or is in the way of: `<branch>-agent`, then `-agent-2`… */
function freeName(branch: string, locals: readonly string[]): string {
  const taken = (name: string) => locals.some((local) => local === name || local.startsWith(`${name}/`) || name.startsWith(`${local}/`));
  for (let n = 1; ; n++) {
    const name = `${branch}-agent${n === 1 ? '' : `-${n}`}`;
    if (!taken(name)) return name;
  }
}

/**
 * The local branch named exactly `branch`, with its upstream. The Git extension looks a name up as
 * a pattern of `git for-each-ref`, which also matches the branches under it (`docs` finds `docs/draft`).
 */
async function localBranch(repository: GitRepository, branch: string) {
  const found = await repository.getBranch(`refs/heads/${branch}`).catch(() => undefined);
  return found?.name === branch ? found : undefined;
}

/** A change the Git extension reports, by its paths in the repository. */
function pathChange(repository: GitRepository, change: GitChange): PathChange {
  const root = repository.rootUri.path.replace(/\/?$/, '/');
  const relative = (path: string) => {
    if (!path.startsWith(root)) throw new Error(vscode.l10n.t('git reported {0}, which is outside the repository at {1}.', path, root));
    return path.slice(root.length);
  };
  const path = relative((change.renameUri ?? change.uri).path);
  switch (change.status) {
    case GitStatus.added:
      return { kind: 'added', path };
    case GitStatus.deleted:
      return { kind: 'removed', path: relative(change.originalUri.path) };
    case GitStatus.renamed:
      return { kind: 'renamed', from: relative(change.originalUri.path), path };
    default:
      return { kind: 'modified', path };
  }
}
