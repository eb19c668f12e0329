// The chat view in the user's language, in Chromium (issue 43; moved here from the workbench by
// issue 57): given VS Code's pseudo-language bundle, as the extension puts it in the page
// (webviewHtml), no word of the view's own is left outside it, in any state; given the Japanese
// bundle that ships, the view speaks Japanese. The words from outside (a question, an answer, its
// sources) are the platform's and are not looked at.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PSEUDO, untranslated } from './pseudoLanguage';
import { launchChromium, REPO_ROOT } from '../runner/workbench';
import { openChatView, postToView } from './chatView';

const SOURCES = [{ url: '/guides/chat', title: 'Chatting with the assistant' }];
const ANSWER = 'Rotate a key from the dashboard.\n\n```ts\nconst key = rotate();\n```\n';

/** The states whose every word is the view's own, each as the messages that bring it about. */
const STATES: Record<string, readonly object[]> = {
  empty: [],
  searching: [
    { type: 'turnStarted', turn: { id: 's', question: 'q', answer: '', sources: [], status: 'streaming', context: { label: 'a.ts:1' } } },
    { type: 'activity', turnId: 's', activity: { kind: 'searching', query: 'keys', found: 3 } },
  ],
  answering: [
    { type: 'turnStarted', turn: { id: 's', question: 'q', answer: '', sources: [], status: 'streaming' } },
    { type: 'delta', turnId: 's', text: 'Rotate' },
  ],
  'an answer with code and sources': [
    {
      type: 'turnEnded',
      turn: {
        id: 'd',
        question: 'q',
        answer: ANSWER,
        sources: [...SOURCES, ...SOURCES, ...SOURCES, ...SOURCES, ...SOURCES, ...SOURCES],
        status: 'done',
      },
    },
  ],
  stopped: [{ type: 'turnEnded', turn: { id: 'x', question: 'q', answer: 'Rot', sources: [], status: 'stopped' } }],
  'a countdown': [
    { type: 'turnStarted', turn: { id: 'w', question: 'q', answer: '', sources: [], status: 'streaming' } },
    { type: 'activity', turnId: 'w', activity: { kind: 'waiting', reason: 'rateLimit', waitMs: 30_000 } },
  ],
  'a failed turn': [
    {
      type: 'turnEnded',
      turn: { id: 'e', question: 'q', answer: '', sources: [], status: 'failed', error: { kind: 'network', message: '' } },
    },
  ],
};

/** Everything a person sees or hears of the view but the platform's words (questions, answers, sources, chips). */
function viewWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    interface Node_ {
      readonly textContent: string | null;
      cloneNode(deep: boolean): Node_;
      querySelectorAll(selector: string): ArrayLike<Node_ & { remove(): void; getAttribute(name: string): string | null }>;
    }
    const body = (globalThis as unknown as { document: { body: Node_ } }).document.body;
    const copy = body.cloneNode(true);
    for (const data of Array.from(copy.querySelectorAll('.answer, .question-text, .source-list, .context-label, script, style')))
      data.remove();
    const attributes = Array.from(copy.querySelectorAll('[placeholder], [aria-label], [title]')).flatMap((node) =>
      ['placeholder', 'aria-label', 'title'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [copy.textContent ?? '', ...attributes].join('\n');
  });
}

describe('the chat view in the user’s language, in Chromium', function () {
  this.timeout(120_000);
  let browser: Browser;
  let pseudo: Record<string, string>;

  before(async () => {
    browser = await launchChromium();
    // The tool writes beside the bundle it reads: a copy, in a folder of the test's own.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-pseudo-'));
    try {
      const bundle = path.join(folder, 'bundle.l10n.json');
      fs.copyFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.json'), bundle);
      execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'vscode-l10n-dev'), ['generate-pseudo', '-o', folder, bundle]);
      pseudo = JSON.parse(fs.readFileSync(path.join(folder, `bundle.l10n.${PSEUDO}.json`), 'utf8')) as Record<string, string>;
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
  after(async () => browser?.close());

  it('says every word of its own through the l10n bundle, in every state (VS Code’s pseudo-language)', async () => {
    const found: string[] = [];
    for (const [state, messages] of Object.entries(STATES)) {
      const page = await openChatView(browser, { language: 'en', bundle: pseudo });
      try {
        for (const message of messages) await postToView(page, message);
        // The query and the answer's first words, which the view quotes in its sentences, are the platform's.
        const words = untranslated(await viewWords(page), [/\bkeys\b/g, /Rotate a key from the dashboard\.?/g]);
        if (words.length > 0) found.push(`${state}: ${words.join(', ')}`);
      } finally {
        await page.close();
      }
    }
    assert.deepEqual(found, [], 'words outside the bundle');
  });

  it('speaks Japanese with the bundle that ships', async () => {
    const ja = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<string, string>;
    const page = await openChatView(browser, { language: 'ja', bundle: ja });
    try {
      await postToView(page, { type: 'turnEnded', turn: { id: 'd', question: 'q', answer: ANSWER, sources: SOURCES, status: 'done' } });
      const japanese = /[\u3040-\u30ff\u4e00-\u9faf]/;
      assert.match((await page.locator('textarea.question-input').getAttribute('placeholder')) ?? '', japanese);
      assert.match(await page.locator('.sources-title').innerText(), japanese);
    } finally {
      await page.close();
    }
  });
});
