// A first run, as a new user meets it (issue 49, item 5): the walkthrough, whose steps are checked
// off as the user does each, and the status bar item, shown only while something needs the user or
// runs. In both releases.

import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  answerInput,
  openSidebar,
  QUICK_INPUT,
  QUICK_INPUT_BOX,
  runCommand,
  screenshot,
  uiSuite,
  webviewFrame,
  workbench,
} from './support';
import { PlatformEmulator } from '../emulator/emulator';
import { releaseOfRun } from '../runner/codeServer';

/** A step of the walkthrough, as its page shows it, and whether it is checked off. */
const step = (page: Page, id: string) => page.locator(`.getting-started-step[data-step-id$="#${id}"]`);
const checked = (page: Page, id: string) => step(page, id).locator('.codicon-getting-started-step-checked');
/** The status bar's Docs Assistant item, by its words. */
const statusItem = (page: Page, words: string) => page.locator('.part.statusbar .statusbar-item', { hasText: words });
/** The mouse away from the status bar: a hovered item shows the hover's colours, not its own. */
const restMouse = (page: Page) => page.mouse.move(640, 300);
const anyStatusItem = (page: Page) => page.locator('.part.statusbar .statusbar-item', { hasText: 'Docs Assistant:' });

describe('a first run, as a new user meets it', function () {
  this.timeout(240_000);
  const ui = uiSuite();
  const release = releaseOfRun();

  it('walks through the set-up, and checks each step off when the user did it', async () => {
    const bench = await workbench({
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.projectId': ui.emulator.config.projectId,
      },
    });
    const { page } = bench;
    await runCommand(page, 'Welcome: Open Walkthrough...');
    await page.locator(QUICK_INPUT_BOX).fill('Docs Assistant');
    await page.locator(`${QUICK_INPUT} .monaco-list-row.focused`, { hasText: 'Get Started with Docs Assistant' }).waitFor();
    await page.keyboard.press('Enter');
    for (const id of ['connect', 'ask', 'page', 'agentJob']) await step(page, id).waitFor();
    assert.match(await step(page, 'connect').innerText(), /Connect to your documentation platform/);
    assert.equal(await page.locator('.codicon-getting-started-step-checked').count(), 0, 'nothing is done yet');
    await screenshot(page, `walkthrough-${release}-start`);

    // The first step's buttons are the extension's commands: the keys, set as a user would.
    await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.assistantKey);
    await page.locator(QUICK_INPUT).waitFor({ state: 'hidden' });
    assert.equal(await checked(page, 'connect').count(), 0, 'one key is not both');
    await runCommand(page, 'Docs Assistant: Set Admin Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.adminKey);
    await checked(page, 'connect').waitFor();

    // Opening a page: Search Docs, from the palette.
    await runCommand(page, 'Docs Assistant: Search Docs', { opensInput: true });
    await page.keyboard.press('Escape');
    await checked(page, 'page').waitFor();
    assert.equal(await checked(page, 'ask').count(), 0);
    assert.equal(await checked(page, 'agentJob').count(), 0);
    await step(page, 'agentJob').click();
    await page.locator('.getting-started-step.expanded', { hasText: 'Hand a change to the docs agent' }).waitFor();
    await screenshot(page, `walkthrough-${release}-done`);
  });

  it('says in the status bar what needs the user, and what runs, and nothing otherwise', async () => {
    // A platform of this test's own: it goes away at the end, as a network that fails.
    const platform = await PlatformEmulator.start();
    try {
      platform.jobs.add({
        id: 'job-running',
        outcome: 'staysActive',
        repository: 'https://github.com/acme/docs',
        ref: 'docs-agent/status',
      });
      const bench = await workbench({
        userSettings: {
          'docsAssistant.baseUrl': platform.url,
          'docsAssistant.domain': platform.config.domain,
          'docsAssistant.projectId': platform.config.projectId,
        },
      });
      const { page } = bench;
      await openSidebar(page);
      // No key yet: the item asks for the assistant key, and its click is Set Assistant Key.
      const needed = statusItem(page, 'Docs Assistant: key needed');
      await needed.waitFor();
      assert.match((await needed.getAttribute('aria-label')) ?? '', /assistant key is not set/);
      await restMouse(page);
      await screenshot(page, `status-${release}-key-needed`);
      await needed.click();
      await answerInput(page, 'svc_dsc_not_the_key_the_platform_knows');

      // A key the platform refuses: said when a question meets a 401.
      const chat = await webviewFrame(page, 'textarea.question-input');
      await chat.locator('textarea.question-input').fill('What are API keys?');
      await chat.locator('textarea.question-input').press('Enter');
      const refused = statusItem(page, 'Docs Assistant: key refused');
      await refused.waitFor();
      assert.match((await refused.getAttribute('aria-label')) ?? '', /refused the assistant key \(401\)/);
      await restMouse(page);
      await screenshot(page, `status-${release}-key-refused`);
      await refused.click();
      await answerInput(page, platform.config.assistantKey);
      // Set anew: whether the platform takes it is not known yet, and the admin key is still missing.
      await statusItem(page, 'Docs Assistant: key needed').waitFor();
      await runCommand(page, 'Docs Assistant: Set Admin Key', { opensInput: true });
      await answerInput(page, platform.config.adminKey);
      await anyStatusItem(page).waitFor({ state: 'hidden' });

      // A job running: counted; a click shows the Agent Jobs view.
      await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
      await answerInput(page, 'job-running', 'id of an agent job');
      const running = statusItem(page, '1 agent job running');
      await running.waitFor();
      await restMouse(page);
      await screenshot(page, `status-${release}-job-running`);

      // The network failing: the platform gone; the next poll fails, and the item says so.
      await platform.close();
      await runCommand(page, 'Docs Assistant: Refresh Agent Jobs');
      const offline = statusItem(page, 'Docs Assistant: no connection');
      await offline.waitFor({ timeout: 60_000 });
      assert.match((await offline.getAttribute('aria-label')) ?? '', /Check Connection says/);
      await restMouse(page);
      await screenshot(page, `status-${release}-offline`);
      await offline.click();
      // The click is Check Connection: it checks each way to the platform, which is gone, then reports.
      await page
        .locator('.notification-toast', { hasText: /Checking the connection|Show Report/ })
        .first()
        .waitFor({ timeout: 60_000 });
    } finally {
      // Closed already when the test got that far.
      await platform.close().catch(() => undefined);
    }
  });

  it('hides the item always when the user turns it off', async () => {
    const bench = await workbench({
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.statusBar.enabled': false,
      },
    });
    const { page } = bench;
    await openSidebar(page);
    const chat = await webviewFrame(page, '.setup-title');
    await chat.locator('.setup-title', { hasText: 'Set the assistant key' }).waitFor();
    // The view says the key is missing: the features have read the set-up, and the item stays hidden.
    assert.equal(await anyStatusItem(page).count(), 0);
  });
});
