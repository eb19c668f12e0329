// What VS Code's Chat view makes of an answer's parts, read by two Markdown renderers: marked, the
// one VS Code's view uses, with GitHub's extensions, and markdown-it, the CommonMark reference's
// kin. Whatever the answer holds, however it is cut into deltas, the only links are http(s) (or
// mail addresses GitHub's Markdown links by itself) and the anchors the view makes of pages.

import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { type AnswerPart, AnswerParts } from '../../../src/chatParticipant/answerParts';
import { anchorTitle } from '../../../src/chatParticipant/safeMarkdown';

/** The Markdown VS Code's view renders: the parts joined, an anchor as a link to its own scheme. */
function viewMarkdown(deltas: readonly string[]): string {
  let markdown = '';
  let anchors = 0;
  const answer = new AnswerParts((part: AnswerPart) => {
    markdown += part.kind === 'markdown' ? part.text : `[${anchorTitle(part.title)}](http://_vscodecontentref_/${anchors++})`;
  });
  for (const delta of deltas) answer.push(delta);
  answer.end();
  return markdown;
}

const markdownIt = MarkdownIt({ html: true, linkify: true });
const RENDERERS: [string, (markdown: string) => string][] = [
  ['marked', (markdown) => marked.parse(markdown, { gfm: true, async: false })],
  ['markdown-it', (markdown) => markdownIt.render(markdown)],
];

const ALLOWED = /^(https?:\/\/|mailto:)/i;

/** Every link and image the renderers make of the answer that is not allowed. */
function unsafe(answer: string, deltas: readonly string[] = [answer]): string[] {
  const markdown = viewMarkdown(deltas);
  const found: string[] = [];
  for (const [name, render] of RENDERERS) {
    const html = render(markdown);
    for (const [, href] of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) if (!ALLOWED.test(href)) found.push(`${name}: link to ${href}`);
    for (const [image] of html.matchAll(/<img\b[^>]*>/g)) found.push(`${name}: ${image}`);
    for (const [tag] of html.matchAll(
      /<(?!\/?(p|a|em|strong|code|pre|ul|ol|li|h\d|blockquote|hr|br|table|thead|tbody|tr|th|td|del|s|input)\b)[a-z][^>]*>/gi,
    ))
      found.push(`${name}: ${tag}`);
  }
  return found.map((finding) => `${finding}\n  from ${JSON.stringify(answer)}\n  as ${JSON.stringify(markdown)}`);
}

describe('an answer in VS Code’s Chat view, as its renderer reads it', () => {
  it('links only to the web, whatever a hostile answer tries', () => {
    const attacks = [
      '[a](<https://x) [b](file:///etc/passwd) ![i](https://evil/t.png>)',
      '[\\[x\\](file:///etc/passwd)](foo:bar)',
      '[`](https://x)`[y](file:///z)`',
      '[r]: https://ok [x](file:///etc/passwd) ![i](https://evil/t.png)',
      '- item\n\n  ```\n[x](file:///etc/passwd)\n',
      '```\ncode\n```~\n[x](file:///etc/passwd)\n```\n[y](vscode://vscode.git/clone?url=https://evil)\n',
      '```\ncode\n```\t\n[x](file:///etc/passwd)\n```\n[y](file:///etc/shadow)\n```\n',
      '`\r\r[x](file:///etc/passwd)\r\r`',
      '| a | b |\n|---|---|\n| `x|[y](file:///etc/passwd)` | c |\n',
      '| a | b |\n|---|---|\n| `x|<file:///etc/passwd>` | c |\n',
      '<https://a\u0001[b](file:///x)>',
      '[x\\](file:///etc/passwd) \\[y](/guides/chat)',
      '[x](/guides/chat "t") and [Setup](vscode://vscode.git/clone?url=https://evil) <vscode://x> <mailto:a@b.c>',
      '~~~ <script>\n[x](file:///a)\n~~~\n',
      '> ```\n> [x](file:///a)\n> ```\n',
      'a\\\n```\n[x](file:///a)\n```\n',
      '[a](https://x/?q=\\) [b](file:///c)',
      '[a](https://x/?q=`) `[b](file:///c)`',
      '<img src=x onerror=alert(1)> <!-- [x](file:///a) -->',
    ];
    const found = attacks.flatMap((attack) => unsafe(attack));
    assert.deepEqual(found, []);
  });

  it('links only to the web for thousands of answers made of the pieces Markdown is made of, cut anyhow', () => {
    // prettier-ignore
    const pieces = [
      '[', ']', '(', ')', '<', '>', '`', '``', '```', '~~~', '\\', '!', '\n', '\n\n', '\r', ' ', '  ', '    ', '|', '- ', '> ', ':',
      '"', '*', 'a', 'file:///etc/passwd', 'https://ok.example/p', 'command:x', 'vscode://x', '/guides/chat', '|---|---|\n', '[r]: ',
      '\t', '](file:///x)', '](<https://ok.example/p>)', '](/guides/chat)', '<https://ok.example/', '<file:///x>', '&#91;', '# ', '1. ',
      '"t"', '\u0001', 'www.ok.example', '~~', '_', '**', '&lt;', 'x@ok.example',
    ];
    // mulberry32: integer arithmetic, so that every seed gives its own sequence.
    let seed = Number(process.env.DOCS_ASSISTANT_FUZZ_SEED ?? 7);
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const found: string[] = [];
    for (let round = 0; round < 3_000 && found.length === 0; round++) {
      let answer = '';
      const length = 4 + random(40);
      for (let i = 0; i < length; i++) answer += pieces[random(pieces.length)];
      const deltas: string[] = [];
      for (let at = 0; at < answer.length;) {
        const size = 1 + random(6);
        deltas.push(answer.slice(at, at + size));
        at += size;
      }
      found.push(...unsafe(answer), ...unsafe(answer, deltas));
    }
    assert.deepEqual(found.slice(0, 3), []);
  });
});
