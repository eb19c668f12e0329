// A long conversation shown again (after a reload): the newest turn is drawn at once, the older
// ones above it a slice at a time, in order, with the reader's place kept.

import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../runner/workbench';
import { openChatView, scrolledToEnd } from './chatView';

const TURNS = 200;

/** What these tests use of the page (the Node program has no DOM types). */
interface PageElement {
  readonly dataset: Record<string, string | undefined>;
  readonly previousElementSibling: PageElement | null;
  scrollIntoView(options: object): void;
  getBoundingClientRect(): { readonly top: number };
}
interface PageGlobals {
  dispatchEvent(event: unknown): boolean;
  MessageEvent: new (type: string, init: object) => unknown;
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement> & { readonly length: number };
  };
  setTimeout(callback: (value: unknown) => void, delay: number): unknown;
}

function conversation(): object[] {
  return Array.from({ length: TURNS }, (_, i) => ({
    id: `t${i}`,
    question: `Question ${i}`,
    answer: Array.from({ length: 6 }, (_, p) => `Paragraph ${p} of answer ${i}, long enough to wrap in a narrow view once or twice.`).join(
      '\n\n',
    ),
    sources: [],
    status: 'done',
    // The first 50 were asked of another connection.
    ...(i < 50 ? { earlier: 'https://old.example.com' } : {}),
  }));
}

describe('the chat view restoring a long conversation, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  /** The turns drawn, in document order. */
  const drawn = () =>
    page.evaluate(() => [...(globalThis as unknown as PageGlobals).document.querySelectorAll('.turn')].map((turn) => turn.dataset.turnId));
  const atBottom = () => scrolledToEnd(page);
  const drawnCount = (count: number) =>
    page.waitForFunction(
      (expected) => (globalThis as unknown as PageGlobals).document.querySelectorAll('.turn').length === expected,
      count,
    );
  const allDrawn = () => drawnCount(TURNS);

  beforeEach(async () => {
    browser ??= await launchChromium();
    page = await openChatView(browser);
  });

  afterEach(async () => {
    await page?.close();
  });

  after(async () => {
    await browser?.close();
  });

  it('draws the newest turn at once and the rest above it, in order, staying at the end', async () => {
    // The message and the count in one task: what the first slice drew, before anything else ran.
    const first = await page.evaluate((turns) => {
      const view = globalThis as unknown as PageGlobals;
      view.dispatchEvent(new view.MessageEvent('message', { data: { type: 'conversation', turns, answering: false } }));
      return [...view.document.querySelectorAll('.turn')].map((turn) => turn.dataset.turnId);
    }, conversation());
    assert.ok(first.length >= 1 && first.length < TURNS, `the first slice drew ${first.length} turns`);
    assert.equal(first.at(-1), `t${TURNS - 1}`);
    await allDrawn();
    assert.deepEqual(
      await drawn(),
      Array.from({ length: TURNS }, (_, i) => `t${i}`),
    );
    const dividers = await page.evaluate(() =>
      [...(globalThis as unknown as PageGlobals).document.querySelectorAll('.connection-divider')].map(
        (divider) => divider.previousElementSibling?.dataset.turnId,
      ),
    );
    assert.deepEqual(dividers, ['t49'], 'one divider, after the last turn of the earlier connection');
    await page.waitForTimeout(100);
    assert.ok(await atBottom(), 'the end of the conversation is in view');
  });

  it('keeps a reader who scrolled up on the turn they are reading while older turns arrive above it', async () => {
    // Up to the oldest turn drawn so far, once a few slices have landed (a first slice may hold only
    // the newest turn, and a reader on it is at the end) and while more are still to come.
    const [reading, before] = await page.evaluate(async (turns) => {
      const view = globalThis as unknown as PageGlobals;
      view.dispatchEvent(new view.MessageEvent('message', { data: { type: 'conversation', turns, answering: false } }));
      while (view.document.querySelectorAll('.turn').length < 5) await new Promise((resolve) => view.setTimeout(resolve, 0));
      const oldest = view.document.querySelector('.turn')!;
      oldest.scrollIntoView({ block: 'start' });
      return [oldest.dataset.turnId!, oldest.getBoundingClientRect().top] as const;
    }, conversation());
    const top = () =>
      page.evaluate(
        (id) => (globalThis as unknown as PageGlobals).document.querySelector(`[data-turn-id="${id}"]`)!.getBoundingClientRect().top,
        reading,
      );
    assert.notEqual(reading, 't0', 'older turns were still to come');
    await allDrawn();
    assert.ok(Math.abs((await top()) - before) <= 1, `turn ${reading} stayed in place: ${before} then ${await top()}`);
    assert.equal(await atBottom(), false);
  });

  it('does not draw a turn removed before its slice came', async () => {
    await page.evaluate((turns) => {
      const view = globalThis as unknown as PageGlobals;
      view.dispatchEvent(new view.MessageEvent('message', { data: { type: 'conversation', turns, answering: false } }));
      view.dispatchEvent(new view.MessageEvent('message', { data: { type: 'turnRemoved', turnId: 't3' } }));
    }, conversation());
    await drawnCount(TURNS - 1);
    await page.waitForTimeout(100);
    const ids = await drawn();
    assert.equal(ids.length, TURNS - 1);
    assert.ok(!ids.includes('t3'));
  });
});
