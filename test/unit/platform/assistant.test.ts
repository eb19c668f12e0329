import * as assert from 'node:assert/strict';
import type { AssistantRequest, ConversationMessage } from '../../../src/platform/assistantRequest';
import { type AssistantMessage, messageText } from '../../../src/platform/stream/assistantMessage';
import { SEARCH_TOOL, type Source, SourceList } from '../../../src/platform/stream/sources';
import type { StreamChunk } from '../../../src/platform/stream/chunks';
import { html500 } from '../../emulator/faults';
import { arm, expectError, useHarness } from '../support';

const question = (text: string, id = 'u1'): ConversationMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

const ask = (text: string, extra: Partial<AssistantRequest> = {}): AssistantRequest => ({
  domain: 'acme-docs',
  fp: 'anonymous',
  messages: [question(text)],
  ...extra,
});

describe('operation 3: assistant message', () => {
  const h = useHarness();

  it('sends exactly the spec names and leaves optional fields out when unset', async () => {
    const client = h.client();
    await client.discovery.ask(ask('How do I stop an answer?'));
    await client.discovery.ask(
      ask('What about this code?', {
        fp: 'user-42',
        retrievalPageSize: 3,
        filter: { version: 'v2', groups: ['public'] },
        context: [
          { type: 'code', value: 'const x = 1;', path: 'src/x.ts' },
          { type: 'textSelection', value: 'Stop', path: 'guides/chat', elementId: 'p-3' },
        ],
        currentPath: 'guides/chat',
      }),
    );
    await client.discovery.ask(ask('filter null is left out', { filter: null, context: [] }));
    const [plain, full, nullFilter] = h.emulator.requests;
    assert.equal(plain.method, 'POST');
    assert.equal(plain.path, '/discovery/v2/assistant/acme-docs/message');
    assert.equal(plain.headers.authorization, `Bearer ${h.emulator.config.assistantKey}`);
    assert.equal(plain.headers.accept, 'text/event-stream');
    assert.deepEqual(plain.body, { fp: 'anonymous', messages: [question('How do I stop an answer?')] });
    assert.deepEqual(full.body, {
      fp: 'user-42',
      messages: [question('What about this code?')],
      retrievalPageSize: 3,
      filter: { version: 'v2', groups: ['public'] },
      context: [
        { type: 'code', value: 'const x = 1;', path: 'src/x.ts' },
        { type: 'textSelection', value: 'Stop', path: 'guides/chat', elementId: 'p-3' },
      ],
      currentPath: 'guides/chat',
    });
    assert.deepEqual(Object.keys(nullFilter.body as object), ['fp', 'messages']);
  });

  it('streams the answer chunk by chunk and folds it into text and sources', async () => {
    const seen: StreamChunk['type'][] = [];
    const lengths: number[] = [];
    const result = await h.client().discovery.ask(ask('How do I stop an answer and retry?', { retrievalPageSize: 2 }), {
      observer: {
        onChunk: (chunk, message) => {
          seen.push(chunk.type);
          if (chunk.type === 'text-delta') lengths.push(messageText(message).length);
        },
      },
    });
    assert.ok(result.ok);
    const { message } = result.value;
    const text = messageText(message);
    assert.match(text, /^Here is what the documentation says about \*\*How do I stop an answer and retry\?\*\*/);
    assert.match(text, /Press \*\*Stop\*\* or `Escape` to stop an answer/);
    const sources = messageSources(message);
    assert.equal(sources.length, 2);
    assert.deepEqual(sources[0], { url: 'guides/chat', title: 'Chatting with the assistant' });
    assert.equal(message.finishReason, 'stop');
    assert.ok(lengths.length > 50, `many small deltas, got ${lengths.length}`);
    assert.ok(
      lengths.every((length, i) => i === 0 || length > lengths[i - 1]),
      'the text grows with every delta',
    );
    assert.deepEqual([seen[0], seen[seen.length - 1]], ['start', 'finish']);
  });

  describe('threads', () => {
    it('takes the thread id and key from the headers and sends both on the next turn', async () => {
      const client = h.client();
      let headerThread: { threadId?: string; threadKey?: string } = {};
      const first = await client.discovery.ask(ask('What are API keys?'), {
        observer: { onResponse: (thread) => (headerThread = thread) },
      });
      assert.ok(first.ok);
      const { threadId, threadKey } = first.value;
      assert.match(threadId ?? '', /^thread_\d+_[0-9a-f]+$/);
      assert.match(threadKey ?? '', /^tk_[0-9a-f]+$/);
      assert.deepEqual(headerThread, { threadId, threadKey });

      const assistantTurn: ConversationMessage = {
        id: 'a1',
        role: 'assistant',
        parts: [{ type: 'text', text: messageText(first.value.message) }],
      };
      const messages = [question('What are API keys?'), assistantTurn, question('And where are they stored?', 'u2')];
      const second = await client.discovery.ask({ domain: 'acme-docs', fp: 'anonymous', messages, threadId, threadKey });
      assert.ok(second.ok);
      assert.equal(second.value.threadId, undefined, 'the live service names the thread only when it is new');
      assert.equal(second.value.threadKey, undefined, 'the key comes only once');
      const body = h.emulator.requests[1].body as Record<string, unknown>;
      assert.equal(body.threadId, threadId);
      assert.equal(body.threadKey, threadKey);
      assert.deepEqual(body.messages, messages);
    });

    it('error kind notFound: a later turn without the thread key gets 404, as on the live service', async () => {
      const client = h.client();
      const first = await client.discovery.ask(ask('What are API keys?'));
      assert.ok(first.ok);
      const error = expectError(await client.discovery.ask(ask('again', { threadId: first.value.threadId })), 'notFound');
      assert.match(error.message, /no longer knows this conversation's thread/);
    });

    it('in spec mode takes the thread id from the finish event and asks for no key', async () => {
      h.emulator.config.streamShape = 'spec';
      const client = h.client();
      let headerThread: object | undefined;
      const first = await client.discovery.ask(ask('What are API keys?'), {
        observer: { onResponse: (thread) => (headerThread = thread) },
      });
      assert.ok(first.ok);
      assert.deepEqual(headerThread, {});
      assert.match(first.value.threadId ?? '', /^thread_/);
      assert.equal(first.value.threadKey, undefined);
      const second = await client.discovery.ask(ask('And more?', { threadId: first.value.threadId }));
      assert.ok(second.ok);
      assert.equal((h.emulator.requests[1].body as Record<string, unknown>).threadKey, undefined);
    });
  });

  describe('refused before sending', () => {
    it('error kind invalidRequest: a currentPath over 200 characters, a bad page size, no messages', async () => {
      const client = h.client();
      const long = expectError(await client.discovery.ask(ask('q', { currentPath: 'p'.repeat(201) })), 'invalidRequest');
      assert.match(long.message, /201 characters long; the platform takes at most 200/);
      assert.ok((await client.discovery.ask(ask('q', { currentPath: 'p'.repeat(200) }))).ok);
      expectError(await client.discovery.ask(ask('q', { retrievalPageSize: 0 })), 'invalidRequest');
      expectError(await client.discovery.ask(ask('q', { retrievalPageSize: 51 })), 'invalidRequest');
      expectError(await client.discovery.ask(ask('q', { retrievalPageSize: 2.5 })), 'invalidRequest');
      expectError(await client.discovery.ask({ domain: 'acme-docs', fp: 'anonymous', messages: [] }), 'invalidRequest');
      assert.equal(h.emulator.requests.length, 1);
    });

    it('error kind notConfigured: no assistant key, or the admin key, is never sent', async () => {
      const none = expectError(await h.client({ keyMap: {} }).discovery.ask(ask('q')), 'notConfigured');
      assert.equal(none.setting, 'assistantKey');
      const admin = expectError(
        await h
          .client({ keyMap: { assistantKey: h.emulator.config.adminKey, adminKey: h.emulator.config.adminKey } })
          .discovery.ask(ask('q')),
        'notConfigured',
      );
      assert.equal(admin.setting, 'assistantKey');
      const broken = expectError(
        await h.client({ keys: async () => Promise.reject(new Error('no keyring')) }).discovery.ask(ask('q')),
        'notConfigured',
      );
      assert.match(broken.message, /could not be read from the editor's secret storage \(no keyring\)/);
      assert.equal(h.emulator.requests.length, 0);
    });
  });

  describe('faults', () => {
    const clean = async () => {
      const result = await h.client().discovery.ask(ask('How do I set up keys?'));
      assert.ok(result.ok);
      h.emulator.requests.length = 0;
      return messageText(result.value.message);
    };

    it('fault dropMidStream: reported as network with the partial answer kept, and never retried', async () => {
      const full = await clean();
      arm(h.emulator, { kind: 'dropMidStream', afterEvents: 20 }, { operation: 'assistant' });
      const result = await h.client().discovery.ask(ask('How do I set up keys?'));
      const error = expectError(result, 'network');
      assert.match(error.message, /^The answer was interrupted\./);
      assert.ok(!result.ok && result.partial);
      const partial = messageText(result.partial.message);
      assert.ok(partial.length > 0 && full.startsWith(partial) && partial.length < full.length, 'a true prefix of the answer');
      assert.equal(h.emulator.requests.length, 1);
    });

    it('fault endWithoutFinish: a body that ends cleanly without finish or [DONE] is interrupted', async () => {
      arm(h.emulator, { kind: 'endWithoutFinish', afterEvents: 15 }, { operation: 'assistant' });
      const result = await h.client().discovery.ask(ask('How do I set up keys?'));
      const error = expectError(result, 'network');
      assert.match(error.message, /interrupted: the connection closed before it finished/);
      assert.ok(!result.ok && result.partial && messageText(result.partial.message).length > 0);
      assert.equal(h.emulator.requests.length, 1);
    });

    it('fault nonJsonChunk: skipped with a warning; the answer is whole', async () => {
      const full = await clean();
      arm(h.emulator, { kind: 'nonJsonChunk', afterEvents: 10 }, { operation: 'assistant' });
      const result = await h.client().discovery.ask(ask('How do I set up keys?'));
      assert.ok(result.ok);
      assert.equal(messageText(result.value.message), full);
      assert.ok(h.logger.lines.some((line) => /^warn Stream chunk skipped \(not JSON/.test(line)));
    });

    it('fault unknownChunk: an unknown chunk type and unknown fields are ignored without a warning', async () => {
      const full = await clean();
      arm(h.emulator, { kind: 'unknownChunk' }, { operation: 'assistant' });
      const chunks: StreamChunk[] = [];
      const result = await h.client().discovery.ask(ask('How do I set up keys?'), { observer: { onChunk: (chunk) => chunks.push(chunk) } });
      assert.ok(result.ok);
      assert.equal(messageText(result.value.message), full);
      assert.ok(h.emulator.requests.length === 1 && !h.logger.lines.some((line) => line.startsWith('warn')));
      const firstDelta = chunks.find((chunk) => chunk.type === 'text-delta');
      assert.deepEqual(Object.keys(firstDelta!), ['type', 'id', 'delta'], 'unknown fields are dropped');
    });

    it('fault errorChunk: serverError with the error text and the partial answer', async () => {
      arm(h.emulator, { kind: 'errorChunk', errorText: 'The model is overloaded.' }, { operation: 'assistant' });
      const result = await h.client().discovery.ask(ask('How do I set up keys?'));
      const error = expectError(result, 'serverError');
      assert.equal(error.serverMessage, 'The model is overloaded.');
      assert.match(error.message, /The assistant stopped with an error: The model is overloaded\. Try again\./);
      assert.ok(!result.ok && result.partial && messageText(result.partial.message).length > 0);
    });

    it('fault slowFirstByte: timeout when the answer does not start in time', async () => {
      arm(h.emulator, { kind: 'slowFirstByte', ms: 3000 }, { operation: 'assistant' });
      const result = await h.client({ timeouts: { headersMs: 200 } }).discovery.ask(ask('q'));
      expectError(result, 'timeout');
      assert.ok(!result.ok && result.partial === undefined);
    });

    it('fault stallMidStream: the idle timeout between events ends the stream, the partial answer kept', async () => {
      arm(h.emulator, { kind: 'stallMidStream', afterEvents: 12, ms: 3000 }, { operation: 'assistant' });
      const result = await h.client({ timeouts: { streamIdleMs: 200 } }).discovery.ask(ask('How do I set up keys?'));
      const error = expectError(result, 'timeout');
      assert.match(error.message, /stopped sending in the middle of its answer/);
      assert.ok(!result.ok && result.partial && messageText(result.partial.message).length > 0);
    });

    it('fault status: 500 with an HTML body is a readable serverError, not a parse crash', async () => {
      arm(h.emulator, html500, { operation: 'assistant' });
      const error = expectError(await h.client().discovery.ask(ask('q')), 'serverError');
      assert.match(error.message, /HTTP 500.*An HTML page \(perhaps from a proxy\) came back\./);
    });

    it('fault rateLimit: a 429 comes back at once with its wait, for the chat to wait out in view', async () => {
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 27 }, { operation: 'assistant' });
      const error = expectError(await h.client().discovery.ask(ask('q')), 'rateLimited');
      assert.equal(error.retryAfterMs, 27_000);
      arm(h.emulator, { kind: 'rateLimit' }, { operation: 'assistant' });
      assert.equal(expectError(await h.client().discovery.ask(ask('q')), 'rateLimited').retryAfterMs, undefined);
      assert.equal(h.emulator.requests.length, 2);
      assert.deepEqual(h.delays, [], 'nothing was waited out silently');
    });

    it('fault resetConnection: a question whose connection dropped is not sent again, since it may have arrived', async () => {
      arm(h.emulator, { kind: 'resetConnection' }, { operation: 'assistant' });
      const error = expectError(await h.client().discovery.ask(ask('q')), 'network');
      assert.notEqual(error.unsent, true);
      assert.equal(h.emulator.requests.length, 1);
      assert.deepEqual(h.delays, []);
    });

    it('error kind network: a question that surely never left (nothing listening) is tried again', async () => {
      const port = h.emulator.url.split(':').pop();
      await h.emulator.close();
      const client = h.client({ baseUrl: `http://127.0.0.1:${port}` });
      const error = expectError(await client.discovery.ask(ask('q')), 'network');
      assert.equal(error.unsent, true);
      assert.equal(h.delays.length, 3, 'three retries after the first attempt');
    });

    it('error kind rateLimited: the hourly limit reached', async () => {
      h.emulator.config.limits.assistantPerHour = 1;
      const client = h.client();
      assert.ok((await client.discovery.ask(ask('q'))).ok);
      const error = expectError(await client.discovery.ask(ask('q')), 'rateLimited');
      assert.ok(error.retryAfterMs! > 30_000);
    });

    it('error kind badResponse: a 200 that is JSON instead of a stream', async () => {
      arm(h.emulator, { kind: 'status', status: 200, body: '{"message":"not a stream"}' }, { operation: 'assistant' });
      const error = expectError(await h.client().discovery.ask(ask('q')), 'badResponse');
      assert.match(error.message, /instead of a stream/);
    });
  });

  it('error kind cancelled: Stop in the middle keeps the partial answer', async () => {
    h.emulator.config.deltaDelayMs = 5;
    const controller = new AbortController();
    let deltas = 0;
    const result = await h.client().discovery.ask(ask('How do I set up keys?'), {
      signal: controller.signal,
      observer: { onChunk: (chunk) => chunk.type === 'text-delta' && ++deltas === 5 && controller.abort() },
    });
    const error = expectError(result, 'cancelled');
    assert.match(error.message, /^Stopped\./);
    assert.ok(!result.ok && result.partial && messageText(result.partial.message).length > 0);
  });

  it('an observer that throws does not break the stream', async () => {
    const result = await h.client().discovery.ask(ask('q'), {
      observer: {
        onChunk: () => {
          throw new Error('view went away');
        },
      },
    });
    assert.ok(result.ok);
    assert.ok(h.logger.lines.some((line) => line === 'error Stream observer failed: view went away'));
  });
});

/** Every source of the message, first appearance first, each page once: as the chat gathers them. */
function messageSources(message: AssistantMessage): Source[] {
  const list = new SourceList();
  for (const part of message.parts) {
    if (part.type === 'source-url') list.add({ url: part.url, ...(part.title ? { title: part.title } : {}) });
    else if (part.type === 'source-document') list.add({ title: part.title, ...(part.filename ? { url: part.filename } : {}) });
    else if (part.type === 'tool' && part.toolName === SEARCH_TOOL && part.state === 'output-available') list.addResults(part.output);
  }
  return list.sources;
}
