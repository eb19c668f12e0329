// The check the "in proportion" tests rely on (workTime.ts) tells linear work from work that grows
// by its square, on a busy machine as on an idle one.

import * as assert from 'node:assert/strict';
import { assertProportional } from './workTime';

/** Sums to n, once (linear) or once for each number up to n (quadratic). */
const linear = (n: number) => {
  let sum = 0;
  for (let i = 0; i < n * 400; i++) sum += i % 7;
  return sum;
};
/** Makes objects in proportion to n and keeps them to the end, as a parser keeps its tokens. */
const keeping = (n: number) => {
  const kept: { i: number; text: string }[] = [];
  for (let i = 0; i < n * 20; i++) kept.push({ i, text: `x${i}` });
  return kept.length;
};
const quadratic = (n: number) => {
  let sum = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) sum += j % 7;
  return sum;
};

describe('the work-time check of the "in proportion" tests', () => {
  it('passes work in proportion to its input, and fails work that grows by its square', async function () {
    this.timeout(60_000);
    await assertProportional('linear', linear, 10_000);
    await assertProportional('linear, keeping what it makes', keeping, 5_000);
    await assert.rejects(assertProportional('quadratic', quadratic, 2_000), /^AssertionError.*quadratic: /s);
  });
});
