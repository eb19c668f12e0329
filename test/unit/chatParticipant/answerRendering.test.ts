// What VS Code's Chat view makes of an answer's parts, read by two Markdown renderers: marked, the
// one VS Code's view uses, with GitHub's extensions, and markdown-it, the CommonMark reference's
// kin. Whatever the answer holds, however it is cut into deltas, the only links are http(s) (or
// mail addresses GitHub's Markdown links by itself) and the anchors the view makes of pages.

import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { type AnswerPart, AnswerParts } from '../../../src/chatParticipant/answerParts';
import { anchorTitle } from '../../../src/chatParticipant/safeMarkdown';
import { codeLanguages } from '../../../src/shared/codeLanguages';

/** The Markdown VS Code's view renders: the parts joined, an anchor as a link to its own scheme. */
function viewMarkdown(deltas: readonly string[]): string {
  let markdown = '';
  let anchors = 0;
  const answer = new AnswerParts((part: AnswerPart) => {
    // VS Code writes an anchor as `http://_vscodecontentref_/<n>`: marked here so that the checks know it is ours.
    markdown += part.kind === 'markdown' ? part.text : `[${anchorTitle(part.title)}](http://_vscodecontentref_/ours-${anchors++})`;
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

/** The language VS Code's Chat view reads of a fence's info string (postProcessCodeBlockLanguageId, in both releases). */
const viewLanguage = (lang: string | undefined) => (lang ?? '').split(/[\s+|:|,|{|?]/, 1)[0];
const LANGUAGES = new Set(codeLanguages());
/** The tags VS Code's Chat view reads in a fence's code: 1.99's and 1.139's pill and Apply, and findings. */
const VIEW_TAGS = [
  /<vscode_codeblock_uri( isEdit)?>(.*?)<\/vscode_codeblock_uri>/ms,
  /<vscode_codeblock_uri( isEdit)?( subAgentInvocationId="([^"]*)")?>([\s\S]*?)<\/vscode_codeblock_uri>/ms,
  /<vscode_codeblock_uri[^>]* subAgentInvocationId="([^"]*)"/ms,
  /<vscode_annotation details='(.*?)'>(.*?)<\/vscode_annotation>/ms,
  /<vscode_codeblock_uri isEdit/,
];

/** What VS Code's Chat view would make more of a fence than code: its language, a tag in its code. */
function widgets(markdown: string): string[] {
  const found: string[] = [];
  // walkTokens returns the callbacks' results; this one's are nothing, never promises.
  void marked.walkTokens(marked.lexer(markdown, { gfm: true }), (token) => {
    if (token.type !== 'code') return;
    const language = viewLanguage((token as { lang?: string }).lang);
    if (language !== '' && !LANGUAGES.has(language)) found.push(`a fence of ${JSON.stringify(language)}`);
    for (const tag of VIEW_TAGS) if (tag.test((token as { text: string }).text)) found.push(`a tag: ${tag}`);
  });
  // 1.139 looks for these in the whole of a part's Markdown too.
  for (const tag of VIEW_TAGS.slice(2)) if (tag.test(markdown)) found.push(`a tag in the Markdown: ${tag}`);
  return found;
}

/** Every link and image the renderers make of the answer that is not allowed. */
function unsafe(answer: string, deltas: readonly string[] = [answer]): string[] {
  const markdown = viewMarkdown(deltas);
  const found: string[] = widgets(markdown);
  for (const [name, render] of RENDERERS) {
    const html = render(markdown);
    for (const [, href] of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g))
      if (
        !ALLOWED.test(href) ||
        /vscodeLinkType=/i.test(href) ||
        (/^https?:\/\/_/i.test(href) && !/^http:\/\/_vscodecontentref_\/ours-\d+$/.test(href))
      )
        found.push(`${name}: link to ${href}`);
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
      // Fences VS Code's Chat view would make more of than code (issue 40, item 1).
      '```vscode-local-file\n{"uri":{"scheme":"file","path":"/home/me/.aws/credentials"}}\n```\n',
      '```VSCODE-LOCAL-FILE extra\n{"uri":{"scheme":"file","path":"/etc/passwd"}}\n```\n',
      '~~~vscode-extensions\nms-python.python,evil.extension\n~~~\n',
      '```vscode-extensions:x\nevil.extension\n```\n',
      '```Mermaid\ngraph TD; A-->B\n```\n',
      '```python\n<vscode_codeblock_uri isEdit>file:///home/me/.ssh/id_rsa</vscode_codeblock_uri>\nprint(1)\n```\n',
      '```\n<vscode_codeblock_uri isEdit subAgentInvocationId="x">file:///etc/passwd</vscode_codeblock_uri>\n```\n',
      "```js\n<vscode_annotation details='%5B%7B%22title%22%3A%22x%22%7D%5D'>code</vscode_annotation>\n```\n",
      '```\n<VSCODE_codeblock_uri isEdit>file:///x</VSCODE_codeblock_uri>\n```\n',
      '> ~~~vscode-local-file\n> {"uri":{"scheme":"file","path":"/etc/passwd"}}\n> ~~~\n',
      '1.  x\n\n    ~~~vscode-extensions\n    evil.extension\n    ~~~\n',
      // Links VS Code's Chat view makes buttons or widgets of.
      '[Run](http://_chatslash_?{"agentId":"github.copilot.editsAgent","command":"new"}) [a](https://_chatagent_?x) [b](http://_vscodecontentref_/0)',
      '[notes](https://docs.example/a.md?vscodeLinkType=markdown-preview)',
    ];
    const found = attacks.flatMap((attack) => [...unsafe(attack), ...unsafe(attack, [...attack])]);
    assert.deepEqual(found, []);
  });

  it('links only to the web for thousands of answers made of the pieces Markdown is made of, cut anyhow', function () {
    // Thousands of renders: a machine busy with other work may take a while.
    this.timeout(120_000);
    // prettier-ignore
    const pieces = [
      '[', ']', '(', ')', '<', '>', '`', '``', '```', '~~~', '\\', '!', '\n', '\n\n', '\r', ' ', '  ', '    ', '|', '- ', '> ', ':',
      '"', '*', 'a', 'file:///etc/passwd', 'https://ok.example/p', 'command:x', 'vscode://x', '/guides/chat', '|---|---|\n', '[r]: ',
      '\t', '](file:///x)', '](<https://ok.example/p>)', '](/guides/chat)', '<https://ok.example/', '<file:///x>', '&#91;', '# ', '1. ',
      '"t"', '\u0001', 'www.ok.example', '~~', '_', '**', '&lt;', 'x@ok.example',
      'vscode-local-file', 'vscode-extensions', 'mermaid', 'python', '<vscode_codeblock_uri isEdit>', '</vscode_codeblock_uri>',
      '<vscode_', "<vscode_annotation details='x'>", '</vscode_annotation>', 'file:///home/me/.aws/credentials',
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
