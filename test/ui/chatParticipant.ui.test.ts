// @docs in the Chat view VS Code has built in (1.139 and later), as a user meets it. VS Code sends a
// question to a participant only while a language model is available, so a test-only extension
// (test/ui/testModel) lends it one, offline, which the user picks in the Chat view's model picker;
// @docs never uses it. Then what only the real Chat view shows: the editor's selection it passes,
// the page chips it draws, the history it keeps for a follow-up in the same thread, and what it
// makes of an answer written to make it draw more than text (issue 40). The participant's other
// answers (/search, /page, Stop, a rate limit, a refused key and its button) are tested in the
// extension host (test/vscode/chatParticipant.test.ts).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Workbench } from '../runner/workbench';
import { REPO_ROOT } from '../runner/workbench';
import { PlatformEmulator } from '../emulator/emulator';
import { closeWorkbenches, onlyIn, openFile, recordFailure, runCommand, screenshot, sendInChatView, workbench } from './support';

const TEST_MODEL = path.join(REPO_ROOT, 'test', 'ui', 'testModel');
type Body = { threadId?: string; threadKey?: string; context?: { type: string; path?: string; value: string }[] };

describe('@docs in VS Code’s own Chat view', function () {
  this.timeout(300_000);
  onlyIn('newest', 'VS Code 1.99 has no Chat view of its own: only an extension such as Copilot brings one');
  // Not uiSuite(): its workbench closes after each test, and this suite's steps go on in one.
  const ui = {} as { emulator: PlatformEmulator };
  let bench: Workbench;
  let page: Page;
  const bodies = () => ui.emulator.requestsFor('assistant').map((request) => request.body as Body);

  /** Types a question into the Chat view's box, in place of what is there, and sends it; resolves to its response. */
  async function ask(question: string): Promise<Locator> {
    const row = await sendInChatView(page, question);
    // Its response is the row after it, by the list's own index: the list reuses its rows' elements in any order.
    const index = Number(await row.getAttribute('data-index'));
    assert.ok(Number.isInteger(index), 'the question row has its index');
    return page.locator(`.monaco-list-row[data-index="${index + 1}"] .interactive-response`);
  }

  /** Waits until the response says what `pattern` matches, and is done. */
  async function settled(response: Locator, pattern: RegExp): Promise<string> {
    await response.filter({ hasText: pattern }).waitFor({ timeout: 30_000 });
    await page.locator('.interactive-session:not(.chat-request-in-progress)').first().waitFor({ timeout: 30_000 });
    return response.innerText();
  }

  before(async function () {
    ui.emulator = await PlatformEmulator.start();
    // The workbench is the suite's: each step goes on from where the one before left the Chat view.
    bench = await workbench({
      viewport: { width: 1400, height: 900 },
      extensionFolders: [TEST_MODEL],
      workspaceFiles: { 'src/retry.ts': 'export const retries = 3;\n', 'secret.txt': 'TOP-SECRET-CREDENTIALS\n' },
      platform: ui.emulator,
      keys: true,
      // An offline VS Code offers its Chat view to no one signed in only with this.
      userSettings: { 'chat.allowAnonymousAccess': true },
    });
    page = bench.page;
    await runCommand(page, 'Chat: Open Chat');
    // The model the test extension lends, picked as a user picks one.
    await page
      .locator('.interactive-input-part')
      .getByRole('button', { name: /^Models?\b/ })
      .click();
    await page.getByRole('option', { name: /Docs Assistant Test Model/ }).click();
    await page.locator('.interactive-input-part').getByText('Docs Assistant Test Model').waitFor();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await recordFailure(page, this.currentTest);
  });
  after(async () => {
    await closeWorkbenches(undefined);
    await ui.emulator?.close();
  });

  it('answers a question about the selection from the platform, with its pages as chips that open them, and goes on in the same thread', async () => {
    await openFile(page, 'retry.ts');
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+A');
    await page.locator('.statusbar', { hasText: /selected/ }).waitFor();
    const response = await ask('@docs How are retries capped?');
    const text = await settled(response, /Here is what the documentation says about/);
    assert.match(text, /How are retries capped\?/);
    assert.doesNotMatch(text, /test model has nothing to say/, 'the platform answered, not the model');
    const [body] = bodies();
    assert.deepEqual(
      body.context?.map(({ type, path: file, value }) => ({ type, path: file, value })),
      [{ type: 'code', path: 'src/retry.ts', value: 'export const retries = 3;\n' }],
      'the selection went as code context with its path',
    );
    await screenshot(page, 'chat-view-docs-answer');
    // The last: the Chat view's title sticks over the response's first lines.
    const chip = response.locator('.chat-inline-anchor-widget').last();
    const title = (await chip.innerText()).trim();
    assert.match(title, /\.md$/);
    await chip.click();
    await page.locator('.tabs-container .tab', { hasText: title }).waitFor({ timeout: 15_000 });

    // A follow-up: the Chat view's history carries the thread, and @docs goes on in it, with its key.
    const followUp = await ask('@docs Where are the keys kept?');
    await settled(followUp, /Here is what the documentation says about/);
    const second = bodies().at(-1)!;
    assert.equal(bodies().length, 2);
    assert.match(String(second.threadId), /^thread_/);
    assert.match(String(second.threadKey), /^tk_/);
    assert.equal(body.threadId, undefined, 'the first question made the thread');
  });

  it('draws nothing an answer writes as more than text: no local file, no extension card, no file pill, no agent button (issue 40, item 1)', async () => {
    const secret = path.join(bench.workspace, 'secret.txt');
    assert.ok(fs.existsSync(secret));
    ui.emulator.config.answerOverride = [
      'Three shapes:',
      '',
      '```vscode-extensions',
      'ms-python.python,evil.extension',
      '```',
      '',
      '```python',
      `<vscode_codeblock_uri isEdit>file://${secret}</vscode_codeblock_uri>`,
      'print(1)',
      '```',
      '',
      '```vscode-local-file',
      JSON.stringify({ uri: { scheme: 'file', path: secret } }),
      '```',
      '',
      '[Run it](http://_chatslash_?%7B%22agentId%22%3A%22docs-assistant.docs%22%2C%22command%22%3A%22search%22%7D)',
      '',
    ].join('\n');
    const response = await ask('@docs Hostile?');
    const text = await settled(response, /Run it/);
    await screenshot(page, 'chat-view-docs-hostile');
    assert.equal(await response.locator('.chat-extensions-content-part').count(), 0, 'no extension card');
    assert.equal(await response.locator('.chat-codeblock-pill-widget').count(), 0, 'no file pill');
    assert.equal(await response.locator('a[data-href^="http://_"]').count(), 0, 'no button that sends a request to an agent');
    assert.doesNotMatch(text, /TOP-SECRET-CREDENTIALS/, 'no local file shown');
    assert.match(text, /ms-python\.python,evil\.extension/, 'the code is there, as code');
    delete (ui.emulator.config as { answerOverride?: string }).answerOverride;
  });
});
