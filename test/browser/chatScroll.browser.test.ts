// The chat view follows a streaming answer while the reader is at the bottom, with no layout read
// per delta, and leaves a reader who scrolled up where they are.

import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../runner/workbench';
import { openChatView, postToView, scrolledToEnd } from './chatView';

describe('the chat view scrolling, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  const post = (message: object) => postToView(page, message);
  const atBottom = () => scrolledToEnd(page);
  const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  const paragraph = (i: number) =>
    `Paragraph ${i} of a long answer, long enough to wrap in a narrow view and push the text below the fold.\n\n`;

  before(async () => {
    browser = await launchChromium();
    page = await openChatView(browser);
    await post({ type: 'turnStarted', turn: { id: 't', question: 'Tell me everything', answer: '', sources: [], status: 'streaming' } });
  });

  after(async () => {
    await browser?.close();
  });

  // Long enough for finished blocks to fill several groups, each set aside (content-visibility)
  // while the view follows: the view must not lose the end when one is.
  it('follows the answer while the reader is at the bottom', async () => {
    for (let i = 0; i < 200; i += 4) {
      await post({ type: 'delta', turnId: 't', text: [0, 1, 2, 3].map((j) => paragraph(i + j)).join('') });
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    assert.ok((await page.locator('.md-settled').count()) >= 2, 'finished blocks were set aside');
    assert.ok((await scrollY()) > 500, 'the view moved with the answer');
    assert.ok(await atBottom(), 'the newest text is in view');
  });

  it('leaves a reader who scrolled up where they are', async () => {
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 200));
    await page.waitForTimeout(100);
    for (let i = 200; i < 220; i++) {
      await post({ type: 'delta', turnId: 't', text: paragraph(i) });
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    assert.equal(await scrollY(), 200);
    assert.equal(await atBottom(), false);
  });
});
