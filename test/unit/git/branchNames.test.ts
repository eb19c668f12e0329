import * as assert from 'node:assert/strict';
import { isSafeBranchName } from '../../../src/git/branchNames';

describe('branch names from outside', () => {
  it('takes plain branch names', () => {
    for (const name of ['main', 'docs-agent/job_0001_abc', 'fix-typos', 'release/v2.1', 'feature/déjà-vu', 'a.b', 'x@y']) {
      assert.ok(isSafeBranchName(name), name);
    }
  });

  it('refuses what git could read as an option, a refspec, a revision or a path of refs', () => {
    for (const name of [
      '--upload-pack=touch /tmp/x; git-upload-pack',
      '-f',
      '--depth=1',
      '+refs/heads/evil:refs/heads/main',
      'evil:refs/heads/-f',
      'x:refs/remotes/origin/main',
      'refs/heads/main',
      '/main',
      'main/',
      'main.',
      'a..b',
      'HEAD',
      '@',
      'main@{1}',
      'main~1',
      'main^',
      'a b',
      'a\tb',
      'a\nb',
      'a?b',
      'a*b',
      'a[b',
      'a\\b',
      'a//b',
      '.hidden',
      'x/.hidden',
      'x.lock',
      'x.lock/y',
      '',
      'x'.repeat(251),
    ]) {
      assert.ok(!isSafeBranchName(name), JSON.stringify(name));
    }
  });
});
