// Git repositories for test and demo workspaces: every file committed once, so that later edits
// are uncommitted changes, and a clone's `origin` to fetch agent jobs' branches from. The test
// harness runs git; the extension never does.

import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const IDENTITY = ['-c', 'user.name=Docs Assistant Tests', '-c', 'user.email=tests@docs-assistant.invalid'];

function git(folder: string, ...args: string[]): void {
  execFileSync('git', args, { cwd: folder, stdio: 'pipe' });
}

/** Commits every file, those its .gitignore names too: as a repository holds a file committed before it was ignored. */
export function commitAll(folder: string): void {
  git(folder, 'init', '--quiet', '--initial-branch=main');
  git(folder, 'add', '--all', '--force');
  git(folder, ...IDENTITY, 'commit', '--quiet', '--message=Initial');
}

/**
 * Commits everything in `folder`, then makes a bare copy of it beside the folder its `origin`, so
 * that the folder is a clone as a user's is (origin/HEAD included). Returns the bare repository's folder.
 */
export function commitAllWithOrigin(folder: string): string {
  commitAll(folder);
  const bare = path.join(path.dirname(folder), 'origin.git');
  execFileSync('git', ['clone', '--quiet', '--bare', folder, bare], { stdio: 'pipe' });
  git(folder, 'remote', 'add', 'origin', pathToFileURL(bare).href);
  git(folder, 'fetch', '--quiet', 'origin');
  git(folder, 'remote', 'set-head', 'origin', 'main');
  git(folder, 'branch', '--quiet', '--set-upstream-to=origin/main', 'main');
  return bare;
}

/** Clones `url` into `folder` (empty or missing), as a user clones the repository of their docs. */
export function cloneInto(url: string, folder: string): void {
  execFileSync('git', ['clone', '--quiet', url, folder], { stdio: 'pipe' });
}
