import * as assert from 'node:assert/strict';
import { loadWebviewModule } from '../webviewModule';

const { isSafeLink, renderMarkdown } = loadWebviewModule<{
  isSafeLink: (url: string) => boolean;
  renderMarkdown: (text: string) => string;
}>('src/webview/markdown.ts');

describe('answer markdown', () => {
  it('shows raw HTML as text, never as elements', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\ntext <b>bold</b>');
    assert.ok(!/<script|<img|<b>/.test(html), html);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  });

  it('keeps http(s) and relative links, with no live href, and drops every other scheme', () => {
    const html = renderMarkdown(
      '[a](https://docs.example/a) [b](/guides/chat) [c](javascript:alert(1)) [d](command:workbench.action.terminal.new) [e](data:text/html,x) [f](vscode://x) [g](JAVASCRIPT:alert(1)) [h](mailto:a@b.example)',
    );
    assert.match(html, /<a data-href="https:\/\/docs\.example\/a"/);
    assert.match(html, /<a data-href="\/guides\/chat"/);
    assert.equal((html.match(/<a /g) ?? []).length, 2, html);
    assert.ok(!/\shref=/.test(html), 'no link the webview host would open by itself');
    for (const url of ['javascript:x', 'command:x', 'data:x', 'vscode://x', '//evil.example/x', 'file:///etc/passwd'])
      assert.equal(isSafeLink(url), false, url);
    for (const url of ['https://x.example', 'http://x.example', 'guides/chat', '/guides/chat', '#top', '?q=1'])
      assert.equal(isSafeLink(url), true, url);
  });

  it("shows a link's target where its words name another address, and no character that reorders them (issue 40, item 4)", () => {
    const html = renderMarkdown(
      '[https://bank.example/login](https://evil.example/login) [docs.acme.example](https://docs.acme.example/a) [\u202Egnp.exe tahw](https://x.example) [www.bank.example][r] <https://ok.example/p>\n\n[r]: https://evil.example/r',
    );
    const words = [...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);
    assert.deepEqual(words, [
      'https://evil.example/login',
      'docs.acme.example',
      'gnp.exe tahw',
      'https://evil.example/r',
      'https://ok.example/p',
    ]);
  });

  it('highlights code and gives every code block Copy and Insert at Cursor', () => {
    const html = renderMarkdown('```ts\nconst x: number = 1;\n```\n');
    assert.match(
      html,
      /<div class="code-block" role="group" aria-label="ts code"><div class="code-toolbar"><span class="code-language">ts<\/span>/,
    );
    assert.match(html, /<pre tabindex="0"><code class="language-ts">/, 'the code scrolls sideways by keyboard too');
    assert.match(html, /data-action="copy"/);
    assert.match(html, /data-action="insert"/);
    assert.match(html, /<span class="hljs-keyword">const<\/span>/);
  });
});

describe('answer markdown: long code', () => {
  const { chunkedCode } = loadWebviewModule<{
    chunkedCode: (code: string, language: string, highlight: (code: string) => { html: string; atTopLevel: boolean }) => string;
  }>('src/webview/codeChunks.ts');
  // highlight.js, as the webview bundles it (its types would bring the DOM's into the Node build).
  const hljs = loadWebviewModule<{ highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string } }>(
    'node_modules/highlight.js/lib/common.js',
  );
  // A comment and a template string run across the first two places a cut is tried (after 40 and 80 lines).
  const special: Record<number, string> = { 39: '/* a comment', 40: '   over lines */', 79: 'const s = `a', 80: 'b`;' };
  const code = Array.from({ length: 200 }, (_, i) => special[i] ?? `const line${i} = ${i};`).join('\n');

  /** The HTML inside each chunk's element. */
  function chunksOf(html: string): string[] {
    const inner = /<code[^>]*>([^]*)<\/code>/.exec(html)?.[1] ?? '';
    return inner
      .split(/<span class="code-chunk" data-key="\d+">/)
      .slice(1)
      .map((chunk) => chunk.replace(/<\/span>$/, ''));
  }

  it('is cut into chunks only where highlighting starts afresh: together they are highlighted as the whole block', () => {
    const chunks = chunksOf(renderMarkdown(`\`\`\`ts\n${code}\n\`\`\`\n`));
    assert.equal(chunks.length, 3, 'cut after 120 and 160 lines');
    assert.equal(chunks.join(''), hljs.highlight(`${code}\n`, { language: 'ts', ignoreIllegals: true }).value);
  });

  it('is left whole after a few tries to cut it fail, as in a comment that never ends, highlighting it a few times only', () => {
    const endless = `/* never closed\n${'more of the comment\n'.repeat(400)}`;
    let highlighted = 0;
    const html = chunkedCode(endless, 'ts', (text) => {
      highlighted++;
      return { html: text, atTopLevel: false };
    });
    assert.equal(html, endless, 'one run, no chunks');
    // Four tries, each from the block's start, and the whole: not one for every 40 of its 401 lines.
    assert.equal(highlighted, 5);
  });

  it('is cut the same way however much of it has arrived, and short code is not cut', () => {
    const whole = chunksOf(renderMarkdown(`\`\`\`ts\n${code}\n\`\`\`\n`));
    const open = chunksOf(renderMarkdown(`\`\`\`ts\n${code.split('\n').slice(0, 150).join('\n')}`));
    assert.equal(open.length, 2);
    assert.equal(open[0], whole[0]);
    assert.equal(chunksOf(renderMarkdown('```ts\nconst a = 1;\n```\n')).length, 0);
    assert.equal(chunksOf(renderMarkdown(`\`\`\`\n${code}\n\`\`\`\n`)).length, 5, 'code in no known language: every 40 lines');
  });
});

describe('answer markdown: suggestions and images', () => {
  it('renders a suggestions block as links to pages, not as code, dropping lines that do not parse', () => {
    const html = renderMarkdown(
      'Answer.\n\n```suggestions\n(Getting started)[/getting-started]\nnot a suggestion\n(Evil)[javascript:alert(1)]\n(Keys)[/configuration/keys]\n```\n',
    );
    assert.ok(!/code-block|<pre|data-action/.test(html), html);
    assert.match(html, /<nav class="suggestions" aria-label="Suggested pages"><h3 class="suggestions-title">Suggested pages<\/h3>/);
    assert.match(html, /<a data-href="\/getting-started"[^>]*>Getting started<\/a>/);
    assert.match(html, /<a data-href="\/configuration\/keys"[^>]*>Keys<\/a>/);
    assert.ok(!/not a suggestion|Evil|javascript/.test(html), html);
  });

  it('never loads an image: it becomes a link to it, and an unsafe one plain text', () => {
    const html = renderMarkdown('![diagram](https://evil.example/x.png?code=secret) ![x](javascript:alert(1))');
    assert.ok(!/<img/.test(html), html);
    assert.match(html, /<a data-href="https:\/\/evil\.example\/x\.png\?code=secret"[^>]*class="image-link">Image: diagram<\/a>/);
  });
});
