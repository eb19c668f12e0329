import * as assert from 'node:assert/strict';
import { LONG_IDLE_MS, warmUpWhenIdle } from '../../../src/webview/warmUp';

/** Idle periods handed out by the test, each of `ms` milliseconds. */
function idlePeriods() {
  const waiting: ((period: { timeRemaining(): number }) => void)[] = [];
  return {
    whenIdle: (callback: (period: { timeRemaining(): number }) => void) => waiting.push(callback),
    give(ms: number) {
      assert.equal(waiting.length, 1, 'one idle period asked for at a time');
      waiting.shift()!({ timeRemaining: () => ms });
    },
    get asked() {
      return waiting.length;
    },
  };
}

describe('warming the chat view up while it is idle', () => {
  it('runs nothing until the page is idle, then one piece per long idle period, each once, in order', () => {
    const ran: string[] = [];
    let done = 0;
    const idle = idlePeriods();
    warmUpWhenIdle(
      ['a', 'b', 'c'].map((name) => () => ran.push(name)),
      idle.whenIdle,
      () => done++,
    );
    assert.deepEqual(ran, []);
    for (const expected of [['a'], ['a', 'b'], ['a', 'b', 'c']]) {
      idle.give(LONG_IDLE_MS);
      assert.deepEqual(ran, expected);
    }
    assert.equal(idle.asked, 0, 'no idle period asked for once all have run');
    assert.equal(done, 1);
  });

  it('waits out the short idle periods between the frames of an answer', () => {
    const ran: string[] = [];
    const idle = idlePeriods();
    warmUpWhenIdle([() => ran.push('a')], idle.whenIdle);
    for (let frame = 0; frame < 5; frame++) idle.give(LONG_IDLE_MS - 1);
    assert.deepEqual(ran, []);
    idle.give(50);
    assert.deepEqual(ran, ['a']);
  });

  it('goes on past a piece that throws, and never runs it again: warming up is never needed', () => {
    const ran: string[] = [];
    let done = 0;
    const idle = idlePeriods();
    const logged = console.error;
    console.error = () => {};
    try {
      warmUpWhenIdle(
        [
          () => {
            ran.push('throws');
            throw new Error('no');
          },
          () => ran.push('after'),
        ],
        idle.whenIdle,
        () => done++,
      );
      for (let period = 0; period < 10 && idle.asked > 0; period++) idle.give(50);
    } finally {
      console.error = logged;
    }
    assert.deepEqual(ran, ['throws', 'after']);
    assert.equal(idle.asked, 0);
    assert.equal(done, 1);
  });

  it('with nothing to build, is done at once and asks for no idle period', () => {
    let done = 0;
    const idle = idlePeriods();
    warmUpWhenIdle([], idle.whenIdle, () => done++);
    assert.equal(done, 1);
    assert.equal(idle.asked, 0);
  });
});
