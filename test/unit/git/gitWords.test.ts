import * as assert from 'node:assert/strict';
import { gitWords, isConfigLocked, isMissingRef, overwritten } from '../../../src/git/gitWords';

describe("git's own words, as the Git extension passes them on", () => {
  it('says the error output on one line, without hints, else the message', () => {
    const stderr = "error: pathspec 'x' did not match\nhint: try git status\n\nfatal: stopped\n";
    assert.equal(gitWords({ stderr, message: 'Failed to execute git' }), "error: pathspec 'x' did not match fatal: stopped");
    assert.equal(gitWords({ stderr: '  ', message: 'Failed to execute git' }), 'Failed to execute git');
    assert.equal(gitWords('plain'), 'plain');
    assert.equal(gitWords({ stderr: 'x'.repeat(800) }).length, 500);
  });

  it('names the files a refused checkout would overwrite, and nothing for any other failure', () => {
    const stderr =
      'error: Your local changes to the following files would be overwritten by checkout:\n\tdocs/a.md\n\tsrc/b.ts\nPlease commit your changes or stash them before you switch branches.\nAborting\n';
    assert.deepEqual(overwritten({ stderr }), ['docs/a.md', 'src/b.ts']);
    assert.deepEqual(overwritten({ gitErrorCode: 'DirtyWorkTree', stderr: '' }), []);
    assert.equal(overwritten({ stderr: 'fatal: not a git repository' }), undefined);
    assert.equal(overwritten(new Error('boom')), undefined);
  });

  it('tells a branch missing from the remote from other fetch failures', () => {
    assert.ok(isMissingRef("fatal: couldn't find remote ref refs/heads/agent/x"));
    assert.ok(!isMissingRef('fatal: unable to access https://example.com/: Could not resolve host'));
  });

  it('tells a config held by another git process from other failures', () => {
    assert.ok(isConfigLocked('error: could not lock config file .git/config: File exists'));
    assert.ok(!isConfigLocked("fatal: the requested upstream branch 'origin/x' does not exist"));
  });
});
