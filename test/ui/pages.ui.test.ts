import * as assert from 'node:assert/strict';
import { answerInput, notification, runCommand, screenshot, uiSuite, workbench } from './support';

describe('documentation pages, as a user sees them', function () {
  this.timeout(180_000);
  const ui = uiSuite();

  it('opens a page from the palette, read-only, with a Refresh button, and says which path was not found', async () => {
    const bench = await workbench({
      userSettings: { 'docsAssistant.baseUrl': ui.emulator.url, 'docsAssistant.domain': ui.emulator.config.domain },
    });
    const { page } = bench;
    await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.assistantKey);
    // Stored once the command says so: a command run before then would find no key.
    await notification(page, 'The assistant key is stored');

    await runCommand(page, 'Docs Assistant: Open Page', { opensInput: true });
    await answerInput(page, 'no/such/page', 'page path');
    const notFound = page.locator('.notification-toast', { hasText: 'Page not found: no/such/page.' });
    await notFound.waitFor();
    assert.ok(await notFound.locator('.monaco-button', { hasText: 'Try Another Path' }).isVisible());
    await screenshot(page, 'page-not-found');
    await notFound.locator('.monaco-button', { hasText: 'Try Another Path' }).click();
    await answerInput(page, 'guides/chat', 'page path');

    const tab = page.locator('.tabs-container .tab', { hasText: 'chat.md' });
    await tab.waitFor();
    await page.locator('.view-lines', { hasText: 'Chatting with the assistant' }).waitFor();
    assert.ok(await page.locator('.editor-actions a[aria-label^="Refresh Page"]').isVisible(), 'Refresh is in the editor title');

    await page.locator('.view-lines').first().click();
    await page.keyboard.type('typed by the user');
    await page.locator('text=Cannot edit in read-only editor').first().waitFor();
    assert.equal(await page.locator('.view-lines', { hasText: 'typed by the user' }).count(), 0);
    await screenshot(page, 'page-open');
  });
});

describe('documentation pages under a rate limit, as a user sees them', function () {
  this.timeout(180_000);
  const ui = uiSuite();

  it('says it waits for the rate limit, counting down, can be cancelled, and opens the page after', async () => {
    const bench = await workbench({
      userSettings: { 'docsAssistant.baseUrl': ui.emulator.url, 'docsAssistant.domain': ui.emulator.config.domain },
    });
    const { page } = bench;
    await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.assistantKey);
    // Stored once the command says so: a command run before then would find no key.
    await notification(page, 'The assistant key is stored');

    ui.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 30 }, { operation: 'page' });
    await runCommand(page, 'Docs Assistant: Open Page', { opensInput: true });
    await answerInput(page, 'guides/pages', 'page path');
    const waiting = page.locator('.notification-toast', { hasText: 'Opening guides/pages' });
    await waiting.waitFor();
    const first = /Opening guides\/pages: rate limit reached; trying again in (30|29|28) s…/.exec(await waiting.innerText());
    assert.ok(first, 'it says how long it waits');
    // The next second or the one after, however late this machine reads it.
    const seconds = Number(first[1]);
    await waiting
      .filter({ hasText: new RegExp(`trying again in (${seconds - 1}|${seconds - 2}) s…`) })
      .waitFor({ timeout: 3_000 })
      .catch(async () => assert.fail(`it counts down: from "${first[0]}" to "${await waiting.innerText()}"`));
    await screenshot(page, 'page-rate-limit');
    await waiting.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await waiting.waitFor({ state: 'detached' });
    // Cancelled, its notification gone: a page not opening leaves nothing to wait for, hence a time.
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'pages.md' }).count(), 0, 'cancelled: nothing opened');
    assert.equal(await page.locator('.notification-toast', { hasText: 'cancelled' }).count(), 0, 'a cancel is not reported as an error');

    ui.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 3 }, { operation: 'page' });
    await runCommand(page, 'Docs Assistant: Open Page', { opensInput: true });
    await answerInput(page, 'guides/pages', 'page path');
    await page.locator('.notification-toast', { hasText: 'trying again in' }).waitFor();
    await page.locator('.tabs-container .tab', { hasText: 'pages.md' }).waitFor({ timeout: 15_000 });
    assert.equal(ui.emulator.requestsFor('page').length, 3);
  });
});
