// A first run, as a new user meets it (issue 49, item 5): the walkthrough, whose steps are checked
// off as the user does each, in the newest release, from the .vsix (its step pictures are packaged
// files). The status bar item's states are tested in the extension host (test/vscode/setUp.test.ts).

import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { answerInput, onlyIn, QUICK_INPUT, QUICK_INPUT_BOX, runCommand, screenshot, uiSuite, workbench } from './support';
import { releaseOfRun } from '../runner/codeServer';

/** A step of the walkthrough, as its page shows it, and whether it is checked off. */
const step = (page: Page, id: string) => page.locator(`.getting-started-step[data-step-id$="#${id}"]`);
const checked = (page: Page, id: string) => step(page, id).locator('.codicon-getting-started-step-checked');

describe('a first run, as a new user meets it', function () {
  this.timeout(240_000);
  onlyIn('newest', 'the walkthrough is VS Code’s, drawn the same in every release; its pictures come from the .vsix');
  const ui = uiSuite();
  const release = releaseOfRun();

  it('walks through the set-up, and checks each step off when the user did it', async () => {
    // Set up for the platform, but for the keys: the walkthrough's first step is to give them.
    const bench = await workbench({ platform: ui.emulator });
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
});
