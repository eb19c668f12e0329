import * as assert from 'node:assert/strict';
import { answerOpening } from '../../../src/webview/answerOpening';
import { assertProportional } from '../workTime';

describe('what a screen reader says of a complete answer', () => {
  it('says the first sentence of the first paragraph, without Markdown marks', () => {
    const answer = '## Keys\n\nSet **`svc_dsc_key`** in [the dashboard](https://example.com/keys). Then restart.\n\nMore.';
    assert.equal(answerOpening(answer), 'Set svc_dsc_key in the dashboard.');
  });

  it('keeps the underscores of identifiers, which are words to hear, not emphasis', () => {
    assert.equal(answerOpening('Use my_snake_case_name and _emphasis_ here.'), 'Use my_snake_case_name and emphasis here.');
  });

  it('skips code, tables, quotes and HTML, which read badly aloud', () => {
    const answer = '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n| a | b |\n|---|---|\n\n> quoted\n\n<div>x</div>\n\nThe prose. And more.';
    assert.equal(answerOpening(answer), 'The prose.');
  });

  it('says the whole first paragraph to a screen reader user, cut at a word past a few hundred characters', () => {
    assert.equal(answerOpening('One. Two *three*.\n\nNext.', true), 'One. Two three.');
    const long = answerOpening(`${'word '.repeat(200)}end.`, true);
    assert.ok(long.length <= 401 && long.endsWith('word…'), long);
  });

  it('cuts a sentence with no end at a word', () => {
    const said = answerOpening('a '.repeat(500));
    assert.ok(said.length <= 201 && said.endsWith('a…'), said);
  });

  it('reads a fence that never closes, or one a line long, in time in proportion to it', async function () {
    this.timeout(60_000);
    for (const unit of ['`', '```\n~~~~\n', '~~~~\n```\n', '```a\n']) {
      // The answer is read to 20,000 characters: eight times the text is at most eight times the work.
      await assertProportional(JSON.stringify(unit), (size) => answerOpening(unit.repeat(size / unit.length)), 10_000);
    }
  });

  it('says nothing of an answer with no prose', () => {
    assert.equal(answerOpening('```\ncode\n```'), '');
    assert.equal(answerOpening(''), '');
  });
});
