// The demo as a new user tries it, and the README's tour screenshots taken on the way. With
// DOCS_ASSISTANT_UPDATE_TOUR=1 (npm run tour) they are also written to docs/images/ for the
// README, quantized with pngquant (Debian's package) when it is installed, to a third of the size.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startDemo, type BrowserDemo, type DemoOptions } from '../../demo/demo';
import { launchChromium, REPO_ROOT } from '../runner/workbench';
import { openFile, QUICK_INPUT, QUICK_INPUT_BOX, runCommand, screenshot, webviewFrame } from '../ui/support';
import { until } from '../until';

const README_IMAGES = path.join(REPO_ROOT, 'docs', 'images');

async function tourShot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, name);
  if (!process.env.DOCS_ASSISTANT_UPDATE_TOUR) return;
  fs.mkdirSync(README_IMAGES, { recursive: true });
  const target = path.join(README_IMAGES, `${name}.png`);
  try {
    execFileSync('pngquant', ['--quality', '60-85', '--speed', '1', '--force', '--output', target, file]);
  } catch {
    fs.copyFileSync(file, target);
  }
}

/**
 * A tour's hooks: the demo started with `options` and opened in Chromium (given to `opened`), a
 * screenshot of a step that failed, and everything stopped at the end.
 */
function demoInChromium(options: DemoOptions, opened: (demo: BrowserDemo, page: Page) => void): void {
  let demo: BrowserDemo | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  before(async () => {
    demo = await startDemo(options);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.goto(demo.url);
    opened(demo, page);
  });

  afterEach(async function () {
    if (page && this.currentTest?.state === 'failed')
      await screenshot(page, `failed-tour-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => {});
  });

  after(async () => {
    await browser?.close();
    await demo?.stop();
  });
}

describe('the demo, as a new user tries it', function () {
  this.timeout(180_000);
  let demo: BrowserDemo;
  let page: Page;
  demoInChromium({ deltaDelayMs: 3, jobRunsForMs: 4_000 }, (started, opened) => ([demo, page] = [started, opened]));

  const jobsPane = () => page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) });
  const jobRow = (text: string) => jobsPane().locator('.monaco-list-row', { hasText: text }).first();

  it('opens set up: keys stored, sample jobs tracked, the sidebar showing', async () => {
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // The seeding is over, and nothing started by the demo will move the focus any more.
    await page.locator('.part.statusbar', { hasText: 'Docs Assistant demo ready' }).waitFor({ timeout: 60_000 });
    for (const text of ['docs-agent/quickstart', 'docs-agent/job-failed', 'docs-agent/job-archived'])
      await jobRow(text).waitFor({ timeout: 60_000 });
    assert.equal(await jobsPane().locator('.monaco-list-row').count(), 6);
    const chat = await webviewFrame(page, 'textarea.question-input');
    // The welcome comes with the view's set-up, a moment after its box.
    await chat
      .getByText(/Ask a question about the "acme-docs" documentation/)
      .first()
      .waitFor();
    assert.equal(
      await page.locator('.notifications-toasts .notification-toast').count(),
      0,
      'the demo set-up leaves no notification behind',
    );
    // Widen the sidebar, as a user reading jobs and answers would, by dragging its edge.
    const sidebar = await page.locator('.part.sidebar').boundingBox();
    assert.ok(sidebar);
    const edge = { x: sidebar.x + sidebar.width, y: sidebar.y + sidebar.height / 2 };
    await page.mouse.move(edge.x, edge.y);
    await page.mouse.down();
    await page.mouse.move(edge.x + 160, edge.y, { steps: 8 });
    await page.mouse.up();
  });

  it('answers a question about a selection', async () => {
    // The sample project's README opens as a Markdown preview, a webview that takes the focus
    // back when clicked: a user reads it and closes it.
    const readme = page.locator('.tabs-container .tab', { hasText: 'README.md' });
    await readme.waitFor();
    await readme.locator('.tab-actions .action-label').click();
    await readme.waitFor({ state: 'detached' });
    await openFile(page, 'askDocs.ts');
    await page.locator('.view-lines', { hasText: 'export const defaults' }).waitFor();
    await page.locator('.view-lines', { hasText: 'export const defaults' }).click();
    await page.keyboard.press('Control+G');
    await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'visible' });
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    for (let line = 0; line < 4; line++) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Control+Alt+A');
    const chat = await webviewFrame(page, '.chip-label');
    assert.equal(await chat.locator('.chip-label').textContent(), 'src/askDocs.ts:10-13');
    await chat.locator('textarea.question-input').fill('How many pages should the assistant retrieve?');
    await chat.locator('textarea.question-input').press('Enter');
    await chat.locator('.turn[data-status="done"]').waitFor({ timeout: 30_000 });
    assert.match(await chat.locator('.turn .answer').innerText(), /You shared code from `?src\/askDocs\.ts`?/);
    assert.ok((await chat.locator('.source-link').count()) >= 1, 'the answer lists its sources');
    const sent = demo.emulator.requestsFor('assistant').map((request) => request.body as { context?: { type: string; path?: string }[] });
    assert.deepEqual(
      sent.at(-1)?.context?.map((item) => [item.type, item.path]),
      [['code', 'src/askDocs.ts']],
    );
    await chat.locator('.turn').evaluate((turn: { scrollIntoView(options: object): void }) => turn.scrollIntoView({ block: 'start' }));
    await tourShot(page, 'tour-chat');
  });

  it('opens a source as a read-only page', async () => {
    const chat = await webviewFrame(page, '.source-link');
    const source = chat.locator('.source-link').first();
    const title = (await source.innerText()).trim();
    await source.click();
    await page.locator('.tabs-container .tab.active', { hasText: '.md' }).waitFor();
    await page.locator('.view-lines', { hasText: title.split('\n')[0] }).waitFor();
    await tourShot(page, 'tour-page');
  });

  it('shows the jobs in every state, with a pull request once a job completes', async () => {
    await jobRow('docs-agent/job-completed').click();
    await page.keyboard.press('ArrowRight');
    await jobRow('Pull request').waitFor();
    assert.match(await jobRow('Pull request').innerText(), /https:\/\/github\.com\//);
    await jobRow('Pull request').hover();
    assert.equal(
      await jobRow('Pull request').locator('.action-label[aria-label^="Stop Tracking"]').count(),
      0,
      'a detail row offers no Stop Tracking',
    );
    assert.equal(await jobRow('docs-agent/job-completed').locator('.action-label[aria-label^="Stop Tracking"]').count(), 1);
    await tourShot(page, 'tour-agent-jobs');
  });

  it('starts an agent job about the selected change, edits its prompt, sees it through to its pull request, reviews it, and follows it up', async () => {
    await openFile(page, 'askDocs.ts');
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.locator('.view-line', { hasText: 'answerTimeoutMs' }).waitFor();
    // The last two lines, as a user selects them: Go to Line 30, then two lines down. (A click and
    // Ctrl+End could leave them scrolled out of view, in a short window.)
    await page.keyboard.press('Control+G');
    await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'visible' });
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await editor.locator('.view-line', { hasText: 'export const answerTimeoutMs' }).click({ button: 'right' });
    const menuItem = page.locator('.context-view .monaco-menu .action-label', { hasText: 'Start Agent Job' });
    await menuItem.hover();
    await menuItem.click();
    // A menu still opening may miss the click; the hovered item is the one Enter runs. Only then: an
    // Enter while the menu closes would reach the editor and replace the selected lines.
    const picker = page.locator(QUICK_INPUT);
    const opened = await picker.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (!opened && (await menuItem.isVisible().catch(() => false))) await page.keyboard.press('Enter');

    // Attach: the selection is ticked; tick the file's uncommitted changes too.
    await picker.locator('.monaco-list-row', { hasText: 'The selected code' }).waitFor();
    assert.ok(
      await picker.locator('.monaco-list-row', { hasText: 'All uncommitted changes' }).isVisible(),
      'a Git repository: its changes are offered',
    );
    await picker.locator('.monaco-list-row', { hasText: 'The uncommitted changes of this file' }).click();
    await page.keyboard.press('Enter');
    await page.locator(QUICK_INPUT, { hasText: 'What should the agent change' }).waitFor();
    await page.keyboard.type('Document answerTimeoutMs in the configuration guide.');
    await page.keyboard.press('Enter');

    // The whole prompt, to read and edit before anything is sent.
    const draft = page.locator('.tabs-container .tab.active', { hasText: 'Untitled' });
    await draft.waitFor();
    await page.locator('.codelens-decoration', { hasText: 'Start Agent Job' }).first().waitFor();
    assert.match(await page.locator('.codelens-decoration').last().innerText(), /KB of 100 KB/);
    assert.equal(demo.emulator.requestsFor('createJob').length, 0, 'nothing is sent before Start');
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Mention the default of 30 seconds.');
    await tourShot(page, 'tour-start-job');
    await page.locator('.editor-actions .action-label[aria-label="Start Agent Job"]').click();

    const sent = await until('the prompt sent', () => demo.emulator.jobs.prompts[0], 30_000);
    assert.match(
      sent.prompt,
      /^Document answerTimeoutMs in the configuration guide\. Mention the default of 30 seconds\.\n\n## Selected from `src\/askDocs\.ts`, lines 30–31\n/,
    );
    assert.match(sent.prompt, /## Uncommitted changes of `src\/askDocs\.ts`\n\n```diff\n[\s\S]*\+export const answerTimeoutMs = 30_000;/);
    await draft.waitFor({ state: 'detached' });

    // The job joins the tree, named by its prompt, and is watched until its pull request is ready.
    const row = jobRow('Document answerTimeoutMs');
    await row.waitFor();
    const done = page.locator('.notification-toast', { hasText: 'completed with a pull request' });
    await done.waitFor({ timeout: 60_000 });
    assert.ok(await done.locator('.monaco-button', { hasText: 'Open Pull Request' }).isVisible());
    // The tree redraws a moment after the job changes (it waits for more changes), so the
    // notification can come first: the row's action comes with the redraw, under the pointer.
    const openPullRequest = row.locator('.action-label[aria-label="Open Pull Request"]');
    await until('the row’s Open Pull Request action', async () => {
      await row.hover();
      return (await openPullRequest.count()) > 0;
    });
    assert.equal(await openPullRequest.count(), 1);
    await tourShot(page, 'tour-job-done');

    // The sample project is a clone of the job's repository: Review Changes fetches the job's
    // branch and opens VS Code's multi-file diff editor on what the agent changed.
    await done.locator('.monaco-button', { hasText: 'Review Changes' }).click();
    const reviewTab = page.locator('.tabs-container .tab', { hasText: 'Agent job changes: Document answerTimeoutMs' });
    await reviewTab.waitFor();
    // Its start: a narrow editor wraps the heading.
    await page.locator('.part.editor .view-line', { hasText: '## Document answerTimeoutMs' }).first().waitFor();
    // What git and the review said has been read: the notifications are put away for the picture.
    await runCommand(page, 'Notifications: Clear All Notifications');
    await reviewTab.click();
    await page.mouse.move(900, 600);
    await tourShot(page, 'tour-review');

    // A follow-up, from the review's title bar, sets the job working again.
    await page.locator('.editor-actions .action-label[aria-label="Send Follow-Up to Agent Job"]').click();
    await page.locator(QUICK_INPUT, { hasText: 'What else should the agent do' }).waitFor();
    await page.keyboard.type('Add an example to the troubleshooting page too.');
    await page.keyboard.press('Enter');
    await row.locator('.label-description', { hasText: 'active' }).waitFor();
    assert.deepEqual(demo.emulator.jobs.prompts.at(-1), {
      kind: 'followUp',
      jobId: sent.jobId,
      prompt: 'Add an example to the troubleshooting page too.',
    });
  });

  it('searches the docs as the user types, results narrowing with every word, and opens one', async () => {
    await runCommand(page, 'Docs Assistant: Search Docs');
    const picker = page.locator(QUICK_INPUT);
    await picker.locator('.quick-input-title', { hasText: 'Search Docs' }).waitFor();
    const rows = picker.locator('.quick-input-list .monaco-list-row');
    await page.keyboard.type('agent', { delay: 40 });
    await rows.filter({ hasText: 'Watching agent jobs' }).first().waitFor();
    await until('"agent" to match several pages', async () => (await rows.count()) > 2);
    await page.keyboard.type(' jobs pull', { delay: 40 });
    await until('more words, fewer pages: the two that match "agent jobs pull"', async () => (await rows.count()) === 2);
    const first = rows.first();
    assert.match(await first.innerText(), /Watching agent jobs[\s\S]*guides\/agent-jobs/);
    assert.match(await first.locator('.quick-input-list-label-meta').first().innerText(), /\w{3,}/, 'the matching excerpt, as plain text');
    await page.mouse.move(900, 600);
    await tourShot(page, 'tour-search');
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: 'agent-jobs.md' }).waitFor();
    await page.locator('.view-lines', { hasText: 'Watching agent jobs' }).waitFor();
  });

  it("reads a page with the platform's components in VS Code's Markdown preview", async () => {
    await runCommand(page, 'Docs Assistant: Open Page');
    const input = page.locator(QUICK_INPUT_BOX);
    await input.waitFor({ state: 'visible' });
    await input.fill('reference/components');
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: 'components.md' }).waitFor();
    await page.locator('.view-lines').first().click();
    await page.keyboard.press('Control+K');
    await page.keyboard.press('V');
    const preview = await webviewFrame(page, '.mdx-callout');
    await preview.locator('.mdx-columns').first().waitFor();
    await page.mouse.move(900, 600);
    await tourShot(page, 'tour-preview');
  });
});

describe('the demo with the web build (npm run demo -- --web), as a new user tries it', function () {
  this.timeout(180_000);
  let page: Page;
  demoInChromium({ deltaDelayMs: 3, web: true }, (_demo, opened) => (page = opened));

  it("runs in the browser's web worker: set up, jobs tracked, a question answered", async () => {
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.part.statusbar', { hasText: 'Docs Assistant demo ready' }).waitFor({ timeout: 60_000 });
    const jobs = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) }).locator('.monaco-list-row');
    await jobs.filter({ hasText: 'docs-agent/job-archived' }).first().waitFor({ timeout: 60_000 });
    assert.equal(await jobs.count(), 6);
    const readme = page.locator('.tabs-container .tab', { hasText: 'README.md' });
    await readme.waitFor();
    await readme.locator('.tab-actions .action-label').click();
    await runCommand(page, 'Docs Assistant: Show Log');
    await page.locator('.output-view', { hasText: "loaded in a browser's web worker" }).first().waitFor({ timeout: 30_000 });
    const chat = await webviewFrame(page, 'textarea.question-input');
    await chat.locator('textarea.question-input').fill('How do I watch an agent job?');
    await chat.locator('textarea.question-input').press('Enter');
    await chat.locator('.turn[data-status="done"]').waitFor({ timeout: 30_000 });
    assert.ok((await chat.locator('.source-link').count()) >= 1, 'the answer lists its sources');
    await chat.locator('.turn').evaluate((turn: { scrollIntoView(options: object): void }) => turn.scrollIntoView({ block: 'start' }));
    await page.mouse.move(900, 600);
    await tourShot(page, 'web-chat');
  });
});

describe('the demo in the newest VS Code (npm run demo -- --vscode newest), as a new user tries it', function () {
  this.timeout(240_000);
  let page: Page;
  demoInChromium({ deltaDelayMs: 3, release: 'newest' }, (_demo, opened) => (page = opened));

  it('sets up and tracks the jobs, offers @docs in VS Code’s own Chat view, and the tools and the site’s MCP server to its agents', async () => {
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.part.statusbar', { hasText: 'Docs Assistant demo ready' }).waitFor({ timeout: 60_000 });
    const jobs = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) }).locator('.monaco-list-row');
    await jobs.filter({ hasText: 'docs-agent/job-archived' }).first().waitFor({ timeout: 60_000 });
    await webviewFrame(page, 'textarea.question-input');
    await webviewFrame(page, 'h1');
    await runCommand(page, 'Chat: Open Chat');
    await page.locator('.interactive-input-part .monaco-editor').first().click();
    await page.keyboard.type('@docs /');
    await page.locator('.suggest-widget .monaco-list-row', { hasText: '/search' }).waitFor();
    await page.mouse.move(700, 400);
    await page.waitForTimeout(1_000);
    await tourShot(page, 'chat-view-docs');
    await page.keyboard.press('Escape');
    // The agent's tools: Docs Assistant's, and the documentation site's MCP server.
    await page
      .locator('.interactive-input-part')
      .getByRole('button', { name: /^Configure Tools/ })
      .first()
      .click();
    await page.locator('.quick-input-widget').getByText('Docs Assistant', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await runCommand(page, 'MCP: List Servers');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Documentation site' }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'tour-newest-mcp-servers');
    await page.keyboard.press('Escape');
  });
});
