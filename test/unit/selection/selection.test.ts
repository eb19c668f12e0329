import * as assert from 'node:assert/strict';
import { selectionLabel } from '../../../src/selection/selection';

describe('a selection, as its label says where it is', () => {
  it('names the file or the page, and its line or lines', () => {
    assert.equal(
      selectionLabel({ text: 'x', source: { kind: 'file', path: 'src/app.ts' }, startLine: 12, endLine: 30 }),
      'src/app.ts:12-30',
    );
    assert.equal(
      selectionLabel({ text: 'x', source: { kind: 'page', pagePath: 'guides/chat' }, startLine: 4, endLine: 4 }),
      'guides/chat:4',
    );
  });
});
