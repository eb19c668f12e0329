// The platform's components in VS Code's Markdown preview: the fixture page uses every one, and its
// HTML is checked as the preview would get it (markdown-it with raw HTML on, as VS Code sets it).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import { mdxPlugin } from '../../../../src/pages/preview/mdxPlugin';
import { assertProportional } from '../../workTime';

/** A page of the emulator's documentation that uses every component. */
const fixture = fs.readFileSync(
  path.join(__dirname, '..', '..', '..', '..', '..', 'test', 'emulator', 'docs', 'reference', 'components.mdx'),
  'utf8',
);
const page = { currentDocument: { scheme: 'docs-assistant', path: '/reference/components.md' } };

function render(text: string, env: object = page): string {
  return withPlugin().render(text, env);
}

function withPlugin(): MarkdownIt {
  return MarkdownIt({ html: true, linkify: true }).use(mdxPlugin, { pageScheme: 'docs-assistant' });
}

/** As VS Code's preview renders a document: parsed with an empty env (and cached), then rendered with the document's. */
function renderAsVsCode(md: MarkdownIt, text: string, documentPath: string, scheme = 'file'): string {
  const tokens = md.parse(text, {});
  return md.renderer.render(tokens, md.options, { currentDocument: { scheme, path: documentPath } });
}

const readmes = path.join(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures', 'readmes');

describe('the components plugin for the Markdown preview', () => {
  const html = render(fixture);

  it('heads the page with its front matter, and hides imports, exports and comments', () => {
    assert.ok(
      html.startsWith(
        '<header class="mdx-page-header"><h1>Page components</h1><p class="mdx-page-description">Every component a page of this site may use, as the site shows it.</p></header>',
      ),
      html.slice(0, 300),
    );
    for (const hidden of ['import {', 'export const', 'Reviewed by the docs team', 'an inline note', '{/*', '---'])
      assert.ok(!html.includes(hidden), `${hidden} is hidden`);
  });

  it('renders each callout as a labelled note, and a colour only when it is one', () => {
    for (const kind of ['note', 'warning', 'info', 'tip', 'check', 'danger'])
      assert.match(html, new RegExp(`<div class="mdx-callout mdx-${kind}" role="note" aria-label="\\w+">`));
    assert.match(
      html,
      /<div class="mdx-callout mdx-note" role="note" aria-label="Note"><p>Notes hold what a reader should not miss\.<\/p>\n<\/div>/,
    );
    assert.match(html, /aria-label="Warning"><p>Never paste a secret into a URL\.<\/p>\n<p>Rotate it if you did\.<\/p>\n<\/div>/);
    assert.match(html, /aria-label="Callout" style="--mdx-accent: #FFC107"><p>A callout of its own colour\.<\/p>/);
    assert.ok(!render('<Note color="red;background:url(https://x)">x</Note>').includes('style'), 'not a colour: no style');
  });

  it('renders cards with their title as a link, in columns, and an image as a link that loads nothing', () => {
    assert.match(
      html,
      /<div class="mdx-columns mdx-cols-2"><div class="mdx-card"><p class="mdx-card-title"><a href="\.\.\/guides\/chat\.md" data-href="\.\.\/guides\/chat\.md">Chatting with the assistant<\/a><\/p><div class="mdx-card-body"><p>Conversations, sources and code blocks\.<\/p>/,
    );
    assert.match(html, /<div class="mdx-card mdx-card-horizontal"><p class="mdx-card-title"><a href="https:\/\/example\.com\/platform"/);
    assert.match(
      html,
      /<p class="mdx-card-image"><a href="https:\/\/example\.com\/diagram\.png"[^>]*>Image: https:\/\/example\.com\/diagram\.png<\/a><\/p>/,
    );
    assert.ok(!/<img[^>]*diagram/.test(html), 'the card image is not loaded');
    assert.match(html, /<div class="mdx-columns mdx-cols-3">/);
  });

  it('numbers steps, shows every tab and titled code, and opens accordions as asked', () => {
    assert.match(
      html,
      /<ol class="mdx-steps"><li class="mdx-step"><p class="mdx-step-title">Install<\/p><div class="mdx-step-body"><p>Run <code>npm install docs-client<\/code>\.<\/p>/,
    );
    assert.match(
      html,
      /<section class="mdx-tab"><p class="mdx-tab-title">npm<\/p><pre><code class="language-bash">npm i docs-client\n<\/code><\/pre>/,
    );
    assert.match(html, /<section class="mdx-tab"><p class="mdx-tab-title">yarn<\/p>/);
    assert.match(
      html,
      /<div class="mdx-code-group"><div class="mdx-code"><p class="mdx-code-title">Install<\/p><pre><code class="language-bash">/,
    );
    assert.match(html, /<p class="mdx-code-title">Use it<\/p><pre><code class="language-ts">/);
    assert.match(
      html,
      /<details class="mdx-accordion" open><summary><span class="mdx-summary-title">Why a limit\?<\/span> <span class="mdx-summary-description">Fair use<\/span><\/summary>/,
    );
    assert.match(
      html,
      /<details class="mdx-accordion"><summary><span class="mdx-summary-title">What happens at the limit\?<\/span><\/summary>/,
    );
    assert.match(html, /<details class="mdx-expandable"><summary><span class="mdx-summary-title">Show details<\/span>/);
  });

  it('renders frames with captions, API fields, examples, updates and tooltips', () => {
    assert.match(html, /<figure class="mdx-frame">[^]*<figcaption>The chat view<\/figcaption><\/figure>/);
    assert.match(
      html,
      /<p class="mdx-field-head"><code class="mdx-field-name">projectId<\/code> <span class="mdx-field-place">path<\/span> <span class="mdx-field-type">string<\/span> <span class="mdx-field-required">required<\/span><\/p>/,
    );
    assert.match(
      html,
      /<code class="mdx-field-name">limit<\/code> <span class="mdx-field-place">query<\/span> <span class="mdx-field-type">number<\/span> <span class="mdx-field-default">default: <code>20<\/code><\/span>/,
    );
    assert.match(html, /<code class="mdx-field-name">status<\/code> <span class="mdx-field-type">string<\/span>/);
    assert.match(html, /<p class="mdx-example-title">Request example<\/p><div class="mdx-code"><p class="mdx-code-title">cURL<\/p>/);
    assert.match(html, /<p class="mdx-example-title">Response example<\/p>/);
    assert.match(
      html,
      /<section class="mdx-update"><p class="mdx-update-label">2024-06-01<\/p><p class="mdx-update-description">v2\.1<\/p>/,
    );
    assert.match(html, /Hover <span class="mdx-tooltip" title="Markdown with components">MDX<\/span> for its meaning\./);
  });

  it("shows an unknown component's content and never its tag", () => {
    assert.match(html, /<p>Content of an unknown component\.<\/p>/);
    assert.ok(!/<\/?Unknown|<\/?Card|<\/?Steps|<\/?Note/.test(html), 'no raw component tag');
  });

  it('makes links to pages open pages, keeps http(s) links, and makes anything else no link', () => {
    assert.match(html, /<a href="\.\.\/guides\/chat\.md" data-href="\.\.\/guides\/chat\.md">the chat guide<\/a>/);
    assert.match(
      html,
      /<a href="\.\.\/configuration\/keys\.md#where-keys-are-stored" data-href="\.\.\/configuration\/keys\.md#where-keys-are-stored">where secrets are kept<\/a>/,
    );
    assert.match(html, /<a href="\.\.\/guides\/pages\.md" data-href="\.\.\/guides\/pages\.md">reading pages<\/a>/);
    assert.match(html, /<a href="https:\/\/example\.com\/" data-href="https:\/\/example\.com\/">the web<\/a>/);
    assert.match(html, /<a class="mdx-inert-link">a command<\/a>/);
    assert.ok(!html.includes('command:'), 'no command link anywhere');
  });

  it('keeps attribute values inert: quotes, tags and script in them stay text', () => {
    const hostile = render(
      '<Card title=\'"><img src=x onerror=alert(1)>\' href="javascript:alert(1)">x</Card>\n\n<Accordion title={"<script>alert(1)</script>"}>y</Accordion>\n\n<Tooltip tip=\'" onmouseover="alert(1)\'>z</Tooltip>',
    );
    assert.ok(!/<img|<script/.test(hostile), hostile);
    assert.ok(
      hostile.includes('<p class="mdx-card-title">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>'),
      'the title is text, and no link',
    );
    assert.ok(hostile.includes('<span class="mdx-summary-title">&lt;script&gt;alert(1)&lt;/script&gt;</span>'));
    assert.ok(hostile.includes('<span class="mdx-tooltip" title="&quot; onmouseover=&quot;alert(1)">'), 'the tip stays in its attribute');
    assert.ok(!hostile.includes('javascript:'), hostile);
  });

  it('leaves a Markdown file that is not a page as markdown-it would show it', () => {
    const md = '<Note>Keys are secret.</Note>\n\n```bash Install\nnpm i\n```\n\n[x](/reference/a)\n';
    const other = render(md, { currentDocument: { scheme: 'file', path: '/work/README.md' } });
    assert.ok(other.includes('&lt;Note&gt;') || other.includes('<Note>'), other);
    assert.ok(!other.includes('mdx-'), other);
    assert.match(other, /<a href="\/reference\/a">x<\/a>/);
    const mdx = render(md, { currentDocument: { scheme: 'file', path: '/work/docs/intro.mdx' } });
    assert.match(mdx, /mdx-callout/, 'a workspace .mdx file is a page');
  });

  it('reads a tag across lines, attributes in either quote, braces, and flags', () => {
    const html = render('<Card\n  title="Two lines"\n  href=\'/a\'\n  horizontal\n>\n  Body.\n</Card>\n');
    assert.match(html, /<div class="mdx-card mdx-card-horizontal"><p class="mdx-card-title"><a href="\.\.\/a\.md"/);
    assert.match(html, /<p>Body\.<\/p>/);
  });

  it('leaves markdown-it able to end a paragraph with a heading, a list, a quote or a fence', () => {
    const html = render('para\n# Heading\n- item\n> quote\n```\ncode\n```\n***\n', { currentDocument: { scheme: 'file', path: '/a.md' } });
    assert.match(
      html,
      /^<p>para<\/p>\n<h1>Heading<\/h1>\n<ul>\n<li>item<\/li>\n<\/ul>\n<blockquote>\n<p>quote<\/p>\n<\/blockquote>\n<pre><code>code\n<\/code><\/pre>\n<hr>/,
    );
    assert.match(render('Intro\nimport x from "y" is a sentence.\n'), /^<p>Intro\nimport x from/, 'an import in a paragraph is text');
  });

  it("shows a page's raw HTML as text but for tags that carry nothing, and its images as links", () => {
    const html = render(
      '<a href="vscode://x.y/ask?q=1">go</a> <img src="https://evil.example/p.png"> a<br>b <b>bold</b>\n\n![Beacon](https://evil.example/b.png)\n\n<iframe src="https://evil.example"></iframe>\n',
    );
    assert.ok(!/<a href="vscode|<img|<iframe/.test(html), html);
    assert.match(html, /&lt;a href=&quot;vscode:\/\/x\.y\/ask\?q=1&quot;&gt;go/);
    assert.match(html, /a<br>b <b>bold<\/b>/);
    assert.match(
      html,
      /<a class="mdx-image-link" href="https:\/\/evil\.example\/b\.png" data-href="https:\/\/evil\.example\/b\.png">Image: Beacon<\/a>/,
    );
    const other = render('A <B>bold</B> word\n', { currentDocument: { scheme: 'file', path: '/README.md' } });
    assert.equal(other, '<p>A <B>bold</B> word</p>\n', 'outside a page, HTML is as markdown-it shows it');
  });

  it('pairs a closing tag only with an opening tag in the same container', () => {
    const html = render('<Note>\n> quoted <Card title="x">\n\n</Card>\n</Note>\n\n<Accordion title="a">\n\ntext </Accordion> more\n');
    const opened = (html.match(/<div\b/g) ?? []).length + (html.match(/<details\b/g) ?? []).length;
    const closed = (html.match(/<\/div>/g) ?? []).length + (html.match(/<\/details>/g) ?? []).length;
    assert.ok(closed <= opened, `no closer without its opener: ${html}`);
    assert.ok(!/<p>text <\/div>/.test(html), html);
  });

  describe('an ordinary Markdown file', () => {
    for (const name of fs.readdirSync(readmes).filter((file) => file.endsWith('.md'))) {
      it(`renders ${name} exactly as VS Code does without the plugin`, () => {
        const text = fs.readFileSync(path.join(readmes, name), 'utf8');
        const plain = MarkdownIt({ html: true, linkify: true });
        const expected = renderAsVsCode(plain, text, `/work/${name}`);
        assert.equal(renderAsVsCode(withPlugin(), text, `/work/${name}`), expected);
        assert.equal(withPlugin().render(text, { currentDocument: { scheme: 'file', path: `/work/${name}` } }), expected);
        assert.equal(withPlugin().render(text), plain.render(text), 'and with no document at all');
      });
    }
  });

  describe('a page as VS Code previews it (parsed without the document, rendered with it)', () => {
    it('renders the components, as a page', () => {
      assert.equal(renderAsVsCode(withPlugin(), fixture, '/reference/components.md', 'docs-assistant'), html);
    });

    it('keeps indented code outside components, as CommonMark does', () => {
      const page = renderAsVsCode(withPlugin(), 'Use it:\n\n    <ThemeProvider theme={dark}>\n\nDone.\n', '/a.mdx');
      assert.match(page, /<pre><code>&lt;ThemeProvider theme=\{dark\}&gt;\n<\/code><\/pre>/);
    });

    it('reads indented code as code after a component that is never closed', () => {
      const page = renderAsVsCode(withPlugin(), '<Provider store={store}>\n\nText.\n\n    const store = createStore();\n', '/a.mdx');
      assert.match(page, /<pre><code>const store = createStore\(\);\n<\/code><\/pre>/);
    });

    it('still reads an indented block inside a closed component as if at the margin', () => {
      const page = renderAsVsCode(withPlugin(), '<Note>\n    - an item\n</Note>\n', '/a.mdx');
      assert.match(page, /<ul>\n<li>an item<\/li>\n<\/ul>/);
    });
  });

  describe('takes time in proportion to the page: eight times the page, at most about eight times the time', () => {
    const shapes: Record<string, (lines: number) => string> = {
      'a comment a line': (lines) => '{/* c */}\n'.repeat(lines),
      'import paragraphs': (lines) => 'import a from "b"\n\n'.repeat(lines / 2),
      'a comment closed once, at the end': (lines) => '{/* c\n'.repeat(lines) + '*/} and text after it\n',
    };
    for (const [shape, text] of Object.entries(shapes)) {
      it(shape, async function () {
        this.timeout(60_000);
        // Linear work grows eight times; the quadratic rules this replaces, sixty-four times.
        await assertProportional(shape, (lines) => renderAsVsCode(withPlugin(), text(lines), '/a.mdx'), 2_500);
      });
    }
  });

  describe('takes time in proportion to the page, whatever it holds', () => {
    // Each shape with the size at which its smaller input takes some tens of milliseconds: enough to
    // tell eight times the work from sixty-four, and no more (attributes never closed took 24 s of CPU
    // at 10,000 lines, and over the minute of its timeout beside the Chromium suite and a busy core).
    const hostile: Record<string, [(size: number) => string, number]> = {
      'components never closed': [(size) => '<Note>\n\n'.repeat(size / 2) + '</Tip>'.repeat(size / 2), 5_000],
      'comments never closed, a line each': [(size) => '{/*\n'.repeat(size), 5_000],
      'comments never closed, inline': [(size) => 'a {/* '.repeat(size), 5_000],
      'attributes never closed': [(size) => '<A a={\n'.repeat(size), 1_000],
      'a heading of spaces': [(size) => `# a${' '.repeat(size)}x\n`, 5_000],
    };
    // One test a shape, each with its own time: on a busy machine all five took most of a minute.
    for (const [shape, [text, size]] of Object.entries(hostile))
      it(shape, async function () {
        this.timeout(60_000);
        await assertProportional(shape, (lines) => render(text(lines)), size);
      });
  });
});
