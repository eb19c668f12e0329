import * as assert from 'node:assert/strict';
import { plainExcerpt } from '../../../src/shared/plainText';
import { assertProportional } from '../workTime';

describe('search excerpts as plain text', () => {
  it('drops Markdown and HTML marks, collapses white space and cuts at a word', () => {
    assert.equal(
      plainExcerpt('# Retries\n\nSee [the **retry** policy](/reference/retry) and `backoff`.\n\n<Note>Keys are _secret_.</Note>'),
      'Retries See the retry policy and backoff. Keys are secret.',
    );
    assert.equal(plainExcerpt('```ts\nconst a = 1;\n```'), 'const a = 1;');
    assert.equal(
      plainExcerpt('Set svc_dsc_key as it is, and __bold__ as Markdown has it.'),
      'Set svc_dsc_key as it is, and bold as Markdown has it.',
    );
    const long = plainExcerpt('word '.repeat(100));
    assert.ok(long.length <= 201 && long.endsWith('word…'), long);
  });

  it('takes time in proportion to a megabyte of any character a pattern could stall on (issue 28, item 2)', async function () {
    this.timeout(60_000);
    for (const character of ['<', '[', '_', '*', '`', '(', '~', '!', '#', ' ', '\n', '*a ', '_a ', '[a', '<a']) {
      const text = (size: number) => character.repeat(Math.ceil(size / character.length));
      assert.ok(plainExcerpt(text(1_000_000)).length <= 201, JSON.stringify(character));
      // The quadratic patterns took 298 ms for 24,000 "<"; a megabyte would take hours.
      await assertProportional(JSON.stringify(character), (size) => plainExcerpt(text(size)), 125_000);
    }
  });
});
