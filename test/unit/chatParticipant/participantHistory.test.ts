// The Chat view's history of @docs, as the platform is sent it: the answered turns, in the thread
// of the latest answer, and nothing of turns asked of another origin or domain.

import * as assert from 'node:assert/strict';
import { memoryThreadKeys, threadKeyName } from '../../../src/chat/chatThread';
import { answerMetadata, conversationOf, type HistoryTurn } from '../../../src/chatParticipant/participantHistory';

const here = { origin: 'https://api.example.com', domain: 'acme' };

describe('the Chat view’s history of @docs', () => {
  it('continues the thread of the latest answer, with every answered turn', async () => {
    const keys = memoryThreadKeys();
    keys.keys.set(threadKeyName({ origin: here.origin, id: 'thread-2' }), 'key-2');
    const history: HistoryTurn[] = [
      { question: 'What is a key?', answer: 'A secret.', metadata: { ...here, threadId: 'thread-1' }, failed: false },
      { question: 'Why did this fail?', answer: '', metadata: { ...here }, failed: true },
      {
        question: 'Where is it kept?',
        answer: 'In [secret storage](/configuration/keys).',
        metadata: { ...here, threadId: 'thread-2' },
        failed: false,
      },
    ];
    const conversation = conversationOf(history, keys);
    assert.deepEqual(conversation.scope, here);
    assert.deepEqual(await conversation.thread.forNextTurn(here.origin), { threadId: 'thread-2', threadKey: 'key-2' });
    const next = { id: 'next', question: 'And rotated?', answer: '', sources: [], status: 'streaming' as const };
    conversation.turns.push(next);
    assert.deepEqual(
      conversation.messagesFor(next).messages.map((message) => [message.role, message.parts[0]]),
      [
        ['user', { type: 'text', text: 'What is a key?' }],
        ['assistant', { type: 'text', text: 'A secret.' }],
        ['user', { type: 'text', text: 'Where is it kept?' }],
        ['assistant', { type: 'text', text: 'In [secret storage](/configuration/keys).' }],
        ['user', { type: 'text', text: 'And rotated?' }],
      ],
    );
  });

  it('sends nothing of turns asked of another origin or domain', () => {
    const history: HistoryTurn[] = [
      {
        question: 'Secret question?',
        answer: 'Elsewhere.',
        metadata: { origin: 'https://other.example', domain: 'acme', threadId: 't0' },
        failed: false,
      },
      { question: 'Here?', answer: 'Yes.', metadata: { ...here }, failed: false },
    ];
    const conversation = conversationOf(history, memoryThreadKeys());
    assert.equal(conversation.thread.id, undefined, 'the latest answer had no thread');
    const next = { id: 'next', question: 'Q', answer: '', sources: [], status: 'streaming' as const };
    conversation.turns.push(next);
    const sent = JSON.stringify(conversation.messagesFor(next).messages);
    assert.ok(!sent.includes('Secret question?') && !sent.includes('Elsewhere.'), sent);
    assert.ok(sent.includes('Here?'));
  });

  it("goes on in a thread with the key its own platform gave, never another's of the same id (issue 40, item 2)", async () => {
    const keys = memoryThreadKeys();
    keys.keys.set(threadKeyName({ origin: 'https://other.example', id: 'thread-1' }), 'their-key');
    const history: HistoryTurn[] = [{ question: 'Here?', answer: 'Yes.', metadata: { ...here, threadId: 'thread-1' }, failed: false }];
    const conversation = conversationOf(history, keys);
    assert.deepEqual(await conversation.thread.forNextTurn(here.origin), { threadId: 'thread-1' }, 'no key of ours: none sent');
    assert.equal(await conversation.thread.forNextTurn('https://other.example'), undefined, 'the thread is not theirs');
  });

  it("reads only this participant's metadata, each field checked", () => {
    assert.equal(answerMetadata(undefined), undefined);
    assert.equal(answerMetadata({ threadId: 't' }), undefined, 'no origin or domain: not ours');
    assert.deepEqual(answerMetadata({ ...here, threadId: 7, suggestions: [{ text: 'Keys', target: '/keys' }, { text: 1 }, 'x'] }), {
      ...here,
      suggestions: [{ text: 'Keys', target: '/keys' }],
    });
    assert.equal(
      conversationOf([{ question: 'q', answer: 'a', metadata: { from: 'another participant' }, failed: false }], memoryThreadKeys()).turns
        .length,
      0,
    );
  });
});
