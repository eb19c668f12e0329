// The whole extension in each release's real workbench, as a new user meets it: the welcome views
// ask for the keys, which are typed into the palette's masked box; the chat in the sidebar answers a
// question typed into its box, with its sources; a web link of the answer is VS Code's to open,
// after its own question, once; a source opens as a page in the editor, which VS Code keeps from
// being typed in, and whose selection Ctrl+Alt+A attaches to the next question; a tracked job shows
// in the Agent Jobs view, with the sidebar's badge, and stays across a reload. Each behaviour here
// has its own tests at a cheaper layer; this shows the parts meet in VS Code itself (CONTRIBUTING.md).

import * as assert from 'node:assert/strict';
import {
  answerInput,
  giveKeys,
  openSidebar,
  QUICK_INPUT,
  reloadWindow,
  runCommand,
  screenshot,
  sidebarItem,
  uiSuite,
  webviewFrame,
  workbench,
} from './support';

describe('Docs Assistant in the workbench, end to end', function () {
  this.timeout(180_000);
  const ui = uiSuite();
  before(() => ui.emulator.jobs.add({ id: 'job-smoke', outcome: 'staysActive', ref: 'docs-agent/smoke' }));

  it('asks for the keys, answers in the sidebar, opens a source as a page, and shows a tracked job, kept across a reload', async () => {
    // Set up for the platform, but for the keys: this test gives them as a new user does.
    const bench = await workbench({ platform: ui.emulator });
    const { page } = bench;
    ui.emulator.config.answerOverride =
      'Here is what the documentation says about watching a job.\n\nIts state is also on [the status page](https://example.com/status).\n';
    await runCommand(page, 'Docs Assistant: Focus on Chat View');
    // Before the keys: each view says which key it needs.
    const chat = await webviewFrame(page, '.setup-title');
    await chat.locator('.setup-title', { hasText: 'Set the assistant key' }).waitFor();
    await page.locator('.welcome-view-content', { hasText: 'read with the admin key' }).waitFor();
    await screenshot(page, 'smoke-keys-missing');

    await giveKeys(page, ui.emulator.url, ui.emulator.config);
    await page.locator('.welcome-view-content', { hasText: 'No agent jobs are tracked yet' }).waitFor();

    // The question is typed into the box and sent with Enter.
    await chat.locator('textarea.question-input').click();
    await chat.locator('textarea.question-input:focus').waitFor();
    await page.keyboard.type('How do I watch an agent job?');
    await page.keyboard.press('Enter');
    await chat.locator('.turn[data-status="done"]').waitFor({ timeout: 60_000 });
    assert.match(await chat.locator('.turn .answer').innerText(), /Here is what the documentation says about/);
    const source = chat.locator('.source-link').first();
    const title = await source.innerText();
    await screenshot(page, 'smoke-answered');

    // A web link: VS Code asks before it opens one, once; Cancel opens nothing. VS Code shows one
    // dialog at a time, so a second would come only once the first is gone: every one is counted.
    await page.evaluate(() => {
      const view = globalThis as unknown as {
        dialogs: Set<unknown>;
        document: { querySelectorAll(selector: string): Iterable<unknown> };
        MutationObserver: new (seen: () => void) => { observe(root: unknown, options: object): void };
      };
      view.dialogs = new Set();
      new view.MutationObserver(() => {
        for (const dialog of view.document.querySelectorAll('.monaco-dialog-box')) view.dialogs.add(dialog);
      }).observe(view.document, { childList: true, subtree: true });
    });
    await chat.locator('.answer a', { hasText: 'the status page' }).click();
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'example.com/status' });
    await dialog.waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.monaco-dialog-box').count(), 1, 'one question, VS Code’s');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await source.click();
    const tab = page.locator('.tabs-container .tab.active', { hasText: /\.md$/ });
    await tab.waitFor();
    await page.locator('.view-lines', { hasText: title }).first().waitFor();
    assert.ok(ui.emulator.requestsFor('page').length > 0, 'the source was read as a page of the site');
    const dialogs = await page.evaluate(() => (globalThis as unknown as { dialogs: Set<unknown> }).dialogs.size);
    assert.equal(dialogs, 1, 'the link was asked about once, not opened twice');

    // A page is the site's: VS Code refuses what is typed into it.
    const editor = page.locator('.monaco-editor', { has: page.locator('.view-lines', { hasText: title }) }).first();
    await editor.locator('.view-lines').click();
    await page.locator('.monaco-editor.focused', { has: page.locator('.view-lines', { hasText: title }) }).waitFor();
    await page.keyboard.type('typed by the user');
    await editor.locator('.monaco-editor-overlaymessage', { hasText: 'Cannot edit in read-only editor' }).waitFor();
    assert.equal(await page.locator('.view-lines', { hasText: 'typed by the user' }).count(), 0);
    // Ctrl+Alt+A attaches the selection to the next question (sent as context: test/vscode/chat.test.ts):
    // the chip names the page and its lines, and the question box has the focus.
    const pagePath = (ui.emulator.requestsFor('page').at(-1)?.body as { path: string }).path;
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+Alt+A');
    await chat.locator('.chip-label', { hasText: new RegExp(`^${pagePath}:1-\\d+$`) }).waitFor();
    await chat.locator('textarea.question-input:focus').waitFor();
    await screenshot(page, 'smoke-selection-attached');

    await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
    await answerInput(page, 'job-smoke', 'id of an agent job');
    await page.locator(QUICK_INPUT).waitFor({ state: 'hidden' });
    const tree = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) });
    await tree.locator('.monaco-list-row', { hasText: 'docs-agent/smoke' }).waitFor();
    assert.match(await tree.locator('.monaco-list-row', { hasText: 'docs-agent/smoke' }).innerText(), /active/);
    await sidebarItem(page).locator('.badge-content', { hasText: '1' }).waitFor();
    await screenshot(page, 'smoke-job');

    // As a user reloads the window: the tracked job is kept.
    await reloadWindow(page);
    await openSidebar(page);
    await tree.locator('.monaco-list-row', { hasText: 'docs-agent/smoke' }).waitFor({ timeout: 60_000 });
  });
});
