// The chat view with a keyboard and a screen reader: every action reachable by Tab and done with
// Enter or Space, a focus ring in every theme, the focus never left on nothing, and a polite status
// region that says what a screen reader hears (checked in Chromium's accessibility tree): the
// search, the answer once complete with how it begins, an error, a countdown.

import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type ThemeName, THEMES } from '../runner/captureThemes';
import { launchChromium } from '../runner/workbench';
import { until } from '../until';
import { dress } from './accessibilityTheme';
import { openChatView, postToView } from './chatView';

interface PageGlobals {
  readonly posted: { type: string; action?: string; url?: string; turnId?: string }[];
  readonly document: {
    readonly activeElement: { className: string; textContent: string | null; tagName: string } | null;
    querySelector(selector: string): { textContent: string | null } | null;
  };
  getComputedStyle(element: unknown): { outlineStyle: string; outlineWidth: string; outlineColor: string };
}

const ANSWER = 'Rotate a key from the dashboard. Then revoke the old one.\n\n```ts\nconst key = rotate();\n```\n';
const SOURCES = [{ url: '/configuration/keys', title: 'Keys and secrets' }];

describe('the chat view with a keyboard and a screen reader, in Chromium', function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;

  before(async () => (browser = await launchChromium()));
  after(async () => browser?.close());
  beforeEach(async () => (page = await openChatView(browser)));
  afterEach(async () => page?.close());

  const posted = () => page.evaluate(() => (globalThis as unknown as PageGlobals).posted.map((message) => message.type));
  const focused = () =>
    page.evaluate(() => {
      const active = (globalThis as unknown as PageGlobals).document.activeElement;
      return active ? `${active.tagName.toLowerCase()}.${active.className}: ${active.textContent?.trim() ?? ''}` : '';
    });
  /** Tabs on until the focused element says `what`, at most `max` times; what it passed on the way. */
  async function tabTo(what: RegExp, max = 30, key = 'Tab'): Promise<string[]> {
    const passed: string[] = [];
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(key);
      const now = await focused();
      passed.push(now);
      if (what.test(now)) return passed;
    }
    assert.fail(`${what} was not reached by ${key}: ${passed.join(' → ')}`);
  }
  const status = () =>
    page.evaluate(() => (globalThis as unknown as PageGlobals).document.querySelector('.status-region')?.textContent ?? '');

  it('reaches every action of an answer by Tab and does it with Enter or Space', async () => {
    await postToView(page, { type: 'context', context: { label: 'src/app.ts:1-3' } });
    await postToView(page, { type: 'turnEnded', turn: { id: 'd', question: 'How?', answer: ANSWER, sources: SOURCES, status: 'done' } });
    await page.locator('textarea.question-input').focus();
    // Backwards from the question box, through the answer: a source, the code, its actions.
    await tabTo(/a\.source-link: Keys and secrets/, 30, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await tabTo(/button\.code-action: Insert at Cursor/, 30, 'Shift+Tab');
    await page.keyboard.press('Space');
    await tabTo(/button\.code-action: Copy/, 30, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await tabTo(/pre\./, 30, 'Tab');
    // Forwards to the chip's remove button, which puts the focus back in the question box.
    await tabTo(/button\.chip-remove/);
    await page.keyboard.press('Enter');
    assert.match(await focused(), /^textarea\.question-input/);
    await page.keyboard.type('And rotate it?');
    await page.keyboard.press('Enter');
    assert.deepEqual(await posted(), ['ready', 'openLink', 'insertCode', 'copyCode', 'removeContext', 'ask']);
  });

  it('reaches Stop, Retry and the countdown’s buttons, and leaves the focus in the question box after each', async () => {
    await postToView(page, { type: 'turnStarted', turn: { id: 's', question: 'How?', answer: '', sources: [], status: 'streaming' } });
    await page.locator('textarea.question-input').focus();
    await tabTo(/button\.secondary stop: Stop/);
    await page.keyboard.press('Space');
    assert.match(await focused(), /^textarea\.question-input/);

    await postToView(page, { type: 'activity', turnId: 's', activity: { kind: 'waiting', reason: 'rateLimit', waitMs: 30_000 } });
    await tabTo(/button\.secondary: Retry Now/, 30, 'Shift+Tab');
    await page.keyboard.press('Enter');
    assert.match(await focused(), /^textarea\.question-input/);
    await postToView(page, { type: 'activity', turnId: 's', activity: { kind: 'waiting', reason: 'rateLimit', waitMs: 30_000 } });
    await tabTo(/button\.secondary: Stop/, 30, 'Shift+Tab');
    await page.keyboard.press('Enter');
    assert.match(await focused(), /^textarea\.question-input/);

    await postToView(page, {
      type: 'turnEnded',
      turn: {
        id: 's',
        question: 'How?',
        answer: '',
        sources: [],
        status: 'failed',
        error: { kind: 'network', message: 'Could not reach the platform.' },
      },
    });
    await tabTo(/button\.secondary: Retry/, 30, 'Shift+Tab');
    await page.keyboard.press('Enter');
    assert.match(await focused(), /^textarea\.question-input/);
    assert.deepEqual(await posted(), ['ready', 'stop', 'retryNow', 'stop', 'retry']);

    // A failure the user can fix has the button that fixes it, before Retry.
    await postToView(page, {
      type: 'turnEnded',
      turn: {
        id: 'k',
        question: 'How?',
        answer: '',
        sources: [],
        status: 'failed',
        error: { kind: 'unauthorized', message: 'The platform did not accept the assistant key.', fix: 'setAssistantKey' },
      },
    });
    await tabTo(/button\.primary: Set Assistant Key/, 30, 'Shift+Tab');
    await page.keyboard.press('Enter');
    assert.match(await focused(), /^textarea\.question-input/);
    assert.equal((await posted()).at(-1), 'action');
  });

  for (const name of Object.keys(THEMES) as ThemeName[]) {
    it(`shows a focus ring on every control, in ${THEMES[name]}`, async () => {
      await dress(page, name);
      await postToView(page, { type: 'context', context: { label: 'src/app.ts:1-3' } });
      await postToView(page, { type: 'turnEnded', turn: { id: 'd', question: 'How?', answer: ANSWER, sources: SOURCES, status: 'done' } });
      await page.locator('textarea.question-input').focus();
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const ring = await page.evaluate(() => {
          const view = globalThis as unknown as PageGlobals;
          const active = view.document.activeElement;
          if (!active || active.tagName === 'BODY') return undefined;
          const style = view.getComputedStyle(active);
          return {
            what: `${active.tagName.toLowerCase()}.${active.className}`,
            ...style,
            outlineStyle: style.outlineStyle,
            outlineWidth: style.outlineWidth,
            outlineColor: style.outlineColor,
          };
        });
        if (!ring) continue;
        seen.add(ring.what);
        assert.notEqual(ring.outlineStyle, 'none', `${ring.what} has a focus ring`);
        assert.ok(parseFloat(ring.outlineWidth) >= 1, `${ring.what}: ${ring.outlineWidth}`);
        assert.ok(!/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(ring.outlineColor), `${ring.what}: ${ring.outlineColor}`);
      }
      assert.ok(seen.size >= 5, [...seen].join(', '));
    });
  }

  it('says, once each, that the assistant searches, how the answer begins once complete, an error and a countdown', async () => {
    await postToView(page, { type: 'turnStarted', turn: { id: 'a', question: 'How?', answer: '', sources: [], status: 'streaming' } });
    await postToView(page, { type: 'activity', turnId: 'a', activity: { kind: 'searching', query: 'rotate keys' } });
    assert.equal(await status(), 'Searching the documentation for "rotate keys"…');
    for (let i = 0; i < 20; i++) await postToView(page, { type: 'delta', turnId: 'a', text: 'Rotate a key. ' });
    assert.equal(await status(), 'Searching the documentation for "rotate keys"…', 'the pieces of the answer are not read as they come');
    await postToView(page, { type: 'turnEnded', turn: { id: 'a', question: 'How?', answer: ANSWER, sources: SOURCES, status: 'done' } });
    assert.equal(await status(), `Answer complete (${ANSWER.length} characters, 1 source): Rotate a key from the dashboard.`);
    // What a screen reader is given: the region is a polite status, and the answer a group named Answer.
    const tree = await page.locator('body').ariaSnapshot();
    assert.match(tree, /- status: "Answer complete \(\d+ characters, 1 source\): Rotate a key from the dashboard\."/);
    assert.match(tree, /- group "Answer":/);
    assert.equal(await page.locator('.status-region').getAttribute('aria-live'), 'polite');

    await postToView(page, { type: 'turnStarted', turn: { id: 'w', question: 'Again?', answer: '', sources: [], status: 'streaming' } });
    await postToView(page, { type: 'activity', turnId: 'w', activity: { kind: 'waiting', reason: 'rateLimit', waitMs: 5_000 } });
    assert.equal(await status(), "The platform's rate limit was reached. Trying again in 5 s…");
    await page.waitForTimeout(2_100);
    assert.equal(
      await status(),
      "The platform's rate limit was reached. Trying again in 5 s…",
      'the countdown is said once, not every second',
    );
    await postToView(page, {
      type: 'turnEnded',
      turn: {
        id: 'w',
        question: 'Again?',
        answer: '',
        sources: [],
        status: 'failed',
        error: { kind: 'rateLimited', message: 'The rate limit was reached.' },
      },
    });
    assert.equal(await status(), 'The answer failed: The rate limit was reached.');
  });

  it('ends an answer from the text its deltas brought when the end comes without it, and from the end’s text when it differs', async () => {
    const answerText = (id: string) => page.locator(`.turn[data-turn-id="${id}"] .answer`).innerText();
    await postToView(page, {
      type: 'turnEnded',
      turn: { id: 'whole', question: 'How?', answer: ANSWER, sources: SOURCES, status: 'done' },
    });
    await postToView(page, { type: 'turnStarted', turn: { id: 'a', question: 'How?', answer: '', sources: [], status: 'streaming' } });
    await postToView(page, { type: 'delta', turnId: 'a', text: ANSWER.slice(0, 20) });
    await postToView(page, { type: 'delta', turnId: 'a', text: ANSWER.slice(20) });
    await postToView(page, { type: 'turnEnded', turn: { id: 'a', question: 'How?', sources: SOURCES, status: 'done' } });
    assert.equal(await status(), `Answer complete (${ANSWER.length} characters, 1 source): Rotate a key from the dashboard.`);
    // The view draws in its own time: once there, the text is the whole answer's.
    const drawn = (id: string, not: readonly string[] = ['']) =>
      until(`the answer of ${id} drawn`, async () => {
        const text = await answerText(id);
        return !not.includes(text) && text;
      });
    const whole = await drawn('whole');
    await until('the answer of deltas drawn as the same answer given whole', async () => (await answerText('a')) === whole);

    await postToView(page, { type: 'turnStarted', turn: { id: 'b', question: 'Again?', answer: '', sources: [], status: 'streaming' } });
    await postToView(page, { type: 'delta', turnId: 'b', text: 'Rotate a ' });
    await postToView(page, { type: 'turnEnded', turn: { id: 'b', question: 'Again?', answer: 'Revoke it.', sources: [], status: 'done' } });
    await drawn('b', ['', 'Rotate a ']);
    assert.equal(await answerText('b'), 'Revoke it.', 'the view missed some: the end’s text is drawn');
    assert.equal(await status(), 'Answer complete (10 characters): Revoke it.');
  });

  it('with VS Code’s screen reader mode on, says the whole first paragraph', async () => {
    await page.evaluate(() =>
      (globalThis as unknown as { document: { body: { classList: { add(c: string): void } } } }).document.body.classList.add(
        'vscode-using-screen-reader',
      ),
    );
    await postToView(page, { type: 'turnEnded', turn: { id: 'a', question: 'How?', answer: ANSWER, sources: [], status: 'done' } });
    assert.equal(
      await status(),
      `Answer complete (${ANSWER.length} characters): Rotate a key from the dashboard. Then revoke the old one.`,
    );
  });
});
