import * as assert from 'node:assert/strict';
import { buildJobPrompt } from '../../../src/agentJobs/jobPrompt';
import { codeSpan, fenced } from '../../../src/shared/codeFences';
import { jobLabel, promptTitle } from '../../../src/agentJobs/jobPresentation';
import { loadTrackedJobs, saveTrackedJobs, type KeyValueStore } from '../../../src/agentJobs/savedJobs';
import { promptProblem } from '../../../src/platform/agentJob';
import { MAX_SELECTION_CHARS } from '../../../src/selection/selection';

describe('agent job prompts', () => {
  it('puts the instruction first, then the selection with its place, in a fence of its language', () => {
    const prompt = buildJobPrompt({
      instruction: '  Document the new option.  ',
      selection: { path: 'src/retry.ts', startLine: 12, endLine: 14, text: 'export const retries = 3;\n', language: 'typescript' },
    });
    assert.equal(
      prompt,
      'Document the new option.\n\n## Selected from `src/retry.ts`, lines 12–14\n\n```typescript\nexport const retries = 3;\n```\n',
    );
  });

  it('cuts a selection as a question cuts one, and says so in the prompt (issue 56, item 1)', () => {
    const text = `${'a'.repeat(MAX_SELECTION_CHARS)}END`;
    const prompt = buildJobPrompt({ instruction: 'Go', selection: { path: 'big.ts', startLine: 1, endLine: 900, text } });
    assert.match(prompt, /^## Selected from `big\.ts`, lines 1–900 \(cut: its first 20,000 of 20,003 characters\)$/m);
    assert.ok(!prompt.includes('END'), 'nothing past the cut is sent');
    assert.ok(prompt.includes('a'.repeat(MAX_SELECTION_CHARS)));
    const whole = buildJobPrompt({
      instruction: 'Go',
      selection: { path: 'a.ts', startLine: 1, endLine: 1, text: 'a'.repeat(MAX_SELECTION_CHARS) },
    });
    assert.doesNotMatch(whole, /cut:/);
  });

  it('adds the uncommitted changes of a file or of the repository as a diff', () => {
    const diff = 'diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-old\n+new\n';
    assert.equal(
      buildJobPrompt({ instruction: 'Go', changes: { scope: 'file', label: 'a.ts', diff } }),
      `Go\n\n## Uncommitted changes of \`a.ts\`\n\n\`\`\`diff\n${diff}\`\`\`\n`,
    );
    assert.match(
      buildJobPrompt({ instruction: 'Go', changes: { scope: 'repository', label: 'acme-api', diff } }),
      /^## Uncommitted changes of the repository `acme-api`$/m,
    );
  });

  it('fences code so that backticks inside cannot close the block early', () => {
    assert.equal(fenced('a ``` b ```` c', 'md'), '`````md\na ``` b ```` c\n`````');
    assert.equal(fenced('plain', ''), '```\nplain\n```');
    assert.equal(codeSpan('a `b` c'), '``a `b` c``');
    assert.equal(codeSpan('`edge'), '`` `edge ``');
  });

  it('refuses an empty prompt and one over 100 KB, saying how big it is', () => {
    assert.match(promptProblem(' \n ')!, /empty/);
    assert.match(promptProblem('x'.repeat(150 * 1024))!, /The prompt is 150 KB; the agent takes at most 100 KB\./);
    assert.equal(promptProblem('x'.repeat(100 * 1024)), undefined);
  });

  it('names a job started here by its prompt, and keeps the prompt with the job through a reload', async () => {
    assert.equal(promptTitle('\n# Document the retry option\n\nmore'), 'Document the retry option');
    assert.equal(promptTitle('x'.repeat(200))!.length, 80);
    const tracked = {
      id: 'j',
      polling: { kind: 'watching' as const },
      prompt: 'Fix the quickstart\nDetails…',
      job: { id: 'j', status: 'active' as const, repository: 'https://github.com/acme/docs', ref: 'b' },
    };
    assert.equal(jobLabel(tracked), 'Fix the quickstart');
    assert.equal(jobLabel({ ...tracked, prompt: undefined }), 'acme/docs · b', 'a job tracked by id reads as before');
    const values = new Map<string, unknown>();
    const store: KeyValueStore = {
      get: <T>(key: string) => values.get(key) as T | undefined,
      update: async (key, value) => void values.set(key, JSON.parse(JSON.stringify(value))),
    };
    await saveTrackedJobs(store, 'scope', [tracked]);
    assert.deepEqual(loadTrackedJobs(store, 'scope'), [{ id: 'j', job: tracked.job, prompt: 'Fix the quickstart\nDetails…' }]);
  });
});
