import * as assert from 'node:assert/strict';
import { Coalesced } from '../../../src/util/coalesced';
import { FakeTimers } from '../fakeTimers';

describe('coalesced work', () => {
  it('runs once for every request within its delay, then again for the next', async () => {
    const timers = new FakeTimers();
    let runs = 0;
    const work = new Coalesced(() => runs++, 100, timers);
    for (let i = 0; i < 50; i++) work.request();
    await timers.advance(99);
    assert.equal(runs, 0);
    await timers.advance(1);
    assert.equal(runs, 1);
    work.request();
    await timers.advance(100);
    assert.equal(runs, 2);
  });

  it('runs what is waiting on flush, and nothing after cancel or when nothing waits', async () => {
    const timers = new FakeTimers();
    let runs = 0;
    const work = new Coalesced(() => runs++, 100, timers);
    work.flush();
    assert.equal(runs, 0);
    work.request();
    work.flush();
    assert.equal(runs, 1);
    await timers.advance(200);
    assert.equal(runs, 1, 'the flushed run is not run again');
    work.request();
    work.dispose();
    await timers.advance(200);
    assert.equal(runs, 1);
  });
});
