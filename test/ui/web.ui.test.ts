// Docs Assistant as a browser-only VS Code runs it (vscode.dev, github.dev): the package with the
// web entry alone, installed into code-server, which runs it in its web worker extension host. Run
// by test/runner/runUiAgainstVsix.ts (DOCS_ASSISTANT_WEB=1); skipped otherwise.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { writtenJson } from '../runner/workbench';
import {
  answerInput,
  notification,
  openFile,
  openSidebar,
  QUICK_INPUT,
  runCommand,
  screenshot,
  uiSuite,
  webviewFrame,
  workbench,
} from './support';

const web = process.env.DOCS_ASSISTANT_WEB === '1';

(web ? describe : describe.skip)('Docs Assistant in a browser-only VS Code (web worker extension host)', function () {
  this.timeout(240_000);
  const ui = uiSuite();

  async function connected(): Promise<{ page: Page; workspace: string; close(): Promise<void> }> {
    const bench = await workbench({
      viewport: { width: 1400, height: 900 },
      // Calls the language model tools from the web worker host, as an agent would.
      extensionFolders: [path.join(__dirname, '..', '..', '..', 'test', 'ui', 'webToolsProbe')],
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.projectId': ui.emulator.config.projectId,
      },
    });
    await openSidebar(bench.page);
    await runCommand(bench.page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(bench.page, ui.emulator.config.assistantKey);
    // Stored once the command says so: a question sent before then would find no key.
    await notification(bench.page, 'The assistant key is stored');
    return { page: bench.page, workspace: bench.workspace, close: () => bench.close() };
  }

  async function ask(page: Page, question: string): Promise<string> {
    const chat = await webviewFrame(page, 'textarea.question-input');
    // After a reload the turns before are there: wait for this question's own.
    const before = await chat.locator('.turn').count();
    await chat.locator('textarea.question-input').fill(question);
    await chat.locator('textarea.question-input').press('Enter');
    const turn = chat.locator('.turn').nth(before);
    await turn.locator('xpath=self::*[@data-status="done" or @data-status="failed"]').waitFor({ timeout: 30_000 });
    return turn.innerText();
  }

  it('runs in the web worker extension host, calls the platform over fetch, and keeps its keys across a reload', async () => {
    const { page } = await connected();
    await runCommand(page, 'Docs Assistant: Show Log');
    await page.locator('.output-view', { hasText: "loaded in a browser's web worker" }).first().waitFor({ timeout: 30_000 });
    assert.match(await ask(page, 'How do I stop an answer?'), /Press \*?\*?Stop/);
    assert.ok(
      ui.emulator.preflights.some((path) => path.startsWith('/discovery/')),
      'the browser asked the platform first (CORS)',
    );
    await screenshot(page, 'web-worker-host');

    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await openSidebar(page);
    const chat = await webviewFrame(page, 'textarea.question-input', 60_000);
    await chat.locator('.turn').first().waitFor();
    assert.match(await ask(page, 'Where are keys stored?'), /keys/i, 'the key was still there after the reload');
  });

  it('searches the docs and reads a page, with no Node', async () => {
    const { page, workspace } = await connected();
    await runCommand(page, 'Docs Assistant: Search Docs');
    // The palette's box becomes the search's: type once it is the search's, or the first key is lost.
    await page.locator(`${QUICK_INPUT} .quick-input-title`, { hasText: 'Search Docs' }).waitFor();
    await page.keyboard.type('agent jobs', { delay: 30 });
    await page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`, { hasText: 'Watching agent jobs' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: 'agent-jobs.md' }).waitFor();
    await page.locator('.view-lines', { hasText: 'Watching agent jobs' }).waitFor();

    // The language model tools, called from the web worker host as VS Code's agents would.
    await runCommand(page, 'Docs Assistant Probe: Invoke Docs Tools');
    const tools = await writtenJson<{ webWorker: boolean; tools: string[]; search: string; page: string; ask: string }>(
      path.join(workspace, 'tools.json'),
      'the probe to write what the tools answered',
      30_000,
    );
    assert.ok(tools.webWorker, JSON.stringify(tools));
    // All six: the assistant and the agent jobs are reached over fetch too.
    assert.deepEqual([...tools.tools].sort(), [
      'docsAssistant_ask',
      'docsAssistant_followUpAgentJob',
      'docsAssistant_readAgentJob',
      'docsAssistant_readPage',
      'docsAssistant_searchDocs',
      'docsAssistant_startAgentJob',
    ]);
    assert.match(tools.search, /\nBEGIN RESULTS DOCS-\w+\n1\. title: "Watching agent jobs"\n/);
    assert.match(tools.page, /\nPage path: "guides\/chat"\nBEGIN PAGE DOCS-\w+\n# Chatting with the assistant\n/);
    assert.match(tools.ask, /keys/i, tools.ask);
  });

  it('says, when the platform does not accept calls from a browser, that it did not and what still works', async () => {
    ui.emulator.config.cors = { discovery: false, admin: true };
    ui.emulator.jobs.add({
      id: 'job-web',
      outcome: 'completed',
      runsForMs: 0,
      repository: 'https://github.com/acme/docs',
      ref: 'docs-agent/web',
    });
    const { page } = await connected();
    await runCommand(page, 'Docs Assistant: Set Admin Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.adminKey);
    await notification(page, 'The admin key is stored');
    const said = await ask(page, 'How do I stop an answer?');
    assert.match(said, /did not accept the call from a browser/);
    assert.match(said, /agent jobs its admin interface/);
    await screenshot(page, 'web-cors-refused');
    // The admin interface allows it: agent jobs still work.
    await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
    await answerInput(page, 'job-web');
    await page.locator('.pane-body .monaco-list-row', { hasText: 'docs-agent/web' }).waitFor({ timeout: 30_000 });
    // No Git in a web worker host: the tree offers nothing that needs it, and the palette, where a
    // user could look for it, says why and offers the pull request.
    const row = page.locator('.pane-body .monaco-list-row', { hasText: 'docs-agent/web' });
    await row.hover();
    assert.equal(await row.locator('.action-label[aria-label*="Review Changes"]').count(), 0, 'no Review Changes in the tree');
    assert.equal(await row.locator('.action-label[aria-label*="Open Pull Request"]').count(), 1, 'the pull request is offered');
    await runCommand(page, 'Docs Assistant: Review Changes');
    await page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`, { hasText: 'docs-agent/web' }).first().click();
    const toast = page.locator('.notification-toast', { hasText: "VS Code's Git extension, which is not available here" });
    await toast.waitFor({ timeout: 30_000 });
    await toast.locator('.monaco-button', { hasText: 'Open Pull Request' }).waitFor();
    await screenshot(page, 'web-no-git');
  });

  it('starts an agent job from a selection, without Git, sees it complete, and follows it up', async () => {
    ui.emulator.jobs.createdRunsForMs = 3_000;
    const { page } = await connected();
    await runCommand(page, 'Docs Assistant: Set Admin Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.adminKey);
    await openFile(page, 'sample.ts');
    await page.locator('.monaco-editor .view-line', { hasText: 'export const answer' }).first().click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await runCommand(page, 'Docs Assistant: Start Agent Job');
    // Only what needs no Git is offered: the selection, never uncommitted changes.
    const rows = page.locator(`${QUICK_INPUT} .monaco-list-row`);
    await rows.filter({ hasText: 'The selected code' }).waitFor();
    assert.equal(await rows.filter({ hasText: 'uncommitted' }).count(), 0, 'no uncommitted changes offered');
    await page.keyboard.press('Enter');
    await answerInput(page, 'Document the answer constant', 'What should the agent change');
    await page.locator('.editor-actions .action-label[aria-label="Start Agent Job"]').click();
    const tree = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) });
    const row = tree.locator('.monaco-list-row', { hasText: 'Document the answer constant' }).first();
    await row.waitFor({ timeout: 30_000 });
    assert.match(ui.emulator.jobs.prompts[0]?.prompt ?? '', /^Document the answer constant\n\n## Selected from `src\/sample\.ts`/);

    // Completed: the notification offers the pull request, and nothing that needs Git.
    const toast = page.locator('.notification-toast', { hasText: 'completed with a pull request' }).last();
    await toast.locator('.monaco-button', { hasText: 'Open Pull Request' }).waitFor({ timeout: 60_000 });
    assert.equal(await toast.locator('.monaco-button', { hasText: 'Review Changes' }).count(), 0, 'no Review Changes without Git');
    await screenshot(page, 'web-job-completed');

    await runCommand(page, 'Docs Assistant: Send Follow-Up to Agent Job');
    await page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`, { hasText: 'Document the answer constant' }).first().click();
    await answerInput(page, 'Add an example', 'What else should the agent do');
    await row.locator('.label-description', { hasText: 'active' }).waitFor({ timeout: 30_000 });
    assert.deepEqual(
      ui.emulator.jobs.prompts.map((prompt) => [prompt.kind, prompt.prompt.split('\n')[0]]),
      [
        ['create', 'Document the answer constant'],
        ['followUp', 'Add an example'],
      ],
    );
  });
});
