import * as assert from 'node:assert/strict';
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
