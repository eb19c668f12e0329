// The emulator refuses what the live service's published schema refuses, so that a client that
// sends a bad body fails its tests here rather than in front of a user.

import * as assert from 'node:assert/strict';
import { useHarness } from '../support';

describe('the emulator checks assistant bodies as the published schema does', () => {
  const h = useHarness();
  const valid = { fp: 'anonymous', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }] };

  const post = async (body: unknown) => {
    const response = await fetch(`${h.emulator.url}/discovery/v2/assistant/acme-docs/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.emulator.config.assistantKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };

  it('accepts a valid body, with the extra fields the SDK transport sends', async () => {
    assert.equal((await post({ ...valid, id: 'chat-1', trigger: 'submit-message', messageId: 'm1' })).status, 200);
  });

  for (const [name, body, field] of [
    ['a threadId of null', { ...valid, threadId: null }, 'threadId'],
    ['a filter of null', { ...valid, filter: null }, 'filter'],
    [
      'a tool part in the history',
      { ...valid, messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'tool-search', toolCallId: 'c' }] }, valid.messages[0]] },
      'messages[0].parts[0].type',
    ],
    [
      'a data part in the history',
      { ...valid, messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'data-x', data: 1 }] }, valid.messages[0]] },
      'messages[0].parts[0].type',
    ],
    [
      'a source-document part',
      {
        ...valid,
        messages: [{ id: 'a', role: 'user', parts: [{ type: 'source-document', sourceId: 's', mediaType: 'text/plain', title: 't' }] }],
      },
      'messages[0].parts[0].type',
    ],
    ['a missing fp', { messages: valid.messages }, 'fp'],
    ['a context item without type', { ...valid, context: [{ value: 'x' }] }, 'context[0].type'],
    ['a context item without value', { ...valid, context: [{ type: 'code' }] }, 'context[0].value'],
    [
      'a text part without text',
      { ...valid, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text' }] }] },
      'messages[0].parts[0].text',
    ],
  ] as const) {
    it(`answers 400 naming the field for ${name}`, async () => {
      const { status, text } = await post(body);
      assert.equal(status, 400);
      assert.ok((JSON.parse(text) as { message: string }).message.startsWith(field), text);
    });
  }

  it('answers 404 to a threadId without its threadKey, as the live service does', async () => {
    const first = await fetch(`${h.emulator.url}/discovery/v2/assistant/acme-docs/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.emulator.config.assistantKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(valid),
    });
    const threadId = first.headers.get('x-thread-id');
    assert.ok(threadId && first.headers.get('x-thread-key'));
    await first.text();
    assert.equal((await post({ ...valid, threadId })).status, 404);
  });
});
