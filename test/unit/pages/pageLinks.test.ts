// Where a link in a page leads (a table of link forms and their targets), where the preview sends
// it, and where an editor's `#anchor` lands.

import * as assert from 'node:assert/strict';
import { headingLine, headingSlug } from '../../../src/pages/headings';
import { linkSpans } from '../../../src/pages/linkSpans';
import { pageLink, relativeDocumentHref } from '../../../src/pages/pageLinks';
import { assertProportional } from '../workTime';

describe('links between pages', () => {
  it('resolves each form of link as the site would, from the page guides/chat', () => {
    const table: [string, unknown][] = [
      ['/reference/retry-policy', { kind: 'page', path: 'reference/retry-policy' }],
      ['reference/retry-policy', { kind: 'page', path: 'guides/reference/retry-policy' }],
      ['threads', { kind: 'page', path: 'guides/threads' }],
      ['../reference/limits#per-hour', { kind: 'page', path: 'reference/limits', anchor: 'per-hour' }],
      ['./threads.md', { kind: 'page', path: 'guides/threads' }],
      ['/reference/limits.mdx#per%20hour', { kind: 'page', path: 'reference/limits', anchor: 'per hour' }],
      ['/guides/chat/', { kind: 'page', path: 'guides/chat' }],
      ['#threads', { kind: 'page', path: 'guides/chat', anchor: 'threads' }],
      ['/caf%C3%A9?x=1', { kind: 'page', path: 'café' }],
      ['https://example.com/a?b#c', { kind: 'web', url: 'https://example.com/a?b#c' }],
      ['HTTP://Example.com', { kind: 'web', url: 'http://example.com/' }],
      ['command:workbench.action.quit', { kind: 'inert', reason: 'only http and https links are opened' }],
      ['javascript:alert(1)', { kind: 'inert', reason: 'only http and https links are opened' }],
      ['vscode://file/etc/passwd', { kind: 'inert', reason: 'only http and https links are opened' }],
      ['//evil.example/x', { kind: 'inert', reason: 'a link to another host must say https://' }],
      ['../../../..', { kind: 'inert', reason: 'it names no page' }],
    ];
    for (const [href, expected] of table) assert.deepEqual(pageLink(href, 'guides/chat'), expected, href);
  });

  it('writes a page link relative to the page document, as the preview resolves it', () => {
    assert.equal(relativeDocumentHref({ path: 'reference/retry-policy' }, 'guides/chat'), '../reference/retry-policy.md');
    assert.equal(relativeDocumentHref({ path: 'guides/threads', anchor: 'keys' }, 'guides/chat'), './threads.md#keys');
    assert.equal(relativeDocumentHref({ path: 'index' }, 'a/b/c'), '../../index.md');
    assert.equal(relativeDocumentHref({ path: 'a/b/c' }, 'index'), './a/b/c.md');
    assert.equal(relativeDocumentHref({ path: 'a b/ü' }, 'x'), './a%20b/%C3%BC.md');
  });

  it('finds links in a page, outside code, with where their target is', () => {
    const text = [
      'See [the policy](/reference/retry-policy "Retry") and <https://example.com>.',
      '```md',
      '[not a link](/ignored)',
      '```',
      '<Card title="x" href="/cards/one">y</Card>',
      '[ref]: ../limits#per-hour',
    ].join('\n');
    const spans = linkSpans(text);
    assert.deepEqual(
      spans.map((span) => span.href),
      ['/reference/retry-policy', 'https://example.com', '/cards/one', '../limits#per-hour'],
    );
    for (const span of spans) assert.equal(text.slice(span.start, span.end), span.href);
  });

  it("finds the heading an anchor names, as VS Code's preview makes their ids", () => {
    assert.equal(headingSlug('Retry `policy`: per hour!'), 'retry-policy-per-hour');
    const page = '# Chat\n\n```md\n## Threads\n```\n\n## Threads and keys\n\n## Threads\n';
    assert.equal(headingLine(page, 'threads'), 8, 'not the one in code');
    assert.equal(headingLine(page, 'Threads-and-keys'), 6);
    assert.equal(headingLine(page, 'nothing'), undefined);
    assert.equal(headingLine('## Limits ##\n', 'limits'), 0);
  });

  it('finds a heading in time in proportion to the page: no backtracking blow-up', async function () {
    this.timeout(60_000);
    await assertProportional(
      'a long heading line',
      (size) => headingLine(`# a${' '.repeat(size)}x\n# ${'<'.repeat(size)}\n`, 'nothing'),
      50_000,
    );
  });

  it('takes time in proportion to the text, whatever the page holds', async function () {
    this.timeout(60_000);
    await assertProportional(
      'links and attributes never closed',
      (size) => linkSpans(`${'[a]('.repeat(size)}${'href="'.repeat(size)}\n`.repeat(5)),
      10_000,
    );
  });
});
