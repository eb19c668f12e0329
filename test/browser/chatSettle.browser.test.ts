// Answers set aside, in Chromium with the view's styles: as a streaming answer grows, its finished
// blocks are gathered in groups, and a full group is settled (content-visibility), so the browser
// skips it off screen at the height it was given. Settling must move no text, and that height must
// be the group's own, or the text below jumps as the reader scrolls past it.

import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../runner/workbench';
import { openChatView, postToView } from './chatView';

/** What the tests use of the page's globals (the tests compile without the DOM's types). */
interface Group {
  readonly firstElementChild: { getBoundingClientRect(): { readonly top: number } } | null;
  readonly style: { containIntrinsicSize: string; contentVisibility: string; contain: string };
  getBoundingClientRect(): { readonly height: number };
}
interface ViewGlobals {
  document: {
    querySelectorAll(selector: string): Iterable<Group>;
    getElementById(id: 'app'): { readonly scrollTop: number };
  };
}

/** Blocks whose margins collapse through their own edges: a quote's paragraphs, a loose list's items. */
function block(i: number): string {
  if (i % 3 === 0) return `> Quote ${i}, a quoted paragraph.\n>\n> Its second paragraph.\n\n`;
  if (i % 3 === 1) return `- Item ${i}, first\n\n- Item ${i}, second\n\n`;
  return `Paragraph ${i} of text that wraps in a narrow view.\n\n`;
}

describe('the chat view setting answers aside, in Chromium', function () {
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

  it('moves no text when a group is settled, and gives a settled group its own height', async () => {
    await postToView(page, { type: 'turnStarted', turn: { id: 't', question: 'Q', answer: '', sources: [], status: 'streaming' } });
    /** Where each group's first block is, from the top of what scrolls, as first seen. */
    const firstSeen: number[] = [];
    for (let i = 0; i < 360; i += 6) {
      await postToView(page, { type: 'delta', turnId: 't', text: [0, 1, 2, 3, 4, 5].map((j) => block(i + j)).join('') });
      await page.waitForTimeout(110);
      const tops = await page.evaluate(() => {
        const view = globalThis as unknown as ViewGlobals;
        const scrolled = view.document.getElementById('app').scrollTop;
        return [...view.document.querySelectorAll('.md-group')].map(
          (group) => (group.firstElementChild?.getBoundingClientRect().top ?? 0) + scrolled,
        );
      });
      tops.forEach((top, n) => {
        firstSeen[n] ??= top;
        assert.ok(
          Math.abs(top - firstSeen[n]) < 0.5,
          `after block ${i + 5}, group ${n}'s first block moved from ${firstSeen[n]} to ${top}`,
        );
      });
    }
    const heights = await page.evaluate(() =>
      [...(globalThis as unknown as ViewGlobals).document.querySelectorAll('.md-settled')].map((group) => {
        const declared = parseFloat(group.style.containIntrinsicSize);
        // Laid out as it is when shown: contained, so its blocks' margins stay inside it.
        group.style.contentVisibility = 'visible';
        group.style.contain = 'layout paint';
        const laidOut = group.getBoundingClientRect().height;
        group.style.contentVisibility = '';
        group.style.contain = '';
        return { declared, laidOut };
      }),
    );
    assert.ok(heights.length >= 3, `groups settled: ${heights.length}`);
    for (const { declared, laidOut } of heights)
      assert.ok(Math.abs(declared - laidOut) < 0.5, `settled at ${declared} px, laid out at ${laidOut} px`);
  });
});
