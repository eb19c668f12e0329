// What a prompt of uncommitted changes holds (issue 28, items 5 and 7): files that may hold
// secrets, diffs gathered a few at a time up to the limit, and the picker's words kept inert.

import * as assert from 'node:assert/strict';
import { addedFileDiff, gatherDiffs, secretReason } from '../../../src/agentJobs/attachedChanges';
import { attachmentOffers } from '../../../src/agentJobs/attachmentOffers';
import { buildJobPrompt } from '../../../src/agentJobs/jobPrompt';

describe('uncommitted changes in a prompt', () => {
  it('names the files that may hold secrets, and why', () => {
    assert.equal(secretReason('.env', false), 'an environment file');
    assert.equal(secretReason('config/.env.production', false), 'an environment file');
    assert.equal(secretReason('certs/server.pem', false), 'a certificate or private key');
    assert.equal(secretReason('tls.KEY', false), 'a key file');
    assert.equal(secretReason('home/.ssh/id_ed25519', false), 'an SSH key');
    assert.equal(secretReason('notes/settings.local.json', true), "ignored by the repository's .gitignore");
    for (const plain of ['src/env.ts', 'docs/keys.md', 'keyboard.ts', 'environment.md', 'a/ids.txt'])
      assert.equal(secretReason(plain, false), undefined, plain);
  });

  it('diffs a few files at a time, in order, keeps what fits, and leaves the rest out unread', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const files = Array.from({ length: 3_000 }, (_, i) => i);
    const gathered = await gatherDiffs(
      files,
      async (file) => {
        asked.push(file);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        if (file === 1) return '';
        if (file === 5) throw new Error('git failed');
        if (file === 2) return null;
        return file === 3 ? 'x'.repeat(50_000) : 'y'.repeat(9_999);
      },
      40_000,
    );
    assert.ok(most <= 4, `${most} at once`);
    assert.deepEqual(
      gathered.attached.map(({ file }) => file),
      [0, 4, 6, 7],
      'the ones that fit, in order: the large one is skipped, the next tried',
    );
    assert.deepEqual(gathered.unreadable, [5], 'a diff git could not give is told apart from one too large');
    assert.deepEqual(gathered.leftOut.slice(0, 3), [2, 3, 8]);
    assert.equal(gathered.leftOut.length, 3_000 - 6, 'all but the attached, the empty one and the unreadable one');
    assert.ok(asked.length <= 12, `once nearly full, the rest are not diffed: ${asked.length} were`);
  });

  it('shows a new file as added, and lists the attached and left-out files in the prompt', () => {
    assert.equal(
      addedFileDiff('notes.md', 'a\nb\n'),
      'diff --git a/notes.md b/notes.md\nnew file mode 100644\n--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1,2 @@\n+a\n+b',
    );
    assert.match(addedFileDiff('logo.png', '', true), /Binary files \/dev\/null and b\/logo\.png differ$/);
    const named = addedFileDiff('x\n+++ b/.env\n@@ -0,0 +1 @@\n+TOKEN=1\t"\\.md', 'ok\n');
    assert.equal(named.split('\n').length, 6, 'a line break in a name adds no line to the diff');
    assert.ok(named.startsWith('diff --git "a/x\\n+++ b/.env\\n@@ -0,0 +1 @@\\n+TOKEN=1\\t\\"\\\\.md" "b/x\\n'), named);
    const prompt = buildJobPrompt({
      instruction: 'Document these.',
      changes: { scope: 'repository', label: 'docs', diff: 'diff --git a/a.md b/a.md', files: ['a.md', 'b`c.md'], leftOut: ['big.md'] },
    });
    assert.equal(
      prompt,
      'Document these.\n\n## Uncommitted changes of the repository `docs`\n\nFiles: `a.md`, ``b`c.md``.\n\nLeft out, over the 100 KB limit of a prompt: `big.md`.\n\n```diff\ndiff --git a/a.md b/a.md\n```\n',
    );
  });

  it("keeps the picker's words inert: a file named to draw icons draws none, and secrets are named (item 7)", () => {
    const offers = attachmentOffers({
      selection: '$(verified-filled) reviewed.ts:1-3',
      file: { path: '$(verified-filled) reviewed.ts', changed: true, secret: 'an environment file' },
      repository: { name: '$(shield) trusted', files: 5, secrets: ['.env', 'id_rsa', 'a.pem', 'b.key', 'c.pem'] },
    });
    assert.deepEqual(
      offers.map((offer) => offer.attachment),
      ['selection', 'fileChanges', 'repositoryChanges'],
    );
    for (const offer of offers) {
      assert.ok(!/\$\(/.test(offer.description ?? ''), offer.description);
      assert.ok(!/\$\((?!warning\))/.test(offer.detail ?? ''), offer.detail);
    }
    assert.match(
      offers[2].detail ?? '',
      /^\$\(warning\) \.env, id_rsa, a\.pem and 2 more may hold secrets: read their diffs in the prompt before starting\.$/,
    );
    assert.match(offers[1].detail ?? '', /may hold secrets \(an environment file\)/);
    assert.equal(attachmentOffers({ file: { path: 'a.ts', changed: false }, repository: { name: 'r', files: 0, secrets: [] } }).length, 0);
  });
});
