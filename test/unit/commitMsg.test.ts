// The commit-msg hook CONTRIBUTING.md asks contributors to enable (issue 49): it refuses a blank
// subject and one over 72 characters, saying why, and lets a good message through. Run as git
// runs it: the hook file, executable, given the message file.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const HOOK = path.join(root, '.githooks', 'commit-msg');
/** Git without the machine's or the user's settings (a core.commentChar of their own, say). */
const isolatedGit = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };

describe('the commit-msg hook', () => {
  let folder: string;
  before(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-msg-'))));
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  /** Runs the hook on a message file holding `message`, in a folder outside any repository, as git would. */
  const hook = (message: string) => {
    const file = path.join(folder, 'COMMIT_EDITMSG');
    fs.writeFileSync(file, message);
    const run = spawnSync(HOOK, [file], { cwd: folder, encoding: 'utf8', env: isolatedGit });
    assert.equal(run.error, undefined, String(run.error));
    return { status: run.status, said: run.stderr };
  };

  it('is an executable script in .githooks, which CONTRIBUTING.md tells contributors to enable', () => {
    assert.ok(fs.statSync(HOOK).mode & 0o111, `${HOOK} is executable`);
    assert.match(fs.readFileSync(HOOK, 'utf8'), /^#!\/usr\/bin\/env node\n/);
    const contributing = fs.readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');
    assert.ok(contributing.includes('git config core.hooksPath .githooks'));
    assert.match(contributing, /one idea per commit/i);
  });

  it('lets a subject of up to 72 characters through, with a body of any length', () => {
    assert.deepEqual(hook('Check that every path the docs name exists\n\nA body line may be as long as it needs to be, '.repeat(3)), {
      status: 0,
      said: '',
    });
    assert.equal(hook(`${'x'.repeat(72)}\n`).status, 0);
    // Characters, not bytes: 72 Japanese characters are 216 bytes.
    assert.equal(hook(`${'語'.repeat(72)}\n`).status, 0);
  });

  it('refuses a subject of 73 characters or more, saying how long it is and where it goes over', () => {
    const subject = 'Docs: every path named in ARCHITECTURE, CONTRIBUTING, README and .vscode/ exists';
    const { status, said } = hook(`${subject}\n\nThe body.\n`);
    assert.equal(status, 1);
    assert.match(said, new RegExp(`subject is ${[...subject].length} characters long; 72 at most`));
    assert.ok(said.includes(subject), said);
    assert.match(said, /^ {74}\^ over 72 from here$/m);
    assert.equal(hook(`${'x'.repeat(73)}\n`).status, 1);
  });

  it('reads the subject as git keeps it: after blank and comment lines, without a fixup!’s word', () => {
    const long = `# ${'A comment git takes out, however long it is. '.repeat(3)}\n`;
    assert.equal(hook(`\n${long}\nThe subject\n${long}`).status, 0);
    assert.equal(hook(`fixup! ${'x'.repeat(72)}\n`).status, 0);
    assert.equal(hook(`\n${long}${'y'.repeat(73)}\n`).status, 1);
  });

  it('stops git from committing, in a repository that enabled it as CONTRIBUTING.md says', () => {
    const repository = path.join(folder, 'repository');
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], {
        cwd: repository,
        encoding: 'utf8',
        env: isolatedGit,
      });
    fs.mkdirSync(repository);
    assert.equal(git('init', '--quiet').status, 0);
    assert.equal(git('config', 'core.hooksPath', path.join(root, '.githooks')).status, 0);
    const refused = git('commit', '--allow-empty', '--quiet', '-m', 'x'.repeat(73));
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /73 characters long/);
    assert.equal(git('commit', '--allow-empty', '--quiet', '-m', 'A subject of the right length').status, 0);
    assert.equal(git('log', '--format=%s').stdout, 'A subject of the right length\n');
  });

  it('refuses a message with no subject: empty, blank, comments alone, or a diff below the scissors alone', () => {
    const verbose = '\n# Please enter the commit message.\n# ------------------------ >8 ------------------------\ndiff --git a/x b/x\n';
    for (const message of ['', '\n\n', '   \n\t\n', '# Please enter the commit message for your changes.\n#\n', verbose]) {
      const { status, said } = hook(message);
      assert.equal(status, 1, JSON.stringify(message));
      assert.match(said, /has no subject/);
    }
  });
});
