// The chat view follows a streaming answer while the reader is at the bottom, with no layout read
// per delta, and leaves a reader who scrolled up where they are. What scrolls is the view, never
// the page, and keys, Tab and selections go on from where the reader is.

import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { codeBlockAnswer, sectionsAnswer } from '../emulator/floodAnswers';
import { launchChromium } from '../runner/workbench';
import { openChatView, postToView, scrolledToEnd, scrollTopOf, type ViewScroller } from './chatView';

/** What the tests use of the page's globals (the tests compile without the DOM's types). */
interface ViewElement {
  readonly textContent: string;
  closest(selector: string): ViewElement | null;
  getBoundingClientRect(): { readonly top: number; readonly bottom: number; readonly height: number };
  scrollIntoView(options?: object): void;
  blur(): void;
}
interface ViewGlobals {
  document: {
    querySelector(selector: string): ViewElement | null;
    querySelectorAll(selector: string): Iterable<ViewElement>;
    getElementById(id: 'app'): ViewScroller;
    elementFromPoint(x: number, y: number): ViewElement | null;
    readonly activeElement: ViewElement | null;
    documentElement: { style: { setProperty(name: string, value: string): void } };
    /** The page's own scrolling, which should never move. */
    readonly scrollingElement: ViewScroller;
  };
  readonly innerHeight: number;
  getSelection(): { toString(): string };
  requestAnimationFrame(callback: (value: unknown) => void): void;
  setTimeout(callback: () => void, ms: number): void;
  /** Set by `HELD_AT_ITS_END`: lets the frames it holds run. */
  releaseFrames(): void;
}

// The tests share one page and one answer, streamed by the first, and go on from where the one
// before left the reader.
describe('the chat view scrolling, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  const post = (message: object) => postToView(page, message);
  const atBottom = () => scrolledToEnd(page);
  const scrollTo = (y: number) =>
    page.evaluate((top) => ((globalThis as unknown as ViewGlobals).document.getElementById('app').scrollTop = top), y);
  /**
   * Scrolls paragraph `n` to the top of the view, as a reader who went back to it, and lets the
   * frames pass that bring the scroll's event: a reader does not resize the view in the same frame.
   */
  const readParagraph = (n: number) =>
    page.evaluate(async (start) => {
      const view = globalThis as unknown as ViewGlobals;
      [...view.document.querySelectorAll('.answer p')].find((p) => p.textContent.startsWith(start))!.scrollIntoView();
      for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => view.requestAnimationFrame(resolve));
    }, `Paragraph ${n} `);
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

  // Long enough for finished blocks to fill several groups: the view must not lose the end as a new one starts.
  it('follows the answer while the reader is at the bottom', async () => {
    for (let i = 0; i < 200; i += 4) {
      await post({ type: 'delta', turnId: 't', text: [0, 1, 2, 3].map((j) => paragraph(i + j)).join('') });
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    assert.ok((await page.locator('.md-group').count()) >= 2, 'finished blocks filled groups');
    assert.ok((await scrollTopOf(page)) > 500, 'the view moved with the answer');
    assert.ok(await atBottom(), 'the newest text is in view');
  });

  it('leaves a reader who scrolled up where they are', async () => {
    await scrollTo(200);
    await page.waitForTimeout(100);
    for (let i = 200; i < 220; i++) {
      await post({ type: 'delta', turnId: 't', text: paragraph(i) });
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    assert.equal(await scrollTopOf(page), 200);
    assert.equal(await atBottom(), false);
  });

  // A reader scrolling up after the view changed width sees every paragraph: none is skipped or shown twice.
  it('shows a reader who scrolls up every paragraph after the view changed width, without moving the text in view', async () => {
    await readParagraph(150);
    await page.waitForTimeout(100);
    const reading = await topParagraph();
    await page.setViewportSize({ width: 240, height: 500 });
    await page.waitForTimeout(500);
    const measured = await topParagraph();
    assert.equal(measured.number, reading.number, 'the paragraph at the top stayed there once the width held still');
    assert.ok(Math.abs(measured.top - reading.top) <= 1, `it moved from ${reading.top} to ${measured.top}`);
    let shown = reading.number;
    while ((await scrollTopOf(page)) > 0) {
      // A wheel step up, then what the next frames show.
      await page.evaluate(async () => {
        const view = globalThis as unknown as ViewGlobals;
        view.document.getElementById('app').scrollTop -= 150;
        for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => view.requestAnimationFrame(resolve));
      });
      const { number } = await topParagraph();
      assert.ok(number <= shown && shown - number <= 3, `a step up showed paragraph ${number} after paragraph ${shown}`);
      shown = number;
    }
    assert.equal(shown, 0, 'the reader reached the first paragraph');
  });

  it('keeps a reader at the end there when the view gets narrower', async () => {
    await scrollTo(1e9);
    await page.waitForTimeout(100);
    await page.setViewportSize({ width: 200, height: 500 });
    await page.waitForTimeout(100);
    assert.ok(await atBottom(), 'the end is in view as the text reflows');
    await page.waitForTimeout(500);
    assert.ok(await atBottom(), 'the end is still in view');
  });

  // The text above a reader reflows when the view changes width; the paragraph they are reading
  // stays where it is (the browser's scroll anchoring).
  it('keeps the paragraph a reader is on at the top of the view as the view gets wider or narrower', async () => {
    await readParagraph(120);
    const reading = await topParagraph();
    const stays = async (change: string, act: () => Promise<unknown>) => {
      await act();
      assertSamePlace(await topParagraph({ afterFrames: 2 }), reading, `${change}: the paragraph at the top as the text reflowed`);
      await page.waitForTimeout(300);
      assertSamePlace(await topParagraph(), reading, `${change}: the paragraph at the top a moment later`);
    };
    await stays('wider', () => page.setViewportSize({ width: 480, height: 500 }));
    await stays('narrower', () => page.setViewportSize({ width: 260, height: 500 }));
  });

  it('keeps the paragraph a reader is on when the chat is hidden for set-up and shown again', async () => {
    await readParagraph(80);
    const reading = await topParagraph();
    await post({ type: 'setup', setup: { kind: 'needs', title: 'Set your key', message: 'The key was removed.', actions: [] } });
    await page.waitForTimeout(100);
    await post({ type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'acme' } });
    assertSamePlace(await topParagraph({ afterFrames: 2 }), reading, 'the paragraph at the top once the chat was shown again');
  });

  // Keys scroll what has the focus; with none, the browser would scroll the page, which does not.
  it('scrolls with the keyboard when nothing in the view has the focus', async () => {
    await readParagraph(60);
    await page.evaluate(() => (globalThis as unknown as ViewGlobals).document.activeElement?.blur());
    const before = await scrollTopOf(page);
    await page.keyboard.press('PageUp');
    await page.waitForTimeout(300);
    assert.ok((await scrollTopOf(page)) < before - 100, `PageUp went from ${before} to ${await scrollTopOf(page)}`);
    await page.keyboard.press('End');
    await page.waitForTimeout(300);
    assert.ok(await atBottom(), 'End showed the end');
  });

  // A link defined at the end of an answer is drawn as a link only then, in blocks drawn long
  // before: those blocks change height, and the paragraph a reader below them is on stays put.
  it('keeps the paragraph a reader is on when links above it are drawn once their definition comes', async () => {
    const uses = Array.from({ length: 40 }, () => '[the chat guide][the-chat-guide-reference-label]').join(' ');
    const after = Array.from({ length: 80 }, (_, i) => paragraph(300 + i)).join('');
    await post({ type: 'delta', turnId: 't', text: `${uses}\n\n${after}` });
    await page.waitForTimeout(300);
    const usesHeight = () =>
      page.locator('.answer p', { hasText: 'the chat guide' }).evaluate((p: ViewElement) => p.getBoundingClientRect().height);
    const before = await usesHeight();
    // Far enough from the end that the reader does not follow it, whatever the view's size.
    await readParagraph(320);
    assert.equal(await atBottom(), false, 'the reader is not at the end');
    const reading = await topParagraph();
    await post({ type: 'delta', turnId: 't', text: '[the-chat-guide-reference-label]: /guides/chat\n\nThe end.\n\n' });
    assertSamePlace(await topParagraph({ afterFrames: 8 }), reading, 'the paragraph at the top once the links were drawn');
    assert.equal(await page.locator('.answer a[data-href="/guides/chat"]').count(), 40);
    assert.ok((await usesHeight()) < before / 2, `the paragraph of links got shorter: ${before} to ${await usesHeight()}`);
  });

  function assertSamePlace(actual: { number: number; top: number }, expected: { number: number; top: number }, what: string) {
    assert.ok(
      actual.number === expected.number && Math.abs(actual.top - expected.top) <= 1,
      `${what}: ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`,
    );
  }

  /** The paragraph at the top of the view, found as a reader sees it, after `afterFrames` frames. */
  function topParagraph({ afterFrames = 0 } = {}): Promise<{ number: number; top: number }> {
    return page.evaluate(async (frames) => {
      const view = globalThis as unknown as ViewGlobals;
      const frame = () => new Promise((resolve) => view.requestAnimationFrame(resolve));
      for (let n = 0; n < frames; n++) await frame();
      for (let drawing = 0; drawing < 4; drawing++, await frame()) {
        for (let y = 0; y < 200; y += 4) {
          const paragraph = view.document.elementFromPoint(60, y)?.closest('p');
          const number = /^Paragraph (\d+) /.exec(paragraph?.textContent ?? '')?.[1];
          if (paragraph && number) return { number: Number(number), top: Math.round(paragraph.getBoundingClientRect().top) };
        }
      }
      throw new Error('No paragraph at the top of the view');
    }, afterFrames);
  }
});

// A conversation of a few turns, each with its sources, as a reader moves through it with the
// keyboard, a screen reader or the mouse.
describe('the chat view moving through a conversation, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  /** The text of what has the focus. */
  const focused = () => page.evaluate(() => (globalThis as unknown as ViewGlobals).document.activeElement?.textContent);
  /** Clicks the first word of paragraph `n` of turn `turn`, scrolled into the middle of the view. */
  const clickParagraph = async (turn: number, n: number, clickCount = 1) => {
    const paragraph = page.locator(`.turn[data-turn-id="t${turn}"] .answer p`).nth(n);
    await paragraph.evaluate((p: ViewElement) => p.scrollIntoView({ block: 'center' }));
    await paragraph.click({ position: { x: 5, y: 5 }, clickCount });
  };

  before(async () => {
    browser = await launchChromium();
    page = await openChatView(browser);
    const turns = Array.from({ length: 5 }, (_, t) => ({
      id: `t${t}`,
      question: `Question ${t}`,
      context: { label: `src/file${t}.ts:1-9` },
      answer: Array.from({ length: 12 }, (_, p) => `Paragraph ${p} of answer ${t}, long enough to wrap in a narrow view.`).join('\n\n'),
      sources: [{ title: `Source ${t}`, url: `https://docs.example.com/page${t}` }],
      status: 'done',
    }));
    await postToView(page, { type: 'conversation', turns, answering: false });
    await page.locator('.turn[data-turn-id="t4"] .source-link').waitFor();
  });

  after(async () => {
    await browser?.close();
  });

  // Text only for screen readers is placed out of sight. Placed in the page rather than in what
  // scrolls, it would make the page scrollable: a screen reader bringing it into view, or a
  // selection made with the keyboard reaching it, would scroll the whole view off, for good.
  it('never scrolls the page itself, whatever a screen reader brings into view', async () => {
    const pageScroll = () =>
      page.evaluate(() => {
        const { scrollingElement } = (globalThis as unknown as ViewGlobals).document;
        return { top: scrollingElement.scrollTop, overflow: scrollingElement.scrollHeight - scrollingElement.clientHeight };
      });
    assert.deepEqual(await pageScroll(), { top: 0, overflow: 0 }, 'the page has nothing to scroll');
    const count = await page.locator('.sr-only').count();
    assert.ok(count >= 11, `${count} texts for screen readers only`);
    for (let i = 0; i < count; i++) {
      const said = page.locator('.sr-only').nth(i);
      await said.evaluate((text: ViewElement) => text.scrollIntoView({ block: 'nearest' }));
      assert.deepEqual(await pageScroll(), { top: 0, overflow: 0 }, `the page scrolled to show "${await said.textContent()}" ${i}`);
    }
    // What a screen reader reads out is where it is read: "You asked:" is by its question.
    await page.evaluate(() => {
      const scroller = (globalThis as unknown as ViewGlobals).document.getElementById('app');
      scroller.scrollTop = scroller.scrollHeight;
    });
    await page
      .locator('.turn[data-turn-id="t2"] .sr-only')
      .first()
      .evaluate((text: ViewElement) => text.scrollIntoView({ block: 'nearest' }));
    const question = await page.locator('.turn[data-turn-id="t2"] .question-text').evaluate((text: ViewElement) => {
      const { top, bottom } = text.getBoundingClientRect();
      return { top, bottom, height: (globalThis as unknown as ViewGlobals).innerHeight };
    });
    assert.ok(question.top > -1 && question.bottom < question.height, `the question is at ${question.top} to ${question.bottom}`);
    // The status region is announced wherever the reader is: moving onto it moves nothing.
    const reading = await scrollTopOf(page);
    await page.locator('[role="status"]').evaluate((region: ViewElement) => region.scrollIntoView({ block: 'nearest' }));
    assert.equal(await scrollTopOf(page), reading, 'the view scrolled to the status region');
  });

  // The browser goes on with Tab from the text last clicked, and scrolls what holds it: a
  // focusable scroller would take the click's focus, and Tab would start again from its top.
  it('goes on with Tab from the text a reader clicked, also after keys scrolled the view', async () => {
    // Nothing clicked yet: the keys scroll the view, which takes the focus for them.
    await page.evaluate(() => (globalThis as unknown as ViewGlobals).document.activeElement?.blur());
    const before = await scrollTopOf(page);
    await page.keyboard.press('PageUp');
    await page.waitForTimeout(300);
    assert.ok((await scrollTopOf(page)) < before, 'PageUp with nothing focused scrolled the view');
    await clickParagraph(3, 6);
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Source 3', 'Tab after a click in the fourth answer, once PageUp had scrolled the view');

    await clickParagraph(2, 6);
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Source 2', 'Tab after a click in the third answer');
    await clickParagraph(2, 6);
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'Source 1', 'Shift+Tab after the same click');

    await clickParagraph(2, 6);
    const clickedAt = await scrollTopOf(page);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    assert.ok((await scrollTopOf(page)) > clickedAt, 'ArrowDown after the click scrolled the view');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Source 2', 'Tab after the click and ArrowDown');
  });

  it('extends a selection with Shift and the arrow keys', async () => {
    await clickParagraph(1, 10, 2);
    for (let line = 0; line < 12; line++) await page.keyboard.press('Shift+ArrowDown');
    const selected = await page.evaluate(() => (globalThis as unknown as ViewGlobals).getSelection().toString());
    assert.match(selected, /^Paragraph 10 of answer 1.*Question 2/s, 'the selection runs from the word into the next question');
    const shown = await page.evaluate(() => {
      const view = globalThis as unknown as ViewGlobals;
      const question = [...view.document.querySelectorAll('.question-text')].find((text) => text.textContent === 'Question 2')!;
      const { top, bottom } = question.getBoundingClientRect();
      return { page: view.document.scrollingElement.scrollTop, top, bottom, height: view.innerHeight };
    });
    assert.ok(
      shown.page === 0 && shown.top >= 0 && shown.bottom <= shown.height,
      `the selection's end is out of view: ${JSON.stringify(shown)}`,
    );
  });

  // A group of finished blocks is a box of its own: a link at the start of a line in one shows its whole focus ring.
  it('shows the whole focus ring of a link at the start of a line in a finished group', async () => {
    await page.evaluate(() =>
      (globalThis as unknown as ViewGlobals).document.documentElement.style.setProperty('--vscode-focusBorder', '#ff0000'),
    );
    await postToView(page, { type: 'turnStarted', turn: { id: 'links', question: 'Links', answer: '', sources: [], status: 'streaming' } });
    for (let i = 0; i < 80; i += 8) {
      const text = Array.from({ length: 8 }, (_, j) => `[Link ${i + j}](/guides/chat) starts paragraph ${i + j}, long enough to wrap.\n\n`);
      await postToView(page, { type: 'delta', turnId: 'links', text: text.join('') });
      await page.waitForTimeout(120);
    }
    const link = page.locator('.turn[data-turn-id="links"] .md-group a').first();
    await link.evaluate((a: ViewElement) => a.scrollIntoView({ block: 'center' }));
    await page.keyboard.press('Shift'); // The ring shows for keyboard users.
    await link.focus();
    const box = (await link.boundingBox())!;
    const ring = await redBounds(
      await page.screenshot({ clip: { x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8 } }),
    );
    // The ring is 1 px wide, 1 px out from the link: it starts 2 px left of the link, at 4 - 2.
    assert.deepEqual({ left: ring.left, top: ring.top }, { left: 2, top: 2 }, `the ring's red pixels: ${JSON.stringify(ring)}`);
  });

  /** Where the red pixels of a screenshot are, decoded in a page of their own. */
  async function redBounds(png: Buffer): Promise<{ left: number; top: number; right: number; bottom: number }> {
    const decoder = await browser.newPage();
    try {
      return await decoder.evaluate(
        async (source) => {
          interface Canvas {
            width: number;
            height: number;
            getContext(kind: '2d'): {
              drawImage(image: unknown, x: number, y: number): void;
              getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
            };
          }
          const view = globalThis as unknown as {
            Image: new () => { src: string; width: number; height: number; decode(): Promise<void> };
            document: { createElement(name: 'canvas'): Canvas };
          };
          const image = new view.Image();
          image.src = source;
          await image.decode();
          const canvas = view.document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d');
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, image.width, image.height);
          const xs: number[] = [];
          const ys: number[] = [];
          for (let i = 0; i < data.length; i += 4) {
            if (data[i] < 200 || data[i + 1] > 60 || data[i + 2] > 60) continue;
            xs.push((i / 4) % image.width);
            ys.push(Math.floor(i / 4 / image.width));
          }
          return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
        },
        `data:image/png;base64,${png.toString('base64')}`,
      );
    } finally {
      await decoder.close();
    }
  }
});

// A flood (issue 48): more text at once than a frame can draw. Its end is drawn first and the rest
// filled in above it, a slice a frame: a reader at the end stays there, and one who scrolled up
// stays on what they read while blocks are filled in above them.
describe('the chat view scrolling during a flood, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;

  before(async () => {
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
  });

  /**
   * Scripts run in the page before a flood comes, each a promise of the state a test waits for.
   * Watched from inside the page: a busy machine can keep this process away for longer than the
   * whole filling in takes, and a wait from here would then find it over.
   */
  const FILLING_IN = `new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('.md-blocks[data-catching-up]') === null) return;
      observer.disconnect();
      resolve(true);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-catching-up'] });
  })`;
  /**
   * Its end drawn and the view there, then held: the older blocks wait to be filled in until
   * `releaseFrames()` in the page. A reader's scroll sent from this process then comes while they
   * are still to come (the filling in ran on in the page meanwhile, and once took all of its time).
   * What is held is what the filling in waits for: each callback the page asks a frame for, the
   * view's own scroll handling included, is run at the next frame after the release.
   */
  const HELD_AT_ITS_END = `(() => {
    const frame = window.requestAnimationFrame.bind(window);
    const cancelFrame = window.cancelAnimationFrame.bind(window);
    // Held callbacks by the (negative) id the page was given; once released, the id the browser gave them.
    let held;
    let nextId = -1;
    const released = new Map();
    window.requestAnimationFrame = (callback) => {
      if (!held) return frame(callback);
      held.set(nextId, callback);
      return nextId--;
    };
    window.cancelAnimationFrame = (id) => {
      if (!held?.delete(id)) cancelFrame(released.get(id) ?? id);
    };
    window.releaseFrames = () => {
      for (const [id, callback] of held ?? []) released.set(id, frame(callback));
      held = undefined;
    };
    return new Promise((resolve) => {
      const watch = () => {
        if (document.getElementById('app').scrollTop > 2000 && document.querySelector('.md-blocks[data-catching-up]')) {
          held = new Map();
          resolve(true);
        } else frame(watch);
      };
      frame(watch);
    });
  })()`;

  /** A view showing `text` that came all at once, once the page has reached the state `reached` waits for. */
  async function flooded(text: string, reached = FILLING_IN): Promise<Page> {
    const page = await openChatView(browser);
    await postToView(page, {
      type: 'turnStarted',
      turn: { id: 'f', question: 'Everything', answer: '', sources: [], status: 'streaming' },
    });
    const reaching = page.evaluate(reached);
    await postToView(page, { type: 'delta', turnId: 'f', text });
    await reaching;
    return page;
  }
  const allDrawn = (page: Page) => page.locator('.md-blocks[data-catching-up]').waitFor({ state: 'detached', timeout: 30_000 });

  for (const [shape, text] of [
    ['sections', sectionsAnswer(100 * 1024)],
    ['one code block', codeBlockAnswer(100 * 1024)],
  ] as const) {
    it(`keeps a reader at the end there while 100 KB of ${shape} is filled in above`, async () => {
      const page = await flooded(text);
      await allDrawn(page);
      assert.ok((await scrollTopOf(page)) > 10_000, 'the view moved to the end');
      assert.ok(await scrolledToEnd(page), 'the end is in view');
      await page.close();
    });
  }

  // A step may run between a reader's scroll and its event (steps run between frames): what scrolls
  // up stops the following at once. The filling in is held until the reader has scrolled, and goes
  // on as the scroll is animated; a megabyte, so that it is still going once the scroll is over.
  // The reader scrolls by less than the newest blocks' height, so that what they read is among those.
  for (const [how, scrollUp] of [
    [
      'the wheel',
      async (page: Page) => {
        await page.mouse.move(200, 400);
        await page.mouse.wheel(0, -600);
      },
    ],
    [
      'PageUp',
      async (page: Page) => {
        await page.evaluate(() => (globalThis as unknown as ViewGlobals).document.activeElement?.blur());
        await page.keyboard.press('PageUp');
        await page.keyboard.press('PageUp');
      },
    ],
  ] as const) {
    it(`keeps a reader who scrolls up with ${how} on what they read while blocks are filled in above`, async () => {
      // Its end drawn, and the view there: the older blocks are still to come.
      const page = await flooded(sectionsAnswer(1024 * 1024), HELD_AT_ITS_END);
      await scrollUp(page);
      // What the reader reads once the scroll is over: the first heading in view, once it holds
      // still over a few frames (blocks filled in above move the scroll position, not the text).
      const reading = () =>
        page.evaluate(async () => {
          const view = globalThis as unknown as ViewGlobals;
          view.releaseFrames();
          const frames = (count: number): Promise<unknown> =>
            new Promise((resolve) => (count === 0 ? resolve(0) : view.requestAnimationFrame(() => resolve(frames(count - 1)))));
          const first = () => {
            const headings = [...view.document.querySelectorAll('.answer h2')];
            const heading = headings.find((element) => element.getBoundingClientRect().top >= 0)!;
            return { text: heading.textContent, top: heading.getBoundingClientRect().top };
          };
          let seen = { text: '', top: -1 };
          for (let now = first(); now.text !== seen.text || Math.abs(now.top - seen.top) > 1; now = first()) {
            seen = now;
            await frames(3);
          }
          return { ...seen, catchingUp: view.document.querySelector('.md-blocks[data-catching-up]') !== null };
        });
      const before = await reading();
      assert.ok(before.catchingUp, 'the reader scrolled while the flood was still filled in');
      await allDrawn(page);
      const heading = page.locator('.answer h2', { hasText: new RegExp(`^${before.text}$`) });
      const after = await heading.evaluate((element: { getBoundingClientRect(): { top: number } }) => element.getBoundingClientRect().top);
      assert.ok(Math.abs(after - before.top) <= 2, `the heading read (${before.text}) stays in place: ${before.top} then ${after}`);
      assert.ok(!(await scrolledToEnd(page)), 'the view did not go back to the end');
      await page.close();
    });
  }
});
