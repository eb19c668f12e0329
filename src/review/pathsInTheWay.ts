// Which files of the user's a switch to an agent's branch would write over, worked out from what
// each side changed since they parted and what is on disk. Git refuses to overwrite untracked
// files, but replaces ignored ones (a `.env`) without a word: these are looked for first.

/** What one side changed since the sides parted (`git diff --name-status A...B`), by path in the repository. */
export type PathChange =
  | { readonly kind: 'added' | 'removed' | 'modified'; readonly path: string }
  | { readonly kind: 'renamed'; readonly from: string; readonly path: string };

/** What is at a path of the clone's folder: a file (or link), a folder, or nothing. */
export type PathKind = 'file' | 'folder' | undefined;

/** How many paths are looked at on disk at once. */
const STATS_AT_ONCE = 16;

/**
 * The paths where the branch would put a file over something of the user's that git does not
 * track: an ignored or untracked file or folder at a path the branch has and HEAD has not, or a
 * file where the branch has a folder. Sorted.
 */
export async function pathsInTheWay(
  onBranch: readonly PathChange[],
  onHead: readonly PathChange[],
  onDisk: (path: string) => Promise<PathKind>,
): Promise<string[]> {
  const branch = sides(onBranch);
  const head = sides(onHead);
  // A path the branch added that HEAD did not, or one HEAD removed that the branch kept.
  const newToHead = new Set([
    ...[...branch.added].filter((path) => !head.added.has(path)),
    ...[...head.removed].filter((path) => !branch.removed.has(path)),
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
    const kinds = await Promise.all(entries.slice(at, at + STATS_AT_ONCE).map(([path]) => onDisk(path)));
    kinds.forEach((kind, index) => {
      const [path, need] = entries[at + index];
      if (need === 'path' ? kind !== undefined : kind === 'file') found.push(path);
    });
  }
  return found.sort();
}

function sides(changes: readonly PathChange[]): { added: Set<string>; removed: Set<string> } {
  const added = new Set<string>();
  const removed = new Set<string>();
  for (const change of changes) {
    if (change.kind === 'added') added.add(change.path);
    else if (change.kind === 'removed') removed.add(change.path);
    else if (change.kind === 'renamed') {
      removed.add(change.from);
      added.add(change.path);
    }
  }
  return { added, removed };
}
