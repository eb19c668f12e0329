import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import type { PlatformEmulator } from '../emulator/emulator';
import { sectionsAnswer } from '../emulator/floodAnswers';
import type { Workbench, WorkbenchOptions } from '../runner/workbench';
import {
  answerInput,
  notification,
  onlyIn,
  openFile,
  openSidebar,
  QUICK_INPUT,
  QUICK_INPUT_BOX,
  runCommand,
  screenshot,
  uiSuite,
  webviewFrame,
  workbench,
  themeOfRun,
} from './support';
import { until } from '../until';

/** A workbench connected to the emulator, with the chat view open and ready for a question. */
async function chatReady(emulator: PlatformEmulator, options: WorkbenchOptions = {}): Promise<{ bench: Workbench; chat: Frame }> {
  const bench = await workbench({
    ...options,
    userSettings: { 'docsAssistant.baseUrl': emulator.url, 'docsAssistant.domain': emulator.config.domain, ...options.userSettings },
  });
  await openSidebar(bench.page);
  await runCommand(bench.page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
  await answerInput(bench.page, emulator.config.assistantKey);
  // Stored once the command says so: a question sent before then would find no key.
  await notification(bench.page, 'The assistant key is stored');
  const chat = await webviewFrame(bench.page, 'textarea.question-input');
  await chat.locator('textarea.question-input').waitFor({ state: 'visible' });
  return { bench, chat };
}

async function askInView(chat: Frame, question: string): Promise<void> {
  await chat.locator('textarea.question-input').fill(question);
  await chat.locator('textarea.question-input').press('Enter');
}

async function lastTurnDone(chat: Frame): Promise<void> {
  await chat.locator('.turn[data-status="done"]').last().waitFor({ timeout: 30_000 });
}

describe('the chat, as a user sees it', function () {
  this.timeout(180_000);
  const ui = uiSuite({ deltaDelayMs: 3 });

  const { theme, name } = themeOfRun();
  it(`says what it searches for, then streams the answer with its sources, suggested pages and code actions (${name} theme)`, async () => {
    // The live service's shape: a search step, a pause while it retrieves, then the text.
    ui.emulator.config.searchDelayMs = 3_000;
    const ready = await chatReady(ui.emulator, { colorTheme: theme, viewport: { width: 1400, height: 900 } });
    const { bench, chat } = ready;
    await askInView(chat, 'How do I stop an answer and copy code?');
    const activity = chat.locator('.turn .activity');
    await activity.filter({ hasText: 'Searching the documentation for' }).waitFor();
    assert.match(await activity.innerText(), /^Searching the documentation for "How do I stop an answer and copy code\?"…$/);
    assert.equal((await chat.locator('.turn .answer').innerText()).trim(), '', 'no text yet, and no empty answer shown as one');
    assert.match((await chat.locator('[role="status"]').textContent()) ?? '', /^Searching the documentation for "How do I stop/);
    assert.ok(await chat.locator('button.stop').isVisible(), 'Stop is offered while the assistant works');
    await screenshot(bench.page, `chat-searching-${name}`);
    await lastTurnDone(chat);
    const answer = await chat.locator('.turn .answer').last().innerText();
    assert.match(answer, /Here is what the documentation says about/);
    const sources = await chat.locator('.source-link').allInnerTexts();
    assert.ok(sources.includes('Chatting with the assistant'), `sources from the search tool's output: ${sources.join(', ')}`);
    assert.ok((await chat.locator('.suggestions .suggestion-link').count()) >= 1, 'suggested pages are listed');
    assert.equal(await chat.locator('.code-language', { hasText: 'suggestions' }).count(), 0, 'the suggestions block is not shown as code');
    assert.equal(await chat.locator('.turn a[href]').count(), 0, 'no link carries a live href');
    assert.ok(await chat.locator('.code-block button[data-action="copy"]').first().isVisible());
    assert.ok(await chat.locator('.code-block button[data-action="insert"]').first().isVisible());
    assert.match(
      (await chat.locator('[role="status"]').textContent()) ?? '',
      /^Answer complete \([\d,]+ characters, \d+ sources\): Here is what the documentation says about How do I stop an answer and copy code\?\.$/,
      'a screen reader hears how the answer begins, once',
    );
    assert.equal(await chat.locator('textarea.question-input').inputValue(), '');
    await chat.locator('.suggestions').scrollIntoViewIfNeeded();
    await screenshot(bench.page, `chat-${name}`);
  });

  it('opens a suggested page and a site-relative link of the answer in the editor', async () => {
    const ready = await chatReady(ui.emulator);
    const { bench, chat } = ready;
    await askInView(chat, 'How do I stop an answer and copy code?');
    await lastTurnDone(chat);
    const suggestion = chat.locator('.suggestion-link').first();
    const title = await suggestion.innerText();
    await suggestion.click();
    await bench.page.locator('.view-lines', { hasText: title }).first().waitFor();
    await chat.locator('.answer a[data-href="/guides/chat"]').first().click();
    await bench.page.locator('.tabs-container .tab.active', { hasText: 'chat.md' }).waitFor();
    assert.equal(ui.emulator.requestsFor('page').length, 2, 'each opened as a page of the site');
  });

  it('takes a question, answers it and opens a source with the keyboard alone, with a focus ring on the way', async () => {
    const bench = await workbench({
      viewport: { width: 1400, height: 900 },
      userSettings: { 'docsAssistant.baseUrl': ui.emulator.url, 'docsAssistant.domain': ui.emulator.config.domain },
    });
    const { page } = bench;
    const keys = page.keyboard;
    /** The palette by F1, a command typed, Enter: no mouse. */
    const command = async (title: string) => {
      await keys.press('F1');
      await page.locator(`${QUICK_INPUT_BOX}:focus`).waitFor();
      await keys.type(title);
      await page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row.focused`, { hasText: title }).first().waitFor();
      await keys.press('Enter');
    };
    await command('Docs Assistant: Set Assistant Key');
    const keyBox = page.locator(`${QUICK_INPUT_BOX}[type="password"]:focus`);
    await keyBox.waitFor();
    await keys.type(ui.emulator.config.assistantKey);
    // The box checks the key as it is typed; a user presses Enter again, at a human pace, until it takes it.
    await until('the box to take the key', async () => {
      if ((await keyBox.count()) === 0) return true;
      await keys.press('Enter');
      await page.waitForTimeout(300);
      return false;
    });
    await page.locator('.notification-toast', { hasText: 'The assistant key is stored' }).waitFor();
    await command('Docs Assistant: Focus on Chat View');
    const chat = await webviewFrame(page, 'textarea.question-input');
    const focused = () =>
      chat.evaluate(() => {
        const active = (globalThis as unknown as { document: { activeElement: { className: string; textContent: string | null } | null } })
          .document.activeElement;
        return `${active?.className ?? ''}: ${active?.textContent?.trim() ?? ''}`;
      });
    // The view takes the focus into its question box when it opens.
    await chat.waitForFunction(
      () =>
        (globalThis as unknown as { document: { activeElement: { className: string } | null } }).document.activeElement?.className ===
        'question-input',
    );
    await keys.type('How do I watch an agent job?');
    await keys.press('Enter');
    await lastTurnDone(chat);
    assert.match(await focused(), /^question-input/, 'the focus stays in the question box while the answer comes');
    // Back from the question box to the answer's last source.
    for (let i = 0; i < 10 && !/^source-link/.test(await focused()); i++) await keys.press('Shift+Tab');
    assert.match(await focused(), /^source-link: /);
    const ring = await chat.evaluate(() => {
      const view = globalThis as unknown as {
        document: { activeElement: unknown };
        getComputedStyle(element: unknown): { outlineStyle: string; outlineWidth: string };
      };
      const style = view.getComputedStyle(view.document.activeElement);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    assert.match(ring, /^solid [1-9]/, 'a focus ring shows where the keyboard is');
    await screenshot(page, 'chat-keyboard-source');
    const source = (await focused()).replace(/^source-link: /, '');
    await keys.press('Enter');
    await page.locator('.tabs-container .tab', { hasText: /\.md/ }).first().waitFor();
    assert.ok(ui.emulator.requestsFor('page').length >= 1, `the source "${source}" was opened as a page`);
    await screenshot(page, 'chat-keyboard-page');
  });

  it('shows a rate limit at once and counts down, then answers', async () => {
    ui.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 5 }, { operation: 'assistant' });
    const ready = await chatReady(ui.emulator, { viewport: { width: 1400, height: 900 } });
    const { bench, chat } = ready;
    await askInView(chat, 'How do I set up keys?');
    const wait = chat.locator('.turn-wait');
    await wait.waitFor({ timeout: 5_000 });
    const waitText = wait.locator('.wait-text');
    const first = await waitText.innerText();
    assert.match(first, /^The platform's rate limit was reached\. Trying again in [45] s…$/);
    assert.ok(await wait.getByRole('button', { name: 'Retry now, without waiting' }).isVisible());
    await screenshot(bench.page, 'chat-rate-limit');
    // The next second, however late this machine reads it.
    await waitText.filter({ hasNotText: first }).waitFor();
    assert.match(await waitText.innerText(), /Trying again in [234] s…$/, 'it counts down');
    await lastTurnDone(chat);
    assert.match(await chat.locator('.turn .answer').last().innerText(), /Here is what the documentation says about/);
    assert.equal(ui.emulator.requestsFor('assistant').length, 2);
  });

  it('opens a source of the site as a page in the editor', async () => {
    const ready = await chatReady(ui.emulator);
    const { bench } = ready;
    await askInView(ready.chat, 'How do I chat with the assistant?');
    await lastTurnDone(ready.chat);
    await ready.chat.locator('.source-link', { hasText: 'Chatting with the assistant' }).first().click();
    await bench.page.locator('.tabs-container .tab', { hasText: 'chat.md' }).waitFor();
    await bench.page.locator('.view-lines', { hasText: 'Chatting with the assistant' }).waitFor();
  });

  it('attaches a selection as a removable chip, inserts code at the cursor, and keeps the conversation across a reload', async () => {
    const ready = await chatReady(ui.emulator, {
      workspaceFiles: { 'src/sample.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n' },
    });
    const { bench } = ready;
    const { page } = bench;
    await openFile(page, 'sample.ts');
    await page.locator('.view-lines', { hasText: 'export function add' }).waitFor();
    await page.locator('.view-lines').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+Alt+A');
    const chat = await webviewFrame(page, '.chip-label');
    assert.equal(await chat.locator('.chip-label').textContent(), 'src/sample.ts:1-3');
    await chat.locator('.chip-remove').click();
    await chat.locator('.chip').waitFor({ state: 'detached' });

    await runCommand(page, 'Docs Assistant: Ask About Selection');
    await chat.locator('.chip-label').waitFor();
    await askInView(chat, 'Is there a doc about code blocks in chat answers?');
    await lastTurnDone(chat);
    assert.equal(await chat.locator('.turn .context-badge .context-label').last().textContent(), 'src/sample.ts:1-3');
    assert.deepEqual(
      ui.emulator.requestsFor('assistant').map((request) => (request.body as { context?: unknown[] }).context?.length),
      [1],
    );

    // Insert the first code block of the answer at the cursor in sample.ts.
    await page.locator('.view-lines').first().click();
    await page.keyboard.press('Control+End');
    const firstLine = (await chat.locator('.code-block code').first().innerText()).split('\n')[0].trim();
    assert.ok(firstLine.length > 3, 'the answer has a code block');
    await chat.locator('.code-block button[data-action="insert"]').first().click();
    await page.locator('.view-lines', { hasText: firstLine }).waitFor();

    await page.reload();
    await page.locator('.monaco-workbench').waitFor();
    await openSidebar(page);
    const reloaded = await webviewFrame(page, '.turn');
    assert.equal(await reloaded.locator('.question-text').last().textContent(), 'Is there a doc about code blocks in chat answers?');
    assert.match(await reloaded.locator('.turn .answer').last().innerText(), /Here is what the documentation says/);

    // The thread goes on after the reload: its key came back from secret storage.
    await askInView(reloaded, 'And how do I copy one?');
    await reloaded.locator('.turn[data-status="done"]').nth(1).waitFor({ timeout: 30_000 });
    const [first, second] = ui.emulator
      .requestsFor('assistant')
      .map((request) => request.body as { threadId?: string; threadKey?: string });
    assert.equal(first.threadId, undefined);
    assert.match(second.threadId ?? '', /^thread_/);
    assert.match(second.threadKey ?? '', /^tk_/);
    assert.equal(await reloaded.locator('.turn-notice:visible').count(), 0, 'the thread was still known: no new thread was needed');
  });

  it('runs nothing from a hostile answer', async () => {
    ui.emulator.config.answerOverride = [
      'Hostile answer.',
      '',
      '<script>window.parent.__pwned = "script"; document.title = "pwned";</script>',
      '',
      '<img src="x" onerror="document.title = \'pwned by img\'">',
      '',
      "[click me](javascript:document.title='pwned by link')",
      '',
      '[run a command](command:workbench.action.terminal.new)',
      '',
      '<a href="javascript:alert(1)">raw anchor</a>',
      '',
      'End of answer.',
      '',
    ].join('\n');
    const ready = await chatReady(ui.emulator);
    const { bench } = ready;
    const { chat, page } = { chat: ready.chat, page: bench.page };
    await askInView(chat, 'Say something hostile');
    await lastTurnDone(chat);
    const answer = chat.locator('.turn .answer').last();
    assert.equal(await answer.locator('script, img, iframe, object, embed').count(), 0, 'no raw HTML element was rendered');
    assert.equal(
      await answer.locator('a[href], a[data-href^="javascript:"], a[data-href^="command:"]').count(),
      0,
      'no unsafe link was rendered',
    );
    assert.match(await answer.innerText(), /<script>window\.parent\.__pwned/, 'the raw HTML shows as text');
    assert.equal(await chat.evaluate('document.title'), 'Docs Assistant');
    assert.equal(await chat.evaluate('window.__pwned'), undefined);
    await answer.getByText('click me').click();
    await answer.getByText('run a command').click();
    // Both clicks were taken: what they must not run leaves nothing to wait for, hence a time.
    await page.waitForTimeout(500);
    assert.equal(await chat.evaluate('document.title'), 'Docs Assistant');
    assert.equal(await page.locator('.terminal-outer-container, .xterm').count(), 0, 'no terminal was opened by the command link');
    await screenshot(page, 'chat-hostile-answer');
  });
});

// A flood (issue 48): an answer arriving faster than a frame can draw it, as from a cache or a fast
// model. The view draws it in slices and takes a key and a click between them. In the newest
// release; the benchmark measures both (docs/performance.md).
describe('the chat during a flood of text, as a user sees it', function () {
  this.timeout(180_000);
  onlyIn('newest', 'the benchmark measures the view in both releases during floods');
  const ui = uiSuite({ searchDelayMs: 0 });

  it('shows each key typed and stops when Stop is clicked, while 2 MB pours in', async () => {
    const answer = sectionsAnswer(2 * 1024 * 1024);
    // 200 KB a second, in 10,000 deltas: twenty times what the view draws from a model.
    Object.assign(ui.emulator.config, { answerOverride: answer, answerDeltas: 10_000, deltaDelayMs: 1 });
    const { bench, chat } = await chatReady(ui.emulator, { viewport: { width: 1400, height: 900 } });
    await askInView(chat, 'Tell me everything');
    const turn = chat.locator('.turn').last();
    await turn.locator('.answer h2').first().waitFor();
    // The focus is still in the box: keys go where a reader types.
    await bench.page.keyboard.type('Next question');
    // Read together, in one task of the view: the keys were shown while the answer still streamed.
    const typed = await chat.evaluate<{ value: string; status: string }>(
      "({ value: document.querySelector('textarea.question-input').value, status: document.querySelector('.turn:last-child').dataset.status })",
    );
    assert.deepEqual(typed, { value: 'Next question', status: 'streaming' }, 'every key shown while the answer streams');
    await screenshot(bench.page, 'chat-flood-typing');
    await chat.locator('button.stop').click();
    // Stopped by the extension, a round trip through a host that the flood keeps busy: 0.2-0.5 s
    // here, over 5 s once beside another VS Code's suite. How fast is the benchmark's to say.
    await turn.and(chat.locator('[data-status="stopped"]')).waitFor({ timeout: 30_000 });
    await turn.locator('.md-blocks:not([data-catching-up])').waitFor({ timeout: 30_000 });
    const shown = await turn.locator('.answer h2').count();
    const sent = (answer.match(/^## /gm) ?? []).length;
    assert.ok(shown > 0 && shown < sent, `what arrived before Stop is kept (${shown} of ${sent} sections), and no more comes`);
    // Stopped and caught up: a section not drawn leaves nothing to wait for, hence a time.
    await bench.page.waitForTimeout(1_000);
    assert.equal(await turn.locator('.answer h2').count(), shown, 'nothing more is drawn after Stop');
    assert.equal(await turn.locator('.stopped-note').innerText(), 'Stopped.');
    assert.equal(await chat.locator('textarea.question-input').inputValue(), 'Next question', 'the draft typed during the flood is kept');
    await screenshot(bench.page, 'chat-flood-stopped');
  });
});
