// The Reader Signals view's model against the emulator (issue 58, item 1): the three groups read
// when asked and never by a timer, one request per Load More through the operations' cursors, and
// a failure kept as the group's state with what was read before.

import * as assert from 'node:assert/strict';
import { lastDays } from '../../../src/platform/analytics';
import type { PlatformClient } from '../../../src/platform/client';
import { loadSignals, ReaderSignalsModel, type SignalSource } from '../../../src/readerSignals/signalsModel';
import { useHarness } from '../support';

function sourceOf(client: PlatformClient): SignalSource {
  const { analytics } = client;
  return {
    conversations: (range, cursor, signal) => analytics.conversations('proj_demo', range, cursor, { signal }),
    searches: (range, cursor, signal) => analytics.searches('proj_demo', range, cursor, { signal }),
    pagesByVotes: (range, limit, signal) => analytics.pagesByVotes('proj_demo', range, limit, { signal }),
    feedback: (range, cursor, signal) => analytics.feedback('proj_demo', range, cursor, { signal }),
  };
}

describe('the reader signals model', () => {
  const h = useHarness();
  const analyticsRequests = () =>
    (['conversations', 'searches', 'feedbackByPage', 'feedback'] as const).reduce(
      (sum, operation) => sum + h.emulator.requestsFor(operation).length,
      0,
    );

  it('reads the three groups when asked, grows one by one request per Load More, and asks nothing on its own', async () => {
    const model = new ReaderSignalsModel(() => ({ ok: true, value: sourceOf(h.client()) }), lastDays(30, h.clock.now()));
    const changed: string[] = [];
    model.onDidChange((kind) => changed.push(kind));
    assert.equal(model.state('question'), undefined, 'nothing read before it is asked');
    await model.refresh();
    const questions = model.state('question');
    assert.equal(questions?.kind, 'loaded');
    assert.deepEqual(
      questions.signals.map((signal) => signal.kind === 'question' && [signal.question, signal.count]),
      [
        ['How do I rotate the admin key?', 3],
        ['Can the assistant answer in Japanese?', 1],
        ['What is the retry limit of a webhook?', 1],
        ['Does Docs Assistant work behind a proxy?', 1],
      ],
    );
    assert.ok(questions.more, 'a month of conversations is more than a page');
    assert.deepEqual(
      model.state('search')?.signals.map((signal) => signal.kind === 'search' && signal.query),
      ['rotate admin key', 'webhook retries', 'proxy'],
    );
    assert.deepEqual(
      model.state('page')?.signals.map((signal) => signal.kind === 'page' && [signal.path, signal.comments.length]),
      [
        ['guides/agent-jobs', 4],
        ['guides/chat', 1],
        ['reference/components', 0],
      ],
    );
    assert.ok(changed.includes('question') && changed.includes('search') && changed.includes('page'));
    const read = analyticsRequests();
    assert.equal(read, 4, 'one request a group, and the page group’s feedback');

    h.clock.advance(3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(analyticsRequests(), read, 'never polled');

    await model.loadMore('question');
    assert.equal(analyticsRequests(), read + 1, 'one request per Load More');
    assert.ok(new URL(h.emulator.requestsFor('conversations')[1].path, 'http://x').searchParams.get('cursor'), 'from the cursor');
    const grown = model.state('question');
    assert.equal(grown?.kind, 'loaded');
    assert.ok(grown.signals.some((signal) => signal.kind === 'question' && signal.question === 'Where is the changelog of the API?'));
    assert.equal(grown.more, false, 'the end');
    model.dispose();
  });

  it('keeps what was read when a Load More fails, and says the failure as the group’s state', async () => {
    const model = new ReaderSignalsModel(() => ({ ok: true, value: sourceOf(h.client()) }), lastDays(30, h.clock.now()));
    await model.refresh();
    const before = model.state('question')?.signals.length;
    h.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 600 }, { operation: 'conversations', times: 1 });
    await model.loadMore('question');
    const failed = model.state('question');
    assert.equal(failed?.kind, 'failed');
    assert.equal(failed.signals.length, before);
    assert.match(failed.error.message, /rate limit/);
    // Without a source (no project id), each group says why.
    const unset = new ReaderSignalsModel(
      () => ({ ok: false, error: { kind: 'notConfigured', message: 'Set the project id.' } }),
      lastDays(7, h.clock.now()),
    );
    await unset.refresh();
    assert.equal(unset.state('page')?.kind, 'failed');
    model.dispose();
    unset.dispose();
  });

  it('reads a period afresh: what was loaded before goes, and a read under way is stopped', async () => {
    const model = new ReaderSignalsModel(() => ({ ok: true, value: sourceOf(h.client()) }), lastDays(30, h.clock.now()));
    const month = model.refresh();
    await model.refresh(lastDays(7, h.clock.now()));
    await month;
    const week = new URL(h.emulator.requestsFor('conversations').at(-1)!.path, 'http://x').searchParams;
    assert.equal(week.get('dateFrom'), lastDays(7, h.clock.now()).from);
    assert.equal(model.state('question')?.kind, 'loaded');
    assert.equal(model.state('question')?.signals.length, 3, 'the week’s, not the month’s');
    model.dispose();
  });

  it('reads for a tool until the count asked for, in at most three requests', async () => {
    const controller = new AbortController();
    const read = await loadSignals(sourceOf(h.client()), 'question', lastDays(30, h.clock.now()), 5, controller.signal);
    assert.ok(read.ok);
    assert.equal(read.value.signals.length, 5);
    assert.equal(h.emulator.requestsFor('conversations').length, 2, 'a second page for the fifth');
    const few = await loadSignals(sourceOf(h.client()), 'search', lastDays(7, h.clock.now()), 1, controller.signal);
    assert.ok(few.ok);
    assert.deepEqual([few.value.signals.length, few.value.more], [1, true]);
  });
});
