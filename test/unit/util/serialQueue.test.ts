import * as assert from 'node:assert/strict';
import { SerialQueue } from '../../../src/util/serialQueue';

describe('hardening: a queue of set-up refreshes', () => {
  it('one failed run does not stop the ones after it', async () => {
    const errors: unknown[] = [];
    const queue = new SerialQueue((error) => errors.push(error));
    const ran: number[] = [];
    await Promise.all([
      queue.run(async () => void ran.push(1)),
      queue.run(async () => {
        throw new Error('keyring gone');
      }),
      queue.run(async () => void ran.push(3)),
    ]);
    await queue.run(async () => void ran.push(4));
    assert.deepEqual(ran, [1, 3, 4]);
    assert.equal(errors.length, 1);
  });
});
