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

    // A web link: VS Code asks before it opens one, once; Cancel opens nothing.
    await chat.locator('.answer a', { hasText: 'the status page' }).click();
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'example.com/status' });
    await dialog.waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.monaco-dialog-box').count(), 1, 'one question, VS Code’s');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await source.click();
    await page.locator('.tabs-container .tab.active', { hasText: /\.md$/ }).waitFor();
    const lines = page.locator('.view-lines', { hasText: title }).first();
    await lines.waitFor();
    assert.ok(ui.emulator.requestsFor('page').length > 0, 'the source was read as a page of the site');
    // A second question about the link would have come with the first, long before the page opened.
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'the link was not opened twice');

    // A page is the site's: VS Code refuses what is typed into it.
    await lines.click();
    await page.keyboard.type('typed by the user');
    await page.locator('text=Cannot edit in read-only editor').first().waitFor();
    assert.equal(await page.locator('.view-lines', { hasText: 'typed by the user' }).count(), 0);
    // Ctrl+Alt+A asks about the selection: it goes with the next question, typed in the box it focuses.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+Alt+A');
    await chat.locator('.chip-label', { hasText: /:1-\d+$/ }).waitFor();
    await chat.locator('textarea.question-input:focus').waitFor();
    await screenshot(page, 'smoke-selection-attached');
    await chat.locator('.chip-remove').click();
    await chat.locator('.chip').waitFor({ state: 'detached' });

    await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
    await answerInput(page, 'job-smoke', 'id of an agent job');
    await page.locator(QUICK_INPUT).waitFor({ state: 'hidden' });
    const tree = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) });
    await tree.locator('.monaco-list-row', { hasText: 'docs-agent/smoke' }).waitFor();
    assert.match(await tree.locator('.monaco-list-row', { hasText: 'docs-agent/smoke' }).innerText(), /active/);
    await sidebarItem(page).locator('.badge-content', { hasText: '1' }).waitFor();
    await screenshot(page, 'smoke-job');

    // As a user reloads the window: the tracked job is kept.
    const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await openSidebar(page);
    await tree.locator('.monaco-list-row', { hasText: 'docs-agent/smoke' }).waitFor({ timeout: 60_000 });
  });
});
