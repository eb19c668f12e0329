// Accessibility of the chat view and of pages in the Markdown preview, checked by axe-core (the
// engine behind browsers' audits) against WCAG 2.0, 2.1 and 2.2, levels A and AA: every state of
// the chat view, dressed in the variables VS Code gives a webview of a theme (test/fixtures/themes/,
// from `npm run themes`), and the preview's components in a light and a high-contrast theme. Zero
// violations; each rule's result is printed. A theme changes colours only, not what is on the page:
// every rule runs in one theme, and the colour rules in each of VS Code's four default themes.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Browser, Page } from 'playwright-core';
import { mdxPlugin } from '../../src/pages/preview/mdxPlugin';
import { type ThemeName, THEMES } from '../runner/captureThemes';
import { launchChromium, REPO_ROOT } from '../runner/workbench';
import { dress } from './accessibilityTheme';
import { openChatView, postToView } from './chatView';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeResult {
  readonly id: string;
  readonly impact?: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[]; readonly failureSummary?: string }[];
}
interface AxeResults {
  readonly violations: readonly AxeResult[];
  readonly passes: readonly AxeResult[];
  readonly incomplete: readonly AxeResult[];
}

/** The WCAG A and AA rules whose result depends on colours: the ones a theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core over the page, every WCAG A and AA rule or only the colour rules; the results by rule. */
async function audit(page: Page, rules: 'every rule' | 'colour rules'): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const runOnly = rules === 'every rule' ? { type: 'tag', values: WCAG } : { type: 'rule', values: COLOUR_RULES };
  return page.evaluate(
    (only) =>
      (globalThis as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResults> } }).axe.run(
        (globalThis as unknown as { document: unknown }).document,
        { runOnly: only, resultTypes: ['violations', 'passes', 'incomplete'] },
      ),
    runOnly,
  );
}

/** Every rule that applied, by name, and what it found: printed, so a reader sees what was checked. */
function report(where: string, results: AxeResults, seen: Map<string, string>): string[] {
  for (const rule of results.passes) if (!seen.has(rule.id)) seen.set(rule.id, 'passed');
  for (const rule of results.incomplete) if (seen.get(rule.id) !== 'violated') seen.set(rule.id, seen.get(rule.id) ?? 'needs review');
  for (const rule of results.violations) seen.set(rule.id, 'violated');
  return results.violations.map(
    (rule) =>
      `${where}: ${rule.id} (${rule.impact ?? 'unknown'}): ${rule.help}\n${rule.nodes
        .slice(0, 3)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n')}`,
  );
}

const ANSWER = [
  'Rotate a key from the dashboard: create the new key, then [revoke the old one](/configuration/keys#rotating).',
  '',
  '```ts',
  'const client = new DocsClient({ key: process.env.DOCS_KEY, retries: 3 });',
  '```',
  '',
  '- Keys are stored in [secret storage](https://example.com/secrets).',
  '- Each key has a `svc_` prefix.',
  '',
  '| key | where |',
  '|---|---|',
  '| assistant | chat |',
  '',
  '```suggestions',
  '(Keys)[/configuration/keys]',
  '(Rate limits)[/guides/rate-limits]',
  '```',
  '',
].join('\n');

const SOURCES = [
  { url: '/configuration/keys', title: 'Keys and secrets' },
  { url: '/guides/chat', title: 'Chatting with the assistant' },
  { url: 'https://example.com/platform', title: 'The platform' },
];

/** The chat view's states, each as the messages that bring it about in a fresh view. */
const STATES: Record<string, readonly object[]> = {
  'empty, with its welcome': [],
  'not set up': [
    {
      type: 'setup',
      setup: {
        kind: 'needs',
        title: 'Set the assistant key',
        message: 'Set the assistant key for https://api.example.com.',
        actions: ['setAssistantKey', 'configure'],
      },
    },
  ],
  'a question with a selection chip': [
    { type: 'context', context: { label: 'src/app.ts:12-30', note: 'Trimmed to the first 20,000 of 25,000 characters.' } },
  ],
  searching: [
    {
      type: 'turnStarted',
      turn: {
        id: 's',
        question: 'How do I rotate keys?',
        answer: '',
        sources: [],
        status: 'streaming',
        context: { label: 'src/app.ts:1-3' },
      },
    },
    { type: 'activity', turnId: 's', activity: { kind: 'searching', query: 'rotate keys', found: 3 } },
  ],
  streaming: [
    { type: 'turnStarted', turn: { id: 's', question: 'How do I rotate keys?', answer: '', sources: [], status: 'streaming' } },
    { type: 'delta', turnId: 's', text: ANSWER.slice(0, 180) },
    { type: 'sources', turnId: 's', sources: SOURCES },
  ],
  'an answer with code, sources and suggestions': [
    { type: 'turnEnded', turn: { id: 'd', question: 'How do I rotate keys?', answer: ANSWER, sources: SOURCES, status: 'done' } },
  ],
  'a stopped answer': [
    { type: 'turnEnded', turn: { id: 'x', question: 'Tell me everything', answer: ANSWER.slice(0, 120), sources: [], status: 'stopped' } },
  ],
  'an error': [
    {
      type: 'turnEnded',
      turn: {
        id: 'e',
        question: 'Anything?',
        answer: '',
        sources: [],
        status: 'failed',
        error: { kind: 'unauthorized', message: 'The platform did not accept the assistant key. Set it again.', fix: 'setAssistantKey' },
      },
    },
  ],
  'a rate-limit countdown': [
    { type: 'turnStarted', turn: { id: 'w', question: 'Anything?', answer: '', sources: [], status: 'streaming' } },
    { type: 'activity', turnId: 'w', activity: { kind: 'waiting', reason: 'rateLimit', waitMs: 30_000 } },
  ],
  'a restored long conversation': [
    {
      type: 'conversation',
      answering: false,
      turns: Array.from({ length: 40 }, (_, i) => ({
        id: `r${i}`,
        question: `Question ${i}`,
        answer: ANSWER,
        sources: SOURCES,
        status: 'done',
        ...(i < 10 ? { earlier: 'https://old.example.com · acme' } : {}),
      })),
    },
  ],
};

/** What shows once the states drawn after a pause are drawn: a streaming answer's next draw, older turns' slices. */
const DRAWN_WHEN: Partial<Record<keyof typeof STATES, string>> = {
  streaming: `document.querySelector('[aria-label="Answer"]').textContent !== ''`,
  'a restored long conversation': `document.querySelectorAll('.turn').length === 40`,
};

describe('accessibility, checked by axe-core (WCAG 2.0, 2.1, 2.2, A and AA)', function () {
  this.timeout(300_000);
  let browser: Browser;
  const seen = new Map<string, string>();

  before(async () => (browser = await launchChromium()));
  after(async () => {
    const lines = [...seen].sort(([a], [b]) => a.localeCompare(b)).map(([rule, result]) => `      ${rule}: ${result}`);
    console.log(`    axe-core rules that applied (${seen.size}):\n${lines.join('\n')}`);
    await browser?.close();
  });

  for (const [state, messages] of Object.entries(STATES)) {
    it(`the chat view ${state} has no violation, and none of colour in any default theme`, async () => {
      const page = await openChatView(browser);
      try {
        for (const message of messages) await postToView(page, message);
        if (DRAWN_WHEN[state]) await page.waitForFunction(DRAWN_WHEN[state]);
        const violations: string[] = [];
        for (const [index, name] of (Object.keys(THEMES) as ThemeName[]).entries()) {
          await dress(page, name);
          const results = await audit(page, index === 0 ? 'every rule' : 'colour rules');
          violations.push(...report(`${THEMES[name]}`, results, seen));
        }
        assert.deepEqual(violations, [], violations.join('\n'));
      } finally {
        await page.close();
      }
    });
  }

  for (const name of ['light', 'highContrast'] as const) {
    it(`a page's components in the Markdown preview have no violation, in ${THEMES[name]}`, async () => {
      const source = fs.readFileSync(path.join(REPO_ROOT, 'test', 'emulator', 'docs', 'reference', 'components.mdx'), 'utf8');
      const html = MarkdownIt({ html: true })
        .use(mdxPlugin, { pageScheme: 'docs-assistant' })
        .render(source, { currentDocument: { scheme: 'docs-assistant', path: '/reference/components.md' } });
      const css = fs.readFileSync(path.join(REPO_ROOT, 'media', 'preview.css'), 'utf8');
      const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
      try {
        await page.setContent(
          `<!DOCTYPE html><html lang="en"><head><title>Page components</title><style>${PREVIEW_BASE}${css}</style></head><body><main>${html}</main></body></html>`,
        );
        await dress(page, name);
        const violations = report('preview', await audit(page, 'every rule'), seen);
        assert.deepEqual(violations, [], violations.join('\n'));
      } finally {
        await page.close();
      }
    });
  }
});

/** What VS Code's own preview styles set, that the components' styles build on: its text and link colours. */
const PREVIEW_BASE = `
body { color: var(--vscode-editor-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-markdown-font-family, system-ui); font-size: 14px; line-height: 1.6; padding: 0 26px; }
a { color: var(--vscode-textLink-foreground); }
code { color: var(--vscode-textPreformat-foreground); background: var(--vscode-textPreformat-background); }
`;
