// The chat's question box, as links and settings fill it: a question a link brought is put in the
// box, focused, and never sent; the answers' scope shows above the box, to change or clear.

import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../runner/workbench';
import { openChatView, postToView } from './chatView';

interface PageGlobals {
  readonly posted: { type: string; action?: string }[];
  readonly document: {
    querySelector(selector: string): { value: string; hidden: boolean; textContent: string } | null;
    readonly activeElement: { className: string } | null;
  };
}

describe('the chat view question box, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await launchChromium();
    page = await openChatView(browser);
  });
  after(async () => {
    await browser?.close();
  });

  const read = () =>
    page.evaluate(() => {
      const view = globalThis as unknown as PageGlobals;
      return {
        value: view.document.querySelector('textarea.question-input')!.value,
        focused: view.document.activeElement?.className ?? '',
        asked: view.posted.filter((message) => message.type === 'ask').length,
        scopeHidden: view.document.querySelector('.scope-row')!.hidden,
        scope: view.document.querySelector('.scope-row')!.textContent,
        scopeActions: view.posted.filter((message) => message.type === 'scope').map((message) => message.action),
      };
    });

  it('puts the focus in the question box when the view opens set up, and never takes it back after', async () => {
    const opened = await openChatView(browser);
    try {
      const focused = () => opened.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.className ?? '');
      assert.equal(await focused(), 'question-input', 'into the box as the view opens');
      // The user moves on (a button of the view here; the palette in VS Code): a set-up that changes
      // later, as a key is set, leaves the focus where the user put it.
      await opened.locator('button.send').focus();
      await postToView(opened, { type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'other' } });
      assert.equal(await focused(), 'primary send');
    } finally {
      await opened.close();
    }
  });

  it('puts the question a link brought in the box and focuses it, sending nothing', async () => {
    await postToView(page, { type: 'focusInput', text: 'How do I <b>rotate</b> keys?' });
    const state = await read();
    assert.equal(state.value, 'How do I <b>rotate</b> keys?', 'the text as it came, as text');
    assert.equal(state.focused, 'question-input');
    assert.equal(state.asked, 0, 'nothing is sent');
    await postToView(page, { type: 'focusInput', text: 'And another?' });
    assert.equal((await read()).value, 'How do I <b>rotate</b> keys?\n\nAnd another?', 'what the box held is kept');
  });

  it('says under the box that invisible characters were taken out of the question, as text, until the reader types', async () => {
    await page.locator('textarea.question-input').fill('');
    const note = "The link's question held 3 invisible characters, taken out: the box shows all it asks. <b>x</b>";
    await postToView(page, { type: 'focusInput', text: 'How do I rotate keys?', note });
    const problem = page.locator('.composer-problem');
    assert.equal(await problem.isVisible(), true);
    assert.equal(await problem.textContent(), note, 'the note as text');
    assert.equal(await problem.locator('b').count(), 0, 'no markup from it');
    assert.equal(await page.locator('textarea.question-input').inputValue(), 'How do I rotate keys?');
    await page.locator('textarea.question-input').press('End');
    await page.keyboard.type(' Now');
    assert.equal(await problem.isVisible(), false, 'gone once the reader types');
  });

  it("shows the answers' scope above the box only when there is one, with Change and Clear", async () => {
    assert.equal((await read()).scopeHidden, true);
    await postToView(page, {
      type: 'setup',
      setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'acme', scope: 'v2 · fr' },
    });
    assert.equal((await read()).scopeHidden, false);
    assert.equal((await read()).scope, 'Answers from v2 · frChangeClear');
    await page.locator('.scope-row button', { hasText: 'Change' }).click();
    await page.locator('.scope-row button', { hasText: 'Clear' }).click();
    assert.deepEqual((await read()).scopeActions, ['change', 'clear']);
    await postToView(page, { type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'acme' } });
    assert.equal((await read()).scopeHidden, true);
  });
});
