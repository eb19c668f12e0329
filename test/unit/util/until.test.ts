import * as assert from 'node:assert/strict';
import { until } from '../../until';

describe('until', () => {
  it('awaits an async probe rather than taking its promise for the answer', async () => {
    let calls = 0;
    const value = await until('the third look', async () => (++calls >= 3 ? calls : false), 2_000);
    assert.equal(value, 3);
  });

  it('fails naming what it waited for', async () => {
    await assert.rejects(
      until('something that never holds', async () => false, 100),
      /Timed out waiting for something that never holds/,
    );
  });
});
