// An answer as VS Code's Chat view is given it: Markdown that streams, pages as anchors, nothing
// that could act or load, the same parts however the answer is cut into deltas.

import * as assert from 'node:assert/strict';
import { type AnswerPart, AnswerParts } from '../../../src/chatParticipant/answerParts';
import { assertProportional } from '../workTime';

/** The parts for `deltas`, adjacent Markdown joined (VS Code's view joins them too). */
function partsOf(deltas: readonly string[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  const answer = new AnswerParts((part) => {
    const last = parts.at(-1);
    if (part.kind === 'markdown' && last?.kind === 'markdown') parts[parts.length - 1] = { kind: 'markdown', text: last.text + part.text };
    else parts.push(part);
  });
  for (const delta of deltas) answer.push(delta);
  answer.end();
  return parts;
}

const whole = (text: string) => partsOf([text]);

describe('an answer in VS Code’s Chat view', () => {
  it('keeps Markdown as it is, code fences untouched', () => {
    const text = '# Keys\n\nUse **two** keys:\n\n```ts\nconst link = "[x](command:y)";\n```\n\n- one\n- two\n';
    assert.deepEqual(whole(text), [{ kind: 'markdown', text }]);
  });

  it('keeps a fence’s language only where it names code, and makes VS Code’s own tags in code text (issue 40, item 1)', () => {
    const fence = (info: string, code = 'x') => whole(`\`\`\`${info}\n${code}\n\`\`\`\n`);
    assert.deepEqual(fence('Python extra words'), [{ kind: 'markdown', text: '```python\nx\n```\n' }]);
    for (const info of [
      'vscode-local-file',
      'VSCODE-LOCAL-FILE',
      'vscode-extensions',
      'vscode-extensions:x',
      'Mermaid',
      'vscode-anything',
      'not-a-language',
    ])
      assert.deepEqual(fence(info), [{ kind: 'markdown', text: '```\nx\n```\n' }], info);
    const tag = '<vscode_codeblock_uri isEdit>file:///home/me/.ssh/id_rsa</vscode_codeblock_uri>';
    const inert = '<\u200Bvscode_codeblock_uri isEdit>file:///home/me/.ssh/id_rsa</\u200Bvscode_codeblock_uri>';
    assert.deepEqual(fence('ts', tag), [{ kind: 'markdown', text: `\`\`\`ts\n${inert}\n\`\`\`\n` }]);
    // Cut anywhere, the tag is made text whole.
    const text = `\`\`\`ts\n${tag}\n\`\`\`\n`;
    for (let cut = 1; cut < text.length; cut++)
      assert.deepEqual(
        partsOf([text.slice(0, cut), text.slice(cut)]),
        [{ kind: 'markdown', text: `\`\`\`ts\n${inert}\n\`\`\`\n` }],
        `cut at ${cut}`,
      );
    // A fence this reader does not follow, in a quote or a list item, opens none at all.
    assert.deepEqual(whole('> ~~~vscode-local-file\n> {}\n> ~~~\n'), [
      { kind: 'markdown', text: '> \\~~~vscode-local-file\n> {}\n> \\~~~\n' },
    ]);
  });

  it('makes a link to a page of the site an anchor, and keeps an http(s) link', () => {
    assert.deepEqual(whole('See [the **chat** guide](/guides/chat) or [the web](https://example.com/a_(b)).'), [
      { kind: 'markdown', text: 'See ' },
      { kind: 'page', path: 'guides/chat', title: 'the chat guide' },
      { kind: 'markdown', text: ' or [the web](<https://example.com/a_%28b%29>).' },
    ]);
  });

  it("shows a link's target where its words name another address, and no character that reorders them (issue 40, item 4)", () => {
    assert.deepEqual(
      whole(
        '[https://bank.example/login](https://evil.example/login) [\u202Egnp.exe tahw](https://x.example/) [docs.acme.example/a](/guides/chat)',
      ),
      [
        {
          kind: 'markdown',
          text: '[https\\://evil\\.example/login](<https://evil.example/login>) [gnp\\.exe tahw](<https://x.example/>) ',
        },
        { kind: 'page', path: 'guides/chat', title: '/guides/chat' },
      ],
    );
  });

  it('makes any other link its text, an image a link that loads nothing, and drops link definitions', () => {
    const parts = whole(
      'Run [this](command:workbench.action.terminal.new "go") and ![beacon](https://evil.example/p.png) ![x](javascript:alert(1))\n\n[ok]: https://example.com\n[bad]: command:x\nthen [a][bad] <command:y> <https://example.com/z>\n',
    );
    assert.deepEqual(parts, [
      {
        kind: 'markdown',
        text: 'Run this and [Image\\: beacon](<https://evil.example/p.png>) Image\\: x\n\nthen \\[a]\\[bad] &lt;command:y> <https://example.com/z>\n',
      },
    ]);
  });

  it('turns the suggestions block into links to the pages it names', () => {
    assert.deepEqual(whole('Done.\n\n```suggestions\n(Keys)[/configuration/keys]\n(The web)[https://example.com]\nnot a line\n```\n'), [
      { kind: 'markdown', text: 'Done.\n\n\n\nRead next\\:\n\n- ' },
      { kind: 'page', path: 'configuration/keys', title: 'Keys' },
      { kind: 'markdown', text: '\n- [The web](<https://example.com/>)\n' },
    ]);
  });

  it('escapes what only looks like a link, a code span or an autolink, so that the view makes none of it', () => {
    assert.deepEqual(whole('a [b] c `d e <f'), [{ kind: 'markdown', text: 'a \\[b] c \\`d e &lt;f' }]);
    assert.deepEqual(whole('`x_y <= 2` stays code'), [{ kind: 'markdown', text: '`x_y <= 2` stays code' }]);
  });

  it('sends text as soon as nothing in it can still be a link', () => {
    const sent: AnswerPart[] = [];
    const answer = new AnswerParts((part) => sent.push(part));
    answer.push('Threads expire after a while');
    assert.deepEqual(sent, [{ kind: 'markdown', text: 'Threads expire after a while' }]);
    answer.push(', see [the gu');
    assert.deepEqual(sent.at(-1), { kind: 'markdown', text: ', see ' });
    answer.push('ide](/guides/threads)');
    assert.deepEqual(sent.at(-1), { kind: 'page', path: 'guides/threads', title: 'the guide' });
  });

  it('gives the same parts however the answer is cut into deltas', () => {
    const answers = [
      'See [the chat guide](/guides/chat#threads) and ![img](/a.png).\n\n```js\nx = `[a](/b)`\n```\n',
      '[ref]: /guides/a\n[web]: <https://example.com>\nText with `code [x](y)` and <http://a.b/c> and <command:z> \\[not\\](/x).\n',
      'Intro\n\n```suggestions\n(One)[/one]\n(Two)[/two]\n```',
      '~~~\n```\n~~~\n[a](b "title") [c](<d e>) [[nested]](/n) ![](https://i)\n',
      '`` a ` b `` and ``` unclosed [x](/y)\n    indented [z](/w)\n',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const text of answers) {
      const expected = whole(text);
      for (let round = 0; round < 200; round++) {
        const deltas: string[] = [];
        for (let at = 0; at < text.length;) {
          const size = 1 + Math.floor(random() * 8);
          deltas.push(text.slice(at, at + size));
          at += size;
        }
        assert.deepEqual(partsOf(deltas), expected, JSON.stringify(deltas));
      }
    }
  });

  describe('takes time in proportion to the answer, whatever it holds', () => {
    const shapes: Record<string, (size: number) => string> = {
      '[': (size) => '['.repeat(size),
      '`': (size) => '`'.repeat(size),
      '[aaa': (size) => `[${'a'.repeat(size)}`,
      '<': (size) => '<'.repeat(size),
      '[a](': (size) => '[a]('.repeat(size / 4),
    };
    // One test a shape, each with its own time: all five in one took 14 s, and more beside a busy core.
    for (const [shape, hostile] of Object.entries(shapes))
      it(shape, async function () {
        this.timeout(60_000);
        await assertProportional(
          shape,
          (size) => {
            const text = hostile(size);
            const answer = new AnswerParts(() => {});
            for (let at = 0; at < text.length; at += 10) answer.push(text.slice(at, at + 10));
            answer.end();
          },
          25_000,
        );
      });
  });
});
