import * as assert from 'node:assert/strict';
import { parseFromWebview } from '../../../src/chat/protocol';

describe('chat view protocol', () => {
  it('accepts the messages it knows, and only their known fields', () => {
    assert.deepEqual(parseFromWebview({ type: 'ready', extra: 1 }), { type: 'ready' });
    assert.deepEqual(parseFromWebview({ type: 'action', action: 'configure' }), { type: 'action', action: 'configure' });
  });

  it('ignores anything else', () => {
    for (const message of [null, undefined, 'ready', 42, [], {}, { type: 'run', command: 'workbench.action.terminal.new' }, { type: 'action', action: 'deleteEverything' }, { type: 'action' }]) {
      assert.equal(parseFromWebview(message), undefined, JSON.stringify(message));
    }
  });
});
