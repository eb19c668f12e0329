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
      // Each text is made once, outside the runs measured: only its start is read, so making it
      // would be most of a run, and making a long one costs more than in proportion (seen: 0.03 ms
      // for 125,000 characters, 1.5 to 6 ms for 500,000).
      const texts = new Map<number, string>();
      const text = (size: number) => texts.get(size) ?? texts.set(size, character.repeat(Math.ceil(size / character.length))).get(size)!;
      assert.ok(plainExcerpt(text(1_000_000)).length <= 201, JSON.stringify(character));
      // The quadratic patterns took 298 ms for 24,000 "<"; a megabyte would take hours.
      await assertProportional(JSON.stringify(character), (size) => plainExcerpt(text(size)), 125_000);
    }
  });
});
