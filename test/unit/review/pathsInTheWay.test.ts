// Which files of the user's a switch to an agent's branch would write over: worked out from what
// each side changed since they parted, as `git diff --name-status A...B` gives it, and what is on
// disk. The whole command runs against a real repository in test/vscode/review.test.ts.

import * as assert from 'node:assert/strict';
import { type PathKind, pathsInTheWay } from '../../../src/review/pathsInTheWay';

const disk = (entries: Record<string, PathKind>) => (path: string) => Promise.resolve(entries[path]);

describe('the files a switch to a branch would write over', () => {
  it('names a file the branch adds where the user has an ignored or untracked one, or a folder', async () => {
    const onBranch = [
      { kind: 'added', path: '.env' },
      { kind: 'added', path: 'cache/index.md' },
      { kind: 'added', path: 'new.md' },
    ] as const;
    assert.deepEqual(await pathsInTheWay(onBranch, [], disk({ '.env': 'file', 'cache/index.md': 'folder' })), ['.env', 'cache/index.md']);
  });

  it('names a file of the user where the branch needs a folder', async () => {
    const onBranch = [{ kind: 'added', path: 'secrets/a/b.md' }] as const;
    assert.deepEqual(await pathsInTheWay(onBranch, [], disk({ secrets: 'file' })), ['secrets']);
    assert.deepEqual(await pathsInTheWay(onBranch, [], disk({ secrets: 'folder', 'secrets/a': 'folder' })), []);
  });

  it('takes renames and files HEAD removed but the branch kept; leaves files both sides have to git', async () => {
    const everything = disk({ 'old.md': 'file', 'moved.md': 'file', 'both.md': 'file', 'kept.md': 'file', 'gone.md': 'file' });
    const found = await pathsInTheWay(
      [
        { kind: 'renamed', from: 'old.md', path: 'moved.md' },
        { kind: 'added', path: 'both.md' },
        { kind: 'modified', path: 'kept.md' },
      ],
      [
        { kind: 'added', path: 'both.md' },
        { kind: 'removed', path: 'kept.md' },
        { kind: 'removed', path: 'gone.md' },
      ],
      everything,
    );
    assert.deepEqual(found, ['gone.md', 'kept.md', 'moved.md']);
  });
});
