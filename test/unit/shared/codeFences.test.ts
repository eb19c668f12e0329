import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { AnswerParts } from '../../../src/chatParticipant/answerParts';
import { CodeFences } from '../../../src/shared/codeFences';

const codeLines = (text: string) => {
  const fences = new CodeFences();
  return text.split('\n').map((line) => fences.isCode(line));
};

describe('code fences, line by line', () => {
  it('takes the opening, the inside and the closing as code, and nothing after', () => {
    assert.deepEqual(codeLines('a\n```ts\nx\n```\nb'), [false, true, true, true, false]);
  });

  it('is closed only by the same marker, at least as long, with nothing after it', () => {
    assert.deepEqual(codeLines('````\n```\n~~~~\n```` x\n````\nb'), [true, true, true, true, true, false]);
    assert.deepEqual(codeLines('~~~\n```\n   ~~~~  \nb'), [true, true, true, false]);
  });

  it('is not opened by a line indented four spaces (indented code), two marks, or backticks with a backtick after', () => {
    assert.deepEqual(codeLines('    ```\nb\n``x``\n```a`b```\nc'), [false, false, false, false, false]);
  });

  it('in an MDX page, is opened and closed at any indent, as components indent their code', () => {
    const fences = new CodeFences({ anyIndent: true });
    assert.deepEqual(
      ['<Step>', '    ```js', '    [x](/y)', '    ```', '</Step>'].map((line) => fences.isCode(line)),
      [false, true, true, true, false],
    );
  });
});

/**
 * One corpus for every reader of fences: the line reader (CodeFences) and the stream reader of
 * @docs' answers (AnswerParts) must find the code markdown-it, CommonMark's kin, finds.
 */
const CORPUS = [
  'a\n```ts\nx\n```\nb',
  '````\n```\n~~~~\n```` x\n````\nb',
  '~~~\n```\n   ~~~~  \nb',
  '   ```py\n  indented\n   ```\nafter',
  '```a`b```\nnot code',
  '``\nnot a fence\n``',
  '~~~ info `with` backticks\ncode\n~~~',
  '```\nnever closed\nstill code',
  '```js\n``\n```',
  'text\n\n```\n\n\n```\n',
];

describe('code fences: one set of rules for every reader', () => {
  const markdownIt = new MarkdownIt();
  /** The code of each fence, as markdown-it reads `text`. */
  const fencesOf = (text: string) =>
    markdownIt
      .parse(text, {})
      .filter((token) => token.type === 'fence')
      .map((token) => ({ code: token.content.replace(/\n$/, ''), lines: token.map! }));

  it('the line reader finds the lines markdown-it finds fences on', () => {
    for (const text of CORPUS) {
      const expected = new Set(fencesOf(text).flatMap(({ lines: [from, to] }) => Array.from({ length: to - from }, (_, i) => from + i)));
      const lines = text.split('\n');
      const fences = new CodeFences();
      const found = lines.flatMap((line, index) => (fences.isCode(line) ? [index] : []));
      assert.deepEqual(
        found,
        [...expected].filter((index) => index < lines.length),
        JSON.stringify(text),
      );
    }
  });

  it('the stream reader writes the code markdown-it finds, cut anyhow', () => {
    for (const text of CORPUS) {
      const expected = fencesOf(text).map(({ code }) => code);
      for (const size of [1, 3, text.length]) {
        let written = '';
        const parts = new AnswerParts((part) => (written += part.kind === 'markdown' ? part.text : ''));
        for (let at = 0; at < text.length; at += size) parts.push(text.slice(at, at + size));
        parts.end();
        // A line inside that looks like a fence is indented by four, so that no renderer ends the fence there.
        assert.deepEqual(
          fencesOf(written).map(({ code }) => code.replace(/^ {4}(?=[`~]{3})/gm, '')),
          expected,
          `${JSON.stringify(text)} in pieces of ${size}, written ${JSON.stringify(written)}`,
        );
      }
    }
  });
});
