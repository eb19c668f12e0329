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

  it('runs at once on requestNow, unless requestNow ran it within its delay: then with the requests after it', async () => {
    const timers = new FakeTimers();
    let runs = 0;
    const work = new Coalesced(() => runs++, 100, timers);
    work.request();
    work.requestNow();
    assert.equal(runs, 1, 'at once, and what was waiting with it');
    for (let i = 0; i < 50; i++) work.requestNow();
    assert.equal(runs, 1);
    await timers.advance(100);
    assert.equal(runs, 2, 'the burst once, after the delay');
    await timers.advance(100);
    work.requestNow();
    assert.equal(runs, 3);
  });
});
