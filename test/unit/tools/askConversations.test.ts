// The conversations docsAssistant_ask holds for models (issue 47, item 2): a handle is a local name,
// never the thread's id or key; it is good only on the platform and domain that made it; the oldest
// is forgotten, its key with it, once too many are held.

import * as assert from 'node:assert/strict';
import { MAX_TOOL_CONVERSATIONS, ToolConversations } from '../../../src/tools/askConversations';

describe('the conversations the ask tool holds', () => {
  it('gives each a handle of its own, found again only on the platform and domain that made it', () => {
    const held = new ToolConversations();
    const first = held.start('https://a.example', 'acme');
    first.conversation.thread.adopt('https://a.example', 'thread_123', 'tk_secret');
    assert.match(first.handle, /^docs-conversation-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(!first.handle.includes('thread_123') && !first.handle.includes('tk_secret'));
    assert.equal(held.find(first.handle, 'https://a.example', 'acme').kind, 'found');
    assert.equal(held.find(first.handle, 'https://b.example', 'acme').kind, 'elsewhere');
    assert.equal(held.find(first.handle, 'https://a.example', 'other').kind, 'elsewhere');
    assert.equal(held.find('docs-conversation-999', 'https://a.example', 'acme').kind, 'unknown');
    assert.notEqual(held.start('https://a.example', 'acme').handle, first.handle);
  });

  it('gives handles no one can count to: another chat cannot go on in this one’s thread (issue 56, item 7)', () => {
    const held = new ToolConversations();
    const mine = held.start('https://a.example', 'acme');
    // What another agent session of the window would try: the counted names of before.
    for (let n = 0; n <= 100; n++) assert.equal(held.find(`docs-conversation-${n}`, 'https://a.example', 'acme').kind, 'unknown');
    const handles = new Set([mine.handle, ...Array.from({ length: 15 }, () => held.start('https://a.example', 'acme').handle)]);
    assert.equal(handles.size, 16, 'each handle is new');
  });

  it('forgets the one used longest ago once too many are held, and its thread with it', async () => {
    const held = new ToolConversations();
    const first = held.start('https://a.example', 'acme');
    const second = held.start('https://a.example', 'acme');
    second.conversation.thread.adopt('https://a.example', 'thread_2', 'tk_2');
    for (let i = 0; i < MAX_TOOL_CONVERSATIONS - 2; i++) held.start('https://a.example', 'acme');
    // Using the first makes the second the oldest.
    assert.equal(held.find(first.handle, 'https://a.example', 'acme').kind, 'found');
    held.start('https://a.example', 'acme');
    assert.equal(held.find(second.handle, 'https://a.example', 'acme').kind, 'unknown');
    assert.equal(held.find(first.handle, 'https://a.example', 'acme').kind, 'found');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(second.conversation.thread.id, undefined, 'its thread forgotten');
  });
});
