// The chat view follows a streaming answer while the reader is at the bottom, with no layout read
// per delta (scroll anchoring), and leaves a reader who scrolled up where they are.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, REPO_ROOT } from '../runner/workbench';

describe('the chat view scrolling, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  const post = (message: object) =>
    page.evaluate(
      (data) =>
        (globalThis as unknown as { dispatchEvent(event: MessageEvent): boolean }).dispatchEvent(new MessageEvent('message', { data })),
      message as Record<string, unknown>,
    );
  const atBottom = () =>
    page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement;
      const view = globalThis as unknown as { scrollY: number; innerHeight: number };
      return root.scrollHeight - view.innerHeight - view.scrollY < 4;
    });
  const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  const paragraph = (i: number) =>
    `Paragraph ${i} of a long answer, long enough to wrap in a narrow view and push the text below the fold.\n\n`;

  before(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 360, height: 500 } });
    const css = fs.readFileSync(path.join(REPO_ROOT, 'media', 'chat.css'), 'utf8');
    await page.setContent(`<!DOCTYPE html><html><head><style>${css}</style></head><body><main id="app"></main></body></html>`);
    await page.addScriptTag({ content: 'window.acquireVsCodeApi = () => ({ postMessage() {}, getState() {}, setState() {} });' });
    const view = buildSync({
      entryPoints: [path.join(REPO_ROOT, 'src', 'webview', 'chat.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      write: false,
    });
    await page.addScriptTag({ content: view.outputFiles[0].text });
    await post({ type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'acme' } });
    await post({ type: 'turnStarted', turn: { id: 't', question: 'Tell me everything', answer: '', sources: [], status: 'streaming' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('follows the answer while the reader is at the bottom', async () => {
    for (let i = 0; i < 40; i++) {
      await post({ type: 'delta', turnId: 't', text: paragraph(i) });
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    assert.ok((await scrollY()) > 500, 'the view moved with the answer');
    assert.ok(await atBottom(), 'the newest text is in view');
  });

  it('leaves a reader who scrolled up where they are', async () => {
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 200));
    await page.waitForTimeout(100);
    for (let i = 40; i < 60; i++) {
      await post({ type: 'delta', turnId: 't', text: paragraph(i) });
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    assert.equal(await scrollY(), 200);
    assert.equal(await atBottom(), false);
  });
});
