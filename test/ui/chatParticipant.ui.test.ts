// @docs in the Chat view VS Code has built in (1.139 and later), as a user meets it: offered when
// they type `@`, with its commands after `/`. What it answers is tested at the API level in
// test/vscode/chatParticipant.test.ts: the Chat view sends a question to a participant only with a
// language model signed in, which an offline machine never has (VS Code then says "Language model
// unavailable"); this test says which it saw.

import * as assert from 'node:assert/strict';
import { RELEASES } from '../runner/codeServer';
import { answerInput, onlyIn, runCommand, screenshot, uiSuite, workbench } from './support';

describe('@docs in VS Code’s own Chat view', function () {
  this.timeout(180_000);
  onlyIn('newest', 'VS Code 1.99 has no Chat view of its own: only an extension such as Copilot brings one');
  const ui = uiSuite();

  it('is offered after @, with /search and /page, and says why VS Code sends it nothing offline', async function () {
    const bench = await workbench({
      viewport: { width: 1400, height: 900 },
      userSettings: { 'docsAssistant.baseUrl': ui.emulator.url, 'docsAssistant.domain': ui.emulator.config.domain },
    });
    const { page } = bench;
    await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.assistantKey);
    await runCommand(page, 'Chat: Open Chat');
    const input = page.locator('.interactive-input-part .monaco-editor').first();
    await input.click();
    const suggestions = page.locator('.suggest-widget .monaco-list-row');
    await page.keyboard.type('@');
    await suggestions.filter({ hasText: /^@docs$/ }).waitFor();
    await page.keyboard.type('docs /');
    await suggestions.filter({ hasText: '/search' }).waitFor();
    assert.deepEqual((await suggestions.allInnerTexts()).sort(), ['/page', '/search']);
    await screenshot(page, 'chat-view-docs-commands');
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await page.keyboard.type('search rate limits');
    await page.keyboard.press('Enter');
    const response = page.locator('.interactive-response').last();
    await response.waitFor();
    await response.filter({ hasText: /Language model unavailable|Pages that match/ }).waitFor({ timeout: 30_000 });
    const text = await response.innerText();
    await screenshot(page, 'chat-view-docs-offline');
    if (/Language model unavailable/.test(text)) {
      console.log(
        `      VS Code ${RELEASES.newest.vscode} sent @docs nothing: no language model is signed in here (see chat-view-docs-offline.png)`,
      );
      assert.equal(ui.emulator.requestsFor('search').length, 0);
    } else {
      assert.match(text, /Pages that match "rate limits"/);
      assert.equal(ui.emulator.requestsFor('search').length, 1);
    }
  });
});
