// StreamBatcher: what the extension sends the chat view while an answer streams, batched on injected timers.

import * as assert from 'node:assert/strict';
import { StreamBatcher, type StreamUpdate } from '../../../src/chat/streamBatcher';
import { FakeTimers } from '../fakeTimers';

describe('stream batching', () => {
  it('sends the first text at once, then the deltas of each draw as one message, in order, and another turn never joins them', async () => {
    const timers = new FakeTimers();
    const sent: [string, string][] = [];
    const batcher = new StreamBatcher(({ turnId, text }) => sent.push([turnId, text]), timers, 16);
    batcher.text('t1', 'Hello');
    assert.deepEqual(sent, [['t1', 'Hello']], 'the answer starts as soon as it comes');
    await timers.advance(5);
    batcher.text('t1', ', ');
    batcher.text('t1', 'world');
    assert.equal(sent.length, 1, 'nothing more until a draw has passed since the last message');
    await timers.advance(11);
    assert.deepEqual(sent.at(-1), ['t1', ', world']);
    await timers.advance(5);
    batcher.text('t1', 'A');
    batcher.text('t2', 'B');
    assert.deepEqual(sent.at(-1), ['t1', 'A'], "a delta of another turn sends the first turn's text at once");
    assert.equal(sent.length, 3);
    await timers.advance(15);
    assert.equal(sent.length, 3, 'the other turn waits a draw after that message');
    await timers.advance(1);
    assert.deepEqual(sent.at(-1), ['t2', 'B'], 'and its own waits for the draw after');
    await timers.advance(100);
    batcher.text('t2', 'C');
    assert.deepEqual(sent.at(-1), ['t2', 'C'], 'after a quiet spell, at once again');
    await timers.advance(100);
    assert.equal(sent.length, 5, 'nothing sent twice');
    assert.equal(timers.pending, 0, 'no timer left');
  });

  it('never holds text back longer than a draw, even when the clock is set back', async () => {
    const timers = new FakeTimers();
    const sent: string[] = [];
    const batcher = new StreamBatcher(({ text }) => sent.push(text), timers, 16);
    timers.time = 60_000;
    batcher.text('t', 'a');
    timers.time = 0;
    batcher.text('t', 'b');
    await timers.advance(16);
    assert.deepEqual(sent, ['a', 'b']);
  });

  it('flush sends what waits before any other message, and discard and dispose drop it', async () => {
    const timers = new FakeTimers();
    const sent: string[] = [];
    const batcher = new StreamBatcher(({ text }) => sent.push(text), timers, 16);
    batcher.text('t', 'x');
    batcher.text('t', 'y');
    batcher.flush();
    assert.deepEqual(sent, ['x', 'y'], 'what waits goes at once');
    batcher.text('t', 'z');
    batcher.discard();
    await timers.advance(100);
    assert.deepEqual(sent, ['x', 'y'], 'the text discarded');
    batcher.text('t', 'v');
    assert.deepEqual(sent, ['x', 'y', 'v'], 'text after a discard is sent');
    batcher.text('t', 'w');
    batcher.dispose();
    await timers.advance(100);
    assert.deepEqual(sent, ['x', 'y', 'v']);
  });
});

describe('stream batching: tool progress (issue 28, item 1)', () => {
  it("batches a tool's progress and the sources like text: a thousand tool chunks in a draw are one message, the latest state", async () => {
    const timers = new FakeTimers();
    const sent: StreamUpdate[] = [];
    const batcher = new StreamBatcher((update) => sent.push(update), timers, 16);
    batcher.activity('t', { kind: 'searching' });
    assert.equal(sent.length, 1, 'the first goes at once');
    for (let i = 0; i < 1_000; i++) {
      batcher.activity('t', { kind: 'searching', query: `q${i}`, found: i });
      batcher.sources('t', [{ url: `p${i}` }]);
    }
    batcher.text('t', 'Here');
    batcher.activity('t', undefined);
    await timers.advance(16);
    assert.deepEqual(sent, [
      { turnId: 't', text: '', activity: { now: { kind: 'searching' } } },
      { turnId: 't', text: 'Here', sources: [{ url: 'p999' }], activity: { now: undefined } },
    ]);
    assert.equal(timers.pending, 0);
  });
});
