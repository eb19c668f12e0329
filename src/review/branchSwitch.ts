// Switching the workspace's clone to an agent job's branch, through the Git extension, so that no
// work of the user's is lost: git itself refuses to overwrite uncommitted changes to files it
// tracks, but it silently replaces an ignored file (a `.env`) with the branch's, and a name that is
// not a local branch it may read as a path to restore. So the local branch is looked up by its exact
// name, and the files the branch would write over are looked for before anything changes.

import { type GitChange, type GitFailure, type GitRepository, GitStatus, gitWords } from '../git/gitApi';
import type { FetchedBranch } from './jobBranch';

/** What is at a path of the clone's folder: a file (or link), a folder, or nothing. */
export type PathKind = 'file' | 'folder' | undefined;

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
  | { readonly kind: 'nameClash'; readonly local: string };

/** How many paths are looked at on disk at once. */
const STATS_AT_ONCE = 16;

/**
 * Switches to the job's branch: a new local branch from the fetched one, tracking it, or the local
 * branch of exactly that name that is there already. Refuses, changing nothing, when the switch
 * would overwrite a file of the user's; any other failure throws.
 */
export async function switchTo(fetched: FetchedBranch, deps: SwitchDeps): Promise<Switched> {
  const { repository, branch, trackingRef } = fetched;
  const locals = (await repository.getRefs({ pattern: 'refs/heads/' })).map((ref) => ref.name ?? '');
  const clash = locals.find((name) => name.startsWith(`${branch}/`) || branch.startsWith(`${name}/`));
  if (clash !== undefined) return { kind: 'nameClash', local: clash };
  const local = locals.includes(branch) ? await localBranch(repository, branch) : undefined;
  if (!local || repository.state.HEAD?.name !== branch) {
    const target = local?.commit ?? fetched.head;
    const inTheWay = await filesInTheWay(repository, target, deps);
    if (inTheWay.length > 0) return { kind: 'inTheWay', files: inTheWay };
    try {
      // `git checkout -b <branch> --no-track <remote>/<branch>`, or `git checkout <branch>` of a
      // branch that exists: git takes a name that is a branch for the branch, never for a path.
      if (!local) await repository.createBranch(branch, true, trackingRef);
      else await repository.checkout(branch);
    } catch (error) {
      const files = overwritten(error);
      if (files) return { kind: 'refused', files };
      throw error;
    }
    await repository.status();
    const now = repository.state.HEAD;
    if (now?.name !== branch)
      throw new Error(`git left HEAD at ${now?.name ?? now?.commit?.slice(0, 12) ?? 'no branch'}, not on ${branch}.`);
  }
  // Checked out: what is left is said as such, never as a failure to check out.
  if (!local || !local.upstream) {
    try {
      await repository.setBranchUpstream(branch, trackingRef);
    } catch (error) {
      return { kind: 'done', message: `Checked out ${branch}, but it could not be set to track ${trackingRef}: ${gitWords(error)}` };
    }
  }
  if (!local) return { kind: 'done', message: `Checked out ${branch}, tracking ${trackingRef}: go on from the agent's work.` };
  const now = (await localBranch(repository, branch)) ?? local;
  return { kind: 'done', message: `Checked out ${branch}, tracking ${trackingRef}.`, behind: now.behind ?? 0 };
}

/**
 * The local branch named exactly `branch`, with its upstream. The Git extension looks a name up as
 * a pattern of `git for-each-ref`, which also matches the branches under it (`docs` finds `docs/draft`).
 */
async function localBranch(repository: GitRepository, branch: string) {
  const found = await repository.getBranch(`refs/heads/${branch}`).catch(() => undefined);
  return found?.name === branch ? found : undefined;
}

/**
 * The paths where switching to `target` would write a file of the branch over something of the
 * user's that git does not track: an ignored or untracked file or folder at a path the branch has
 * and HEAD has not, or a file where the branch has a folder. Git refuses over untracked files but
 * replaces ignored ones without a word. Sorted.
 */
export async function filesInTheWay(repository: GitRepository, target: string, deps: SwitchDeps): Promise<string[]> {
  const root = repository.rootUri.path.replace(/\/?$/, '/');
  const relative = (change: GitChange, side: 'before' | 'after') => {
    const uri = side === 'before' ? change.originalUri : (change.renameUri ?? change.uri);
    return uri.path.startsWith(root) ? uri.path.slice(root.length) : uri.path;
  };
  // What each side changed since they parted (`git diff --name-status A...B`, both ways): a path
  // the branch added that HEAD did not, or one HEAD removed that the branch kept.
  const sides = async (from: string, to: string) => {
    const added = new Set<string>();
    const removed = new Set<string>();
    for (const change of await repository.diffBetween(from, to)) {
      if (change.status === GitStatus.deleted) removed.add(relative(change, 'before'));
      else if (change.status === GitStatus.added) added.add(relative(change, 'after'));
      else if (change.status === GitStatus.renamed) {
        removed.add(relative(change, 'before'));
        added.add(relative(change, 'after'));
      }
    }
    return { added, removed };
  };
  const onBranch = await sides('HEAD', target);
  const onHead = await sides(target, 'HEAD');
  const newToHead = new Set([
    ...[...onBranch.added].filter((path) => !onHead.added.has(path)),
    ...[...onHead.removed].filter((path) => !onBranch.removed.has(path)),
  ]);
  // Each path, and each folder above it, where the branch needs a folder.
  const checks = new Map<string, 'path' | 'folder'>();
  for (const path of newToHead) {
    checks.set(path, 'path');
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      if (!checks.has(folder)) checks.set(folder, 'folder');
    }
  }
  const entries = [...checks];
  const found: string[] = [];
  for (let at = 0; at < entries.length; at += STATS_AT_ONCE) {
    const kinds = await Promise.all(entries.slice(at, at + STATS_AT_ONCE).map(([path]) => deps.onDisk(path)));
    kinds.forEach((kind, index) => {
      const [path, need] = entries[at + index];
      if (need === 'path' ? kind !== undefined : kind === 'file') found.push(path);
    });
  }
  return found.sort();
}

/** The files git named when it refused a checkout over uncommitted changes; undefined for any other failure. */
function overwritten(error: unknown): string[] | undefined {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as GitFailure;
  const stderr = failure.stderr ?? '';
  if (failure.gitErrorCode !== 'DirtyWorkTree' && !/would be overwritten by checkout|commit your changes or stash them/i.test(stderr))
    return undefined;
  // Git lists them one to a line, indented by a tab.
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('\t'))
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
