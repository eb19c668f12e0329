// Docs Assistant as a browser-only VS Code runs it (vscode.dev, github.dev): the package with the
// web entry alone, installed into code-server, which runs it in its web worker extension host. Run
// by test/runner/runWorkbenchTests.ts (DOCS_ASSISTANT_WEB=1); skipped otherwise.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT, writtenJson } from '../runner/workbench';
import { until } from '../until';
import {
  answerInput,
  openFile,
  openSidebar,
  QUICK_INPUT,
  reloadWindow,
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
      platform: ui.emulator,
      keys: true,
    });
    await openSidebar(bench.page);
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

  // One workbench, as a user's browser tab: what only the web worker host shows. The features are
  // the same code as in Node's host, tested there (test/vscode) and in the workbench (the other suites).
  it('runs in the web worker host over fetch: answers, lends its tools, tracks, starts and follows up jobs without Git, says a CORS refusal, and keeps its keys across a reload', async () => {
    ui.emulator.jobs.add({
      id: 'job-web',
      outcome: 'completed',
      runsForMs: 0,
      repository: 'https://github.com/acme/docs',
      ref: 'docs-agent/web',
    });
    ui.emulator.jobs.createdRunsForMs = 3_000;
    const { page, workspace } = await connected();
    await runCommand(page, 'Docs Assistant: Show Log');
    await page.locator('.output-view', { hasText: "loaded in a browser's web worker" }).first().waitFor({ timeout: 30_000 });
    assert.match(await ask(page, 'How do I stop an answer?'), /Press \*?\*?Stop/);
    assert.ok(
      ui.emulator.preflights.some((path) => path.startsWith('/discovery/')),
      'the browser asked the platform first (CORS)',
    );
    await screenshot(page, 'web-worker-host');

    // The language model tools, called from the web worker host as VS Code's agents would.
    await runCommand(page, 'Docs Assistant Probe: Invoke Docs Tools');
    const tools = await writtenJson<{ webWorker: boolean; tools: string[]; search: string; page: string; ask: string }>(
      path.join(workspace, 'tools.json'),
      'the probe to write what the tools answered',
      30_000,
    );
    assert.ok(tools.webWorker, JSON.stringify(tools));
    // Every tool the manifest declares: the assistant, the agent jobs and the analytics are reached over fetch too.
    const declared = (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        contributes: { languageModelTools: { name: string }[] };
      }
    ).contributes.languageModelTools.map((tool) => tool.name);
    assert.deepEqual([...tools.tools].sort(), declared.sort());
    assert.match(tools.search, /\nBEGIN RESULTS DOCS-\w+\n1\. title: "Watching agent jobs"\n/);
    assert.match(tools.page, /\nPage path: "guides\/chat"\nBEGIN PAGE DOCS-\w+\n# Chatting with the assistant\n/);
    assert.match(tools.ask, /keys/i, tools.ask);

    // No Git in a web worker host: the tree offers nothing that needs it, and the palette, where a
    // user could look for it, says why and offers the pull request.
    await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
    await answerInput(page, 'job-web');
    const tracked = page.locator('.pane-body .monaco-list-row', { hasText: 'docs-agent/web' });
    await tracked.waitFor({ timeout: 30_000 });
    await tracked.hover();
    assert.equal(await tracked.locator('.action-label[aria-label*="Review Changes"]').count(), 0, 'no Review Changes in the tree');
    assert.equal(await tracked.locator('.action-label[aria-label*="Open Pull Request"]').count(), 1, 'the pull request is offered');
    await runCommand(page, 'Docs Assistant: Review Changes');
    await page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`, { hasText: 'docs-agent/web' }).first().click();
    const noGit = page.locator('.notification-toast', { hasText: "VS Code's Git extension, which is not available here" });
    await noGit.waitFor({ timeout: 30_000 });
    await noGit.locator('.monaco-button', { hasText: 'Open Pull Request' }).waitFor();
    await screenshot(page, 'web-no-git');

    // A job from a selection: only what needs no Git is offered, and its end offers no review.
    await openFile(page, 'sample.ts');
    await page.locator('.monaco-editor .view-line', { hasText: 'export const answer' }).first().click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await runCommand(page, 'Docs Assistant: Start Agent Job');
    const rows = page.locator(`${QUICK_INPUT} .monaco-list-row`);
    await rows.filter({ hasText: 'The selected code' }).waitFor();
    assert.equal(await rows.filter({ hasText: 'uncommitted' }).count(), 0, 'no uncommitted changes offered');
    await page.keyboard.press('Enter');
    await answerInput(page, 'Document the answer constant', 'What should the agent change');
    await page.locator('.editor-actions .action-label[aria-label="Start Agent Job"]').click();
    const done = page.locator('.notification-toast', { hasText: 'completed with a pull request' }).last();
    await done.locator('.monaco-button', { hasText: 'Open Pull Request' }).waitFor({ timeout: 60_000 });
    assert.equal(await done.locator('.monaco-button', { hasText: 'Review Changes' }).count(), 0, 'no Review Changes without Git');
    const created = ui.emulator.jobs.prompts.find((received) => received.kind === 'create');
    assert.match(created?.prompt ?? '', /Document the answer constant/);
    assert.ok(created?.prompt.includes('export const answer = 42;'), 'the selection went with the prompt');
    await screenshot(page, 'web-job-completed');

    // A follow-up to a job that has ended, over fetch: the one platform call the steps above do not make.
    await runCommand(page, 'Docs Assistant: Send Follow-Up to Agent Job', { opensInput: true });
    await page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`, { hasText: 'docs-agent/web' }).first().click();
    await answerInput(page, 'Also the README.', 'What else should the agent do');
    await until(
      'the follow-up at the platform',
      () =>
        ui.emulator.jobs.prompts.some(
          ({ kind, jobId, prompt }) => kind === 'followUp' && jobId === 'job-web' && prompt === 'Also the README.',
        ),
      30_000,
    );

    // A platform that refuses calls from a browser: said as such, and what still works.
    ui.emulator.config.cors = { discovery: false, admin: true };
    const said = await ask(page, 'How do I stop an answer?');
    assert.match(said, /did not accept the call from a browser/);
    assert.match(said, /agent jobs its admin interface/);
    await screenshot(page, 'web-cors-refused');
    // As said: the agent jobs are still reached.
    ui.emulator.jobs.add({ id: 'job-cors', outcome: 'staysActive', ref: 'docs-agent/cors' });
    await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
    await answerInput(page, 'job-cors');
    await page.locator('.pane-body .monaco-list-row', { hasText: 'docs-agent/cors' }).waitFor({ timeout: 30_000 });
    ui.emulator.config.cors = { discovery: true, admin: true };

    // The keys are kept in the browser's secret storage, across a reload, and so are the tracked jobs.
    await reloadWindow(page);
    await openSidebar(page);
    await page.locator('.pane-body .monaco-list-row', { hasText: 'docs-agent/web' }).waitFor({ timeout: 30_000 });
    const chat = await webviewFrame(page, 'textarea.question-input', 60_000);
    await chat.locator('.turn').first().waitFor();
    assert.match(await ask(page, 'Where are keys stored?'), /keys/i, 'the key was still there after the reload');
  });
});
