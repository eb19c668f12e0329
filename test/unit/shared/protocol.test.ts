import * as assert from 'node:assert/strict';
import { parseFromWebview } from '../../../src/shared/protocol';

describe('chat view protocol', () => {
  it('accepts the messages it knows, keeping only their known fields', () => {
    assert.deepEqual(parseFromWebview({ type: 'ready', extra: 1 }), { type: 'ready' });
    assert.deepEqual(parseFromWebview({ type: 'action', action: 'configure' }), { type: 'action', action: 'configure' });
    assert.deepEqual(parseFromWebview({ type: 'ask', text: 'How?', context: 'injected' }), { type: 'ask', text: 'How?' });
    assert.deepEqual(parseFromWebview({ type: 'retry', turnId: 't1' }), { type: 'retry', turnId: 't1' });
    assert.deepEqual(parseFromWebview({ type: 'openLink', url: 'https://docs.example/a' }), {
      type: 'openLink',
      url: 'https://docs.example/a',
    });
    assert.deepEqual(parseFromWebview({ type: 'copyCode', code: 'x' }), { type: 'copyCode', code: 'x' });
    assert.deepEqual(parseFromWebview({ type: 'insertCode', code: 'x' }), { type: 'insertCode', code: 'x' });
    for (const type of ['stop', 'removeContext', 'newConversation']) assert.deepEqual(parseFromWebview({ type }), { type });
  });

  it('ignores anything else: unknown types, missing or wrong-typed fields, oversized values', () => {
    for (const message of [
      null,
      undefined,
      'ready',
      42,
      [],
      {},
      { type: 'run', command: 'workbench.action.terminal.new' },
      { type: 'action', action: 'deleteEverything' },
      { type: 'action' },
      { type: 'ask' },
      { type: 'ask', text: 7 },
      { type: 'ask', text: 'x'.repeat(100_001) },
      { type: 'retry', turnId: { id: 1 } },
      { type: 'openLink' },
      { type: 'openLink', url: 'x'.repeat(9_000) },
      { type: 'insertCode', code: null },
    ]) {
      assert.equal(parseFromWebview(message), undefined, JSON.stringify(message)?.slice(0, 80));
    }
  });
});
