import * as assert from 'node:assert/strict';
import { plainExcerpt } from '../../../src/shared/plainText';
import { SearchAsYouType, type SearchState } from '../../../src/search/searchAsYouType';
import { FakeTimers } from '../fakeTimers';

describe('search as you type', () => {
  function harness() {
    const timers = new FakeTimers();
    const asked: { query: string; signal: AbortSignal; answer: (value: string) => void }[] = [];
    const shown: SearchState<string>[] = [];
    const search = new SearchAsYouType<string>(
      (query, signal) => new Promise((resolve) => asked.push({ query, signal, answer: resolve })),
      (state) => shown.push(state),
      timers,
      250,
    );
    return { timers, asked, shown, search };
  }

  it('asks once typing pauses for 250 ms, with the whole query', async () => {
    const h = harness();
    for (const text of ['r', 're', 'ret', 'retry']) {
      h.search.type(text);
      await h.timers.advance(100);
    }
    assert.equal(h.asked.length, 0, 'not while typing');
    await h.timers.advance(150);
    assert.deepEqual(
      h.asked.map((ask) => ask.query),
      ['retry'],
    );
    assert.deepEqual(h.shown.at(-1), { kind: 'busy', query: 'retry' });
    h.asked[0].answer('pages about retry');
    await h.timers.advance(0);
    assert.deepEqual(h.shown.at(-1), { kind: 'answered', query: 'retry', answer: 'pages about retry' });
  });

  it('cancels an older question when a newer one starts, and never shows its late answer', async () => {
    const h = harness();
    h.search.type('retry');
    await h.timers.advance(250);
    h.search.type('retry policy');
    assert.equal(h.asked[0].signal.aborted, true, 'the older request is cancelled');
    await h.timers.advance(250);
    h.asked[1].answer('newer');
    h.asked[0].answer('older, late');
    await h.timers.advance(0);
    const answers = h.shown.filter((state) => state.kind === 'answered');
    assert.deepEqual(answers, [{ kind: 'answered', query: 'retry policy', answer: 'newer' }]);
  });

  it('an emptied box shows nothing and asks nothing', async () => {
    const h = harness();
    h.search.type('retry');
    h.search.type('  ');
    await h.timers.advance(1_000);
    assert.equal(h.asked.length, 0);
    assert.deepEqual(h.shown.at(-1), { kind: 'idle' });
    assert.equal(h.timers.pending, 0);
  });
});

describe('excerpts as plain text', () => {
  it('drops Markdown marks, fences, HTML and links, keeping the words, on one line', () => {
    assert.equal(
      plainExcerpt(
        '## Keys\n\nUse **Set Key** and `svc_dsc_…`; see [the guide](/guides/keys).\n\n```ts\nconst x = 1;\n```\n<b>raw</b> - item',
      ),
      'Keys Use Set Key and svc_dsc_…; see the guide. const x = 1; raw - item',
    );
  });

  it('cuts a long excerpt at a word, with an ellipsis', () => {
    const excerpt = plainExcerpt('word '.repeat(100), 30);
    assert.equal(excerpt, 'word word word word word word…');
  });
});
