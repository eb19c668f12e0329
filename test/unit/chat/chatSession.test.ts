import * as assert from 'node:assert/strict';
import { ChatSession, type ChatEvent, DEFAULT_SELECTION_QUESTION } from '../../../src/chat/chatSession';
import { Conversation } from '../../../src/chat/conversation';
import { attachSelection, MAX_SELECTION_CHARS, trimNote } from '../../../src/chat/selectionContext';
import { arm, useHarness } from '../support';

describe('chat session', () => {
  const h = useHarness();
  let saves = 0;

  const session = (conversation = new Conversation()) => {
    let next = 0;
    const client = h.client();
    return new ChatSession({
      conversation,
      send: (request, options) => client.sendAssistantMessage(request, options),
      settings: () => ({ domain: 'acme-docs', fingerprint: 'user-9', retrievalPageSize: 2, filter: { version: 'v2' } }),
      newId: () => `t${++next}`,
      save: () => saves++,
    });
  };

  it('sends the whole conversation, the settings, and the thread id and key from the second turn on', async () => {
    const chat = session();
    const first = await chat.ask('What are API keys?');
    assert.equal(first?.status, 'done');
    assert.match(first!.answer, /^Here is what the documentation says about \*\*What are API keys\?\*\*/);
    assert.ok(first!.sources.length >= 1 && first!.sources.length <= 2);
    const second = await chat.ask('Where are they stored?');
    assert.equal(second?.status, 'done');

    const [one, two] = h.emulator.requestsFor('assistant').map((request) => request.body as Record<string, unknown>);
    assert.deepEqual(one, {
      fp: 'user-9',
      messages: [{ id: 't1-q', role: 'user', parts: [{ type: 'text', text: 'What are API keys?' }] }],
      retrievalPageSize: 2,
      filter: { version: 'v2' },
    });
    assert.equal(two.threadId, chat.conversation.threadId);
    assert.equal(two.threadKey, chat.conversation.threadKey);
    assert.match(String(two.threadKey), /^tk_/);
    assert.deepEqual(two.messages, [
      { id: 't1-q', role: 'user', parts: [{ type: 'text', text: 'What are API keys?' }] },
      { id: 't1-a', role: 'assistant', parts: [{ type: 'text', text: first!.answer }] },
      { id: 't2-q', role: 'user', parts: [{ type: 'text', text: 'Where are they stored?' }] },
    ]);
    assert.ok(saves >= 2);
  });

  it('streams deltas whose sum is the answer', async () => {
    const chat = session();
    const events: ChatEvent[] = [];
    chat.onEvent((event) => events.push(event));
    const turn = await chat.ask('How do I stop an answer?');
    const deltas = events.filter((event): event is Extract<ChatEvent, { type: 'delta' }> => event.type === 'delta');
    assert.ok(deltas.length > 20);
    assert.equal(deltas.map((event) => event.text).join(''), turn!.answer);
    assert.deepEqual([events[0].type, events[events.length - 1].type], ['turnStarted', 'turnEnded']);
  });

  it('sends an attached selection as context, with currentPath for a page, and then detaches it', async () => {
    const chat = session();
    chat.attach(attachSelection({ text: 'const x = 1;', source: { kind: 'file', path: 'src/x.ts' }, startLine: 3, endLine: 3 }));
    const turn = await chat.ask('');
    assert.equal(turn?.question, DEFAULT_SELECTION_QUESTION);
    assert.equal(chat.pendingContext, undefined);
    chat.attach(attachSelection({ text: 'Press Stop', source: { kind: 'page', pagePath: 'guides/chat' }, startLine: 14, endLine: 15 }));
    await chat.ask('What does this mean?');
    const [code, page] = h.emulator.requestsFor('assistant').map((request) => request.body as Record<string, unknown>);
    assert.deepEqual(code.context, [{ type: 'code', value: 'const x = 1;', path: 'src/x.ts' }]);
    assert.equal(code.currentPath, undefined);
    assert.deepEqual(page.context, [{ type: 'textSelection', value: 'Press Stop', path: 'guides/chat' }]);
    assert.equal(page.currentPath, 'guides/chat');
  });

  it('stops an answer and keeps what arrived', async () => {
    h.emulator.config.deltaDelayMs = 5;
    const chat = session();
    let deltas = 0;
    chat.onEvent((event) => event.type === 'delta' && ++deltas === 10 && chat.stop());
    const turn = await chat.ask('How do I set up keys?');
    assert.equal(turn?.status, 'stopped');
    assert.ok(turn!.answer.length > 0);
    assert.equal(turn!.error, undefined);
  });

  it('keeps a partial answer when the stream is cut, and Retry asks the same question again in its place', async () => {
    arm(h.emulator, { kind: 'dropMidStream', afterEvents: 20 }, { operation: 'assistant' });
    const chat = session();
    const failed = await chat.ask('How do I set up keys?');
    assert.equal(failed?.status, 'failed');
    assert.equal(failed!.error?.kind, 'network');
    assert.match(failed!.error!.message, /interrupted/);
    assert.ok(failed!.answer.length > 0);

    const retried = await chat.retry(failed!.id);
    assert.equal(retried?.status, 'done');
    assert.deepEqual(chat.conversation.turns.map((turn) => turn.id), [retried!.id]);
    const [, again] = h.emulator.requestsFor('assistant').map((request) => request.body as { messages: unknown[] });
    assert.equal(again.messages.length, 1, 'the failed turn is not part of the history');
  });

  it('a rate limit fails the turn with a sentence that says to wait', async () => {
    arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 600 }, { operation: 'assistant' });
    const turn = await session().ask('q');
    assert.equal(turn?.error?.kind, 'rateLimited');
    assert.match(turn!.error!.message, /Try again in 10 minutes/);
  });

  it('a new conversation forgets the turns and the thread', async () => {
    const chat = session();
    await chat.ask('What are API keys?');
    await chat.newConversation();
    assert.deepEqual(chat.conversation.toData(), { threadId: undefined, threadKey: undefined, turns: [] });
    await chat.ask('Fresh start');
    const last = h.emulator.requestsFor('assistant').pop()!.body as Record<string, unknown>;
    assert.equal(last.threadId, undefined);
  });

  it('a restored conversation goes on in the same thread', async () => {
    const chat = session();
    await chat.ask('What are API keys?');
    const saved = JSON.parse(JSON.stringify(chat.conversation.toData()));
    const restored = session(Conversation.restore(saved));
    const turn = await restored.ask('And then?');
    assert.equal(turn?.status, 'done');
    const last = h.emulator.requestsFor('assistant').pop()!.body as Record<string, unknown>;
    assert.equal(last.threadId, saved.threadId);
    assert.equal(last.threadKey, saved.threadKey);
  });
});

describe('conversation data', () => {
  it('restores only what has the right shape, and a turn cut by a reload as stopped', () => {
    assert.deepEqual(Conversation.restore(undefined).turns, []);
    assert.deepEqual(Conversation.restore({ turns: [{ id: 1 }] }).turns, []);
    const restored = Conversation.restore({ threadId: 'th', turns: [{ id: 'a', question: 'q', answer: 'partial', sources: [], status: 'streaming' }] });
    assert.equal(restored.turns[0].status, 'stopped');
    assert.equal(restored.threadId, 'th');
  });
});

describe('selection context', () => {
  it('labels the chip with the path and lines, and trims a long selection with a note', () => {
    const small = attachSelection({ text: 'x', source: { kind: 'file', path: 'src/a.ts' }, startLine: 1, endLine: 4 });
    assert.equal(small.label, 'src/a.ts:1-4');
    assert.equal(trimNote(small), undefined);
    const big = attachSelection({ text: 'y'.repeat(MAX_SELECTION_CHARS + 5), source: { kind: 'file', path: 'a.ts' }, startLine: 1, endLine: 900 });
    assert.equal(big.item.value.length, MAX_SELECTION_CHARS);
    assert.equal(trimNote(big), 'Trimmed to the first 20,000 of 20,005 characters.');
  });

  it('does not send a page path over 200 characters as currentPath', () => {
    const long = attachSelection({ text: 'x', source: { kind: 'page', pagePath: 'p'.repeat(201) }, startLine: 1, endLine: 1 });
    assert.equal(long.currentPath, undefined);
    assert.equal(long.item.path, 'p'.repeat(201));
  });
});
