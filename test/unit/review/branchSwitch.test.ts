// Which files of the user's a switch to an agent's branch would write over: worked out from what
// each side changed since they parted, as the Git extension's `diffBetween` gives it, and what is
// on disk. The whole command runs against a real repository in test/vscode/review.test.ts.

import * as assert from 'node:assert/strict';
import type { GitChange, GitRepository } from '../../../src/git/gitApi';
import { GitStatus } from '../../../src/git/gitApi';
import { filesInTheWay, type PathKind } from '../../../src/review/branchSwitch';

const ROOT = '/work/repo';
const uri = (path: string) => ({ path: `${ROOT}/${path}` }) as GitChange['uri'];

function change(status: number, path: string, renamedTo?: string): GitChange {
  return { status, uri: uri(renamedTo ?? path), originalUri: uri(path), renameUri: renamedTo ? uri(renamedTo) : undefined };
}

/** A repository whose branch changed `onBranch` and whose HEAD changed `onHead` since they parted. */
function repository(onBranch: GitChange[], onHead: GitChange[] = []): GitRepository {
  return {
    rootUri: { path: ROOT },
    diffBetween: (from: string) => Promise.resolve(from === 'HEAD' ? onBranch : onHead),
  } as unknown as GitRepository;
}

const disk = (entries: Record<string, PathKind>) => ({ onDisk: (path: string) => Promise.resolve(entries[path]) });

describe('the files a switch to a branch would write over', () => {
  it('names a file the branch adds where the user has an ignored or untracked one, or a folder', async () => {
    const repo = repository([
      change(GitStatus.added, '.env'),
      change(GitStatus.added, 'cache/index.md'),
      change(GitStatus.added, 'new.md'),
    ]);
    assert.deepEqual(await filesInTheWay(repo, 'abc', disk({ '.env': 'file', 'cache/index.md': 'folder' })), ['.env', 'cache/index.md']);
  });

  it('names a file of the user where the branch needs a folder', async () => {
    const repo = repository([change(GitStatus.added, 'secrets/a/b.md')]);
    assert.deepEqual(await filesInTheWay(repo, 'abc', disk({ secrets: 'file' })), ['secrets']);
    assert.deepEqual(await filesInTheWay(repo, 'abc', disk({ secrets: 'folder', 'secrets/a': 'folder' })), []);
  });

  it('takes renames and files HEAD removed but the branch kept; leaves files both sides have to git', async () => {
    const repo = repository(
      [change(GitStatus.renamed, 'old.md', 'moved.md'), change(GitStatus.added, 'both.md'), change(GitStatus.modified, 'kept.md')],
      [change(GitStatus.added, 'both.md'), change(GitStatus.deleted, 'kept.md'), change(GitStatus.deleted, 'gone.md')],
    );
    const everything = disk({ 'old.md': 'file', 'moved.md': 'file', 'both.md': 'file', 'kept.md': 'file', 'gone.md': 'file' });
    assert.deepEqual(await filesInTheWay(repo, 'abc', everything), ['gone.md', 'kept.md', 'moved.md']);
  });
});
