import * as assert from 'node:assert/strict';
import { plainExcerpt } from '../../../src/shared/plainText';

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

  it('takes milliseconds for a megabyte of any character a pattern could stall on (issue 28, item 2)', () => {
    for (const character of ['<', '[', '_', '*', '`', '(', '~', '!', '#', ' ', '\n', '*a ', '_a ', '[a', '<a']) {
      const text = character.repeat(Math.ceil(1_000_000 / character.length));
      const started = performance.now();
      const excerpt = plainExcerpt(text);
      const took = performance.now() - started;
      assert.ok(excerpt.length <= 201, JSON.stringify(character));
      // The quadratic patterns took 298 ms for 24,000 "<"; a megabyte would take hours.
      assert.ok(took < 250, `${JSON.stringify(character)}: ${took.toFixed(1)} ms`);
    }
  });
});
