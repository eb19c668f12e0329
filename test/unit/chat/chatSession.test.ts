import * as assert from 'node:assert/strict';
import type { TurnActivity } from '../../../src/shared/activity';
import { activityText } from '../../../src/shared/activity';
import type { ChatEvent } from '../../../src/chat/chatEvent';
import { ChatSession, type ChatSettings, defaultSelectionQuestion, noAnswerMessage } from '../../../src/chat/chatSession';
import { memoryThreadKeys, threadKeyName } from '../../../src/chat/chatThread';
import { MAX_SOURCES } from '../../../src/chat/turnStream';
import { Conversation, expiredThreadNotice, type Turn } from '../../../src/chat/conversation';
import { attachSelection, trimNote } from '../../../src/chat/selectionContext';
import { MAX_SELECTION_CHARS } from '../../../src/selection/selection';
import type { PlatformClient } from '../../../src/platform/client';
import { AssistantMessageBuilder } from '../../../src/platform/stream/assistantMessage';
import type { StreamChunk } from '../../../src/platform/stream/chunks';
import { PlatformEmulator } from '../../emulator/emulator';
import { FakeTimers } from '../fakeTimers';
import { arm, RecordingLogger, useHarness } from '../support';
import { assertProportional } from '../workTime';

type Body = Record<string, unknown> & { messages: { id: string; role: string; parts: { type: string; text: string }[] }[] };

/** Thread keys in memory, as SecretStorage holds them in VS Code. */
type MemoryThreadKeys = ReturnType<typeof memoryThreadKeys>;

describe('chat session', () => {
  const h = useHarness();

  interface Options {
    readonly conversation?: Conversation;
    readonly settings?: Partial<ChatSettings>;
    readonly timers?: FakeTimers;
    readonly client?: PlatformClient;
    readonly threadKeys?: MemoryThreadKeys;
  }

  /** A session against the emulator; `saves` counts what it asked to be saved. */
  const session = (options: Options = {}) => {
    let next = 0;
    const client = options.client ?? h.client();
    const conversation = options.conversation ?? new Conversation(options.threadKeys ?? memoryThreadKeys());
    const saved: unknown[] = [];
    const log = new RecordingLogger();
    const chat = new ChatSession({
      conversation,
      send: (origin, request, callOptions) => {
        assert.equal(origin, client.origin, 'sent to the origin it was asked of');
        return client.discovery.ask(request, callOptions);
      },
      settings: () => ({
        origin: client.origin,
        domain: 'acme-docs',
        fingerprint: 'user-9',
        retrievalPageSize: 2,
        filter: { version: 'v2' },
        ...options.settings,
      }),
      newId: () => `t${++next}`,
      save: () => saved.push(JSON.parse(JSON.stringify(conversation.toData()))),
      log,
      random: () => 0.5,
      ...(options.timers ? { timers: options.timers } : {}),
    });
    const events: ChatEvent[] = [];
    chat.onEvent((event) => events.push(event));
    return { chat, saved, events, log };
  };
  const bodies = () => h.emulator.requestsFor('assistant').map((request) => request.body as Body);

  it('sends the whole conversation, the settings, and the thread id and key from the headers on the next turn', async () => {
    const { chat } = session();
    const first = await chat.ask('What are API keys?');
    assert.equal(first?.status, 'done');
    assert.match(first.answer, /^Here is what the documentation says about \*\*What are API keys\?\*\*/);
    assert.ok(first.sources.length >= 1 && first.sources.length <= 2);
    const second = await chat.ask('Where are they stored?');
    assert.equal(second?.status, 'done');

    const [one, two] = bodies();
    assert.deepEqual(one, {
      fp: 'user-9',
      messages: [{ id: 't1-q', role: 'user', parts: [{ type: 'text', text: 'What are API keys?' }] }],
      retrievalPageSize: 2,
      filter: { version: 'v2' },
    });
    assert.match(String(two.threadId), /^thread_/);
    assert.match(String(two.threadKey), /^tk_/);
    assert.deepEqual(two.messages, [
      { id: 't1-q', role: 'user', parts: [{ type: 'text', text: 'What are API keys?' }] },
      { id: 't1-a', role: 'assistant', parts: [{ type: 'text', text: first.answer }] },
      { id: 't2-q', role: 'user', parts: [{ type: 'text', text: 'Where are they stored?' }] },
    ]);
    assert.equal(h.emulator.requestsFor('assistant').length, 2, 'no 400 from the schema check, no retry');
  });

  it('keeps the thread key in the key store and never in the saved conversation', async () => {
    const threadKeys = memoryThreadKeys();
    const { chat, saved } = session({ threadKeys });
    await chat.ask('What are API keys?');
    const threadId = chat.conversation.thread.id!;
    const key = threadKeys.keys.get(threadKeyName({ origin: h.emulator.url, id: threadId }));
    assert.match(key ?? '', /^tk_/);
    assert.ok(saved.length >= 2);
    for (const data of saved) assert.ok(!JSON.stringify(data).includes(key!), 'no saved state holds the key');
    await chat.newConversation();
    assert.equal(threadKeys.keys.size, 0, 'the key goes with its conversation');
  });

  it('a restored conversation reads its thread key from the key store and goes on in the same thread', async () => {
    const threadKeys = memoryThreadKeys();
    const first = session({ threadKeys });
    await first.chat.ask('What are API keys?');
    const data = first.saved.at(-1);
    const restored = session({ conversation: Conversation.restore(data, threadKeys), threadKeys });
    const turn = await restored.chat.ask('And then?');
    assert.equal(turn?.status, 'done');
    const last = bodies().at(-1)!;
    assert.equal(last.threadId, first.chat.conversation.thread.id);
    assert.equal(last.threadKey, threadKeys.keys.get(threadKeyName({ origin: h.emulator.url, id: String(last.threadId) })));
    assert.equal(turn.notice, undefined, 'the thread was still known');
  });

  it("never sends a thread's key to another platform, even one that names that thread as its own (issue 40, item 2)", async () => {
    const threadKeys = memoryThreadKeys();
    const here = session({ threadKeys });
    await here.chat.ask('What are API keys?');
    const ours = here.chat.conversation.thread.id!;
    const ourKey = [...threadKeys.keys.values()][0];
    assert.match(ourKey, /^tk_/);
    // The base URL now names another platform, which answers with our thread's id as its own.
    const other = await PlatformEmulator.start({ clock: h.clock, searchDelayMs: 0, claimedThreadId: ours });
    try {
      const elsewhere = session({ threadKeys, client: h.client({ baseUrl: other.url }) });
      await elsewhere.chat.ask('Where are they stored?');
      assert.equal(elsewhere.chat.conversation.thread.id, ours, 'it named our thread as its own');
      // After a reload, that conversation goes on with the other platform: never with our key.
      const restored = session({
        conversation: Conversation.restore(elsewhere.saved.at(-1), threadKeys),
        threadKeys,
        client: h.client({ baseUrl: other.url }),
      });
      await restored.chat.ask('And rotated?');
      const sent = other.requestsFor('assistant').map((request) => request.body as Body);
      for (const body of sent) assert.notEqual(body.threadKey, ourKey, 'our thread key stays with our platform');
      assert.equal(sent.length, 2);
      assert.equal(sent[1].threadId, ours, "the other platform's thread goes on, without a key it never gave");
      assert.equal(sent[1].threadKey, undefined);
      // Our own platform's conversation still has its key.
      const back = session({ conversation: Conversation.restore(here.saved.at(-1), threadKeys), threadKeys });
      await back.chat.ask('And here?');
      assert.equal(bodies().at(-1)!.threadKey, ourKey);
    } finally {
      await other.close();
    }
  });

  it('names the button that fixes a failure the user can fix, and keeps it when restored', async () => {
    h.emulator.faults.add({ kind: 'status', status: 401, body: '{"message":"Invalid API key"}' }, { operation: 'assistant' });
    const { chat, saved } = session();
    const turn = await chat.ask('Anything?');
    assert.equal(turn?.status, 'failed');
    assert.equal(turn.error?.fix, 'setAssistantKey');
    assert.equal(Conversation.restore(saved.at(-1)).turns[0].error?.fix, 'setAssistantKey');
    assert.equal(
      Conversation.restore({ scope: { origin: 'o', domain: 'd' }, turns: [{ ...turn, error: { ...turn.error, fix: 'rm -rf' } }] }).turns[0]
        .error?.fix,
      undefined,
    );
  });

  it('when the thread has expired, asks the same question again at once in a new thread, with the whole conversation', async () => {
    const threadKeys = memoryThreadKeys();
    const { chat, log } = session({ threadKeys });
    const first = await chat.ask('What are API keys?');
    const oldThread = chat.conversation.thread.id!;
    h.emulator.config.threadsExpire = true;
    const turn = await chat.ask('Where are they stored?');
    assert.equal(turn?.status, 'done');
    assert.equal(turn.notice, expiredThreadNotice());
    const [, expired, renewed] = bodies();
    assert.equal(expired.threadId, oldThread);
    assert.equal(renewed.threadId, undefined, 'the new try starts a new thread');
    assert.deepEqual(
      renewed.messages.map((m) => m.role),
      ['user', 'assistant', 'user'],
      'no context is lost',
    );
    assert.equal(renewed.messages[1].parts[0].text, first!.answer);
    assert.equal(bodies().length, 3, 'asked once more, not again and again');
    assert.notEqual(chat.conversation.thread.id, oldThread);
    assert.equal(threadKeys.keys.has(threadKeyName({ origin: h.emulator.url, id: oldThread })), false, "the old thread's key is forgotten");
    assert.ok(log.lines.some((line) => /expired/.test(line)));
  });

  it('streams deltas whose sum is the answer, and says what the assistant searches for until the text starts', async () => {
    const { chat, events } = session();
    const turn = await chat.ask('How do I stop an answer?');
    const deltas = events.filter((event): event is Extract<ChatEvent, { type: 'delta' }> => event.type === 'delta');
    assert.ok(deltas.length > 20);
    assert.equal(deltas.map((event) => event.text).join(''), turn!.answer);
    assert.deepEqual([events[0].type, events.at(-1)!.type], ['turnStarted', 'turnEnded']);

    const activities = events
      .filter((event): event is Extract<ChatEvent, { type: 'activity' }> => event.type === 'activity')
      .map((event) => event.activity);
    assert.deepEqual(activities, [
      { kind: 'searching' },
      { kind: 'searching', query: 'How do I stop an answer?' },
      { kind: 'searching', query: 'How do I stop an answer?', found: 2 },
      undefined,
    ]);
    assert.equal(activityText(activities[2]!), 'Searching the documentation for "How do I stop an answer?"… found 2 pages.');
    const firstDelta = events.findIndex((event) => event.type === 'delta');
    const cleared = events.findIndex((event) => event.type === 'activity' && event.activity === undefined);
    assert.ok(cleared < firstDelta, 'the text replaces the activity');
  });

  describe('sources', () => {
    const sourcesFor = async (setup: () => void) => {
      setup();
      const { chat } = session();
      const turn = await chat.ask('How do I set up keys?');
      assert.equal(turn?.status, 'done');
      return { turn: turn, text: turn.answer, sources: turn.sources };
    };

    it('come from the search tool output and from source-url chunks alike: the same answer and the same pages', async () => {
      const live = await sourcesFor(() => (h.emulator.config.streamShape = 'live'));
      const spec = await sourcesFor(() => (h.emulator.config.streamShape = 'spec'));
      assert.equal(live.text, spec.text);
      assert.equal(live.sources.length, 2);
      assert.deepEqual(live.sources[0], { url: 'configuration/keys', title: 'API keys' });
      assert.deepEqual(
        spec.sources,
        live.sources.map((source) => ({ url: `https://docs.acme.example/${source.url}`, title: source.title })),
      );
    });

    it('read the output as an object, results with url instead of path, and results without titles', async () => {
      const object = await sourcesFor(() => (h.emulator.config.searchOutput = 'object'));
      assert.deepEqual(
        object.sources.map((source) => source.url),
        ['configuration/keys', 'reference/commands'],
      );
      const urls = await sourcesFor(() => (h.emulator.config.resultTarget = 'url'));
      assert.deepEqual(
        urls.sources.map((source) => source.url),
        ['https://docs.acme.example/configuration/keys', 'https://docs.acme.example/reference/commands'],
      );
      const untitled = await sourcesFor(() => (h.emulator.config.resultTitles = false));
      assert.deepEqual(untitled.sources[0], { url: 'https://docs.acme.example/configuration/keys' }, 'the view labels it by its path');
    });

    it('survive a 100 KB search output, are listed once per page in order of first appearance', async () => {
      h.emulator.config.largeSearchOutput = true;
      const { chat } = session();
      chat.attach(
        attachSelection({
          text: 'const keys = storeApiKeys(secretStorage);',
          source: { kind: 'file', path: 'src/keys.ts' },
          startLine: 1,
          endLine: 1,
        }),
      );
      const turn = await chat.ask('How do I set up keys?');
      assert.equal(turn?.status, 'done');
      const urls = turn.sources.map((source) => source.url);
      assert.equal(new Set(urls).size, urls.length, 'each page once, though both searches found some');
      assert.equal(urls[0], 'configuration/keys');
    });
    it('cost the same each, however many came before, and are kept to the first 50 pages (issue 28, item 1)', async function () {
      this.timeout(60_000);
      /** A session whose answer is `count` source chunks and as many search outputs, then one word. */
      const answerWith = async (count: number): Promise<{ turn: Turn; events: ChatEvent[] }> => {
        const conversation = new Conversation();
        const events: ChatEvent[] = [];
        const chat = new ChatSession({
          conversation,
          send: async (_origin, _request, { observer }) => {
            const builder = new AssistantMessageBuilder();
            const feed = (chunk: StreamChunk) => {
              builder.apply(chunk);
              observer?.onChunk?.(chunk, builder.message);
            };
            for (let i = 0; i < count; i++) {
              feed({ type: 'source-url', sourceId: `s${i}`, url: `https://docs.acme.example/page-${i}` });
              feed({ type: 'tool-input-start', toolCallId: `c${i}`, toolName: 'search' });
              feed({ type: 'tool-output-available', toolCallId: `c${i}`, output: [{ path: `found-${i}`, content: 'x' }] });
            }
            feed({ type: 'text-delta', id: 't', delta: 'Done.' });
            feed({ type: 'finish' });
            return { ok: true, value: { message: builder.message } };
          },
          settings: () => ({ origin: 'https://a.example', domain: 'd', fingerprint: 'f', retrievalPageSize: 5, filter: null }),
          newId: () => 't1',
          save: () => {},
        });
        chat.onEvent((event) => events.push(event));
        const turn = (await chat.ask('q'))!;
        return { turn, events };
      };
      // Eight times the chunks: eight times the time when each costs the same, sixty-four when each re-reads the answer so far.
      await assertProportional('source chunks', (count) => answerWith(count), 1_000);
      const { turn, events } = await answerWith(4_000);
      assert.equal(turn.sources.length, MAX_SOURCES);
      assert.deepEqual(turn.sources[1], { url: 'found-0' }, 'in order of first appearance, from either kind of chunk');
      assert.ok(events.filter((event) => event.type === 'sources').length <= MAX_SOURCES, 'once the list is full, no more events');
    });
  });

  it('a turn that ends with tool calls and no text fails in a sentence, keeps the pages found, and Retry asks again', async () => {
    h.emulator.config.noText = true;
    const { chat, events } = session();
    const turn = await chat.ask('What is the meaning of life?');
    assert.equal(turn?.status, 'failed');
    assert.deepEqual(turn.error, { kind: 'noAnswer', message: noAnswerMessage() });
    assert.equal(turn.answer, '');
    assert.ok(turn.sources.length > 0);
    assert.ok(
      events.some((event) => event.type === 'activity' && event.activity?.kind === 'working'),
      'an unknown tool reads as "Working…"',
    );
    h.emulator.config.noText = false;
    const again = await chat.retry(turn.id);
    assert.equal(again?.status, 'done');
  });

  it('sends back only parts the schema allows, whatever the answer held', async () => {
    const { chat } = session();
    await chat.ask('How do I stop an answer?');
    await chat.ask('And then?');
    const parts = bodies().flatMap((body) => body.messages.flatMap((message) => message.parts.map((part) => part.type)));
    assert.deepEqual([...new Set(parts)], ['text']);
  });

  it('sends an attached selection as context, with currentPath for a page, and then detaches it', async () => {
    const { chat } = session();
    chat.attach(attachSelection({ text: 'const x = 1;', source: { kind: 'file', path: 'src/x.ts' }, startLine: 3, endLine: 3 }));
    const turn = await chat.ask('');
    assert.equal(turn?.question, defaultSelectionQuestion());
    assert.equal(chat.pendingContext, undefined);
    chat.attach(attachSelection({ text: 'Press Stop', source: { kind: 'page', pagePath: 'guides/chat' }, startLine: 14, endLine: 15 }));
    await chat.ask('What does this mean?');
    const [code, page] = bodies();
    assert.deepEqual(code.context, [{ type: 'code', value: 'const x = 1;', path: 'src/x.ts' }]);
    assert.equal(code.currentPath, undefined);
    assert.deepEqual(page.context, [{ type: 'textSelection', value: 'Press Stop', path: 'guides/chat' }]);
    assert.equal(page.currentPath, 'guides/chat');
  });

  it('stops an answer and keeps what arrived', async () => {
    h.emulator.config.deltaDelayMs = 5;
    const { chat } = session();
    let deltas = 0;
    chat.onEvent((event) => event.type === 'delta' && ++deltas === 10 && chat.stop());
    const turn = await chat.ask('How do I set up keys?');
    assert.equal(turn?.status, 'stopped');
    assert.ok(turn.answer.length > 0);
    assert.equal(turn.error, undefined);
  });

  it('keeps a partial answer when the stream is cut, and Retry asks the same question again in its place', async () => {
    arm(h.emulator, { kind: 'dropMidStream', afterEvents: 30 }, { operation: 'assistant' });
    const { chat } = session();
    const failed = await chat.ask('How do I set up keys?');
    assert.equal(failed?.status, 'failed');
    assert.equal(failed.error?.kind, 'network');
    assert.match(failed.error.message, /interrupted/);
    assert.ok(failed.answer.length > 0);

    const retried = await chat.retry(failed.id);
    assert.equal(retried?.status, 'done');
    assert.deepEqual(
      chat.conversation.turns.map((turn) => turn.id),
      [retried.id],
    );
    const [, again] = bodies();
    assert.equal(again.messages.length, 1, 'the failed turn is not part of the history');
  });

  describe('rate limits', () => {
    /** Resolves when the session shows a wait, with that wait. */
    const nextWait = (events: ChatEvent[]) =>
      new Promise<Extract<TurnActivity, { kind: 'waiting' }>>((resolve) => {
        const seen = events.length;
        const check = () => {
          const found = events.slice(seen).find((event) => event.type === 'activity' && event.activity?.kind === 'waiting');
          if (found && found.type === 'activity' && found.activity?.kind === 'waiting') resolve(found.activity);
          else setTimeout(check, 5);
        };
        check();
      });

    it('a 429 with Retry-After shows the countdown at once, then asks again and answers', async () => {
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 27 }, { operation: 'assistant' });
      const timers = new FakeTimers();
      const { chat, events } = session({ timers });
      const asking = chat.ask('How do I set up keys?');
      const wait = await nextWait(events);
      assert.deepEqual(wait, { kind: 'waiting', reason: 'rateLimit', waitMs: 27_000 });
      assert.equal(activityText(wait, 26_400), "The platform's rate limit was reached. Trying again in 27 s…");
      assert.equal(chat.conversation.turns[0].status, 'streaming', 'the question waits, it is not lost');
      await timers.advance(26_000);
      assert.equal(h.emulator.requestsFor('assistant').length, 1, 'not asked again before the time');
      await timers.advance(1_000);
      const turn = await asking;
      assert.equal(turn?.status, 'done');
      assert.equal(h.emulator.requestsFor('assistant').length, 2);
    });

    it('without Retry-After backs off a few seconds, growing; Retry Now asks at once', async () => {
      arm(h.emulator, { kind: 'rateLimit' }, { operation: 'assistant', times: 2 });
      const timers = new FakeTimers();
      const { chat, events } = session({ timers });
      const asking = chat.ask('How do I set up keys?');
      const first = await nextWait(events);
      await timers.advance(first.waitMs);
      const second = await nextWait(events);
      assert.ok(first.waitMs >= 1_000 && first.waitMs <= 5_000, `${first.waitMs}`);
      assert.ok(second.waitMs > first.waitMs, 'the second wait is longer');
      chat.retryNow(chat.conversation.turns[0].id);
      assert.equal((await asking)?.status, 'done');
      assert.equal(h.emulator.requestsFor('assistant').length, 3);
    });

    it('a Retry-After over a minute, or a third 429 in a row, is not waited out: the turn says when to try again', async () => {
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 600 }, { operation: 'assistant' });
      const long = await session().chat.ask('q');
      assert.equal(long?.status, 'failed');
      assert.equal(long.error?.kind, 'rateLimited');
      assert.match(long.error.message, /Try again in 10 minutes/);
      assert.equal(h.emulator.requestsFor('assistant').length, 1);

      h.emulator.reset();
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 2 }, { operation: 'assistant', times: 3 });
      const timers = new FakeTimers();
      const { chat, events } = session({ timers });
      const asking = chat.ask('q');
      await timers.advance((await nextWait(events)).waitMs);
      await timers.advance((await nextWait(events)).waitMs);
      const third = await asking;
      assert.equal(third?.status, 'failed');
      assert.match(third.error!.message, /rate limit was reached/);
      assert.equal(h.emulator.requestsFor('assistant').length, 3);
    });

    it('Stop while waiting stops the turn and keeps the question for Retry', async () => {
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 30 }, { operation: 'assistant' });
      const timers = new FakeTimers();
      const { chat, events } = session({ timers });
      const asking = chat.ask('Keep me');
      await nextWait(events);
      chat.stop();
      const turn = await asking;
      assert.equal(turn?.status, 'stopped');
      assert.equal(turn.question, 'Keep me');
      assert.equal(timers.pending, 0, 'no timer is left behind');
    });
  });

  it('a new conversation forgets the turns and the thread', async () => {
    const { chat } = session();
    await chat.ask('What are API keys?');
    await chat.newConversation();
    assert.deepEqual(chat.conversation.toData(), { turns: [] });
    await chat.ask('Fresh start');
    assert.equal(bodies().at(-1)!.threadId, undefined);
  });

  it('a change of origin or domain starts a new conversation: nothing of the old one is sent', async () => {
    const { chat, events } = session();
    await chat.ask('What are API keys?');
    const moved = session({ conversation: chat.conversation, settings: { domain: 'other-docs' } });
    h.emulator.config.domain = 'other-docs';
    const turn = await moved.chat.ask('Where are they stored?');
    assert.equal(turn?.status, 'done');
    const last = bodies().at(-1)!;
    assert.equal(last.threadId, undefined);
    assert.deepEqual(
      last.messages.map((m) => m.parts[0].text),
      ['Where are they stored?'],
    );
    assert.equal(chat.conversation.turns[0].earlier, `${h.emulator.url} · acme-docs`, 'the old turn stays in view, marked');
    assert.equal(turn.earlier, undefined);
    assert.ok(moved.events.some((event) => event.type === 'replaced'));
    assert.ok(!events.some((event) => event.type === 'replaced'), 'the first session saw no change of connection');
  });

  it('saves when a turn starts, while it streams (not on every delta), and when it ends', async () => {
    h.emulator.config.deltaDelayMs = 1;
    const { chat, saved } = session();
    const turn = await chat.ask('How do I set up keys?');
    const statuses = saved.map((data) => (data as { turns: { status: string }[] }).turns[0].status);
    assert.equal(statuses[0], 'streaming', 'saved as soon as the question is asked');
    assert.equal(statuses.at(-1), 'done');
    assert.ok(saved.length < 10, `not on every delta: ${saved.length} saves for an answer of ${turn!.answer.length} characters`);
  });

  it('two questions asked at once never stream at the same time', async () => {
    h.emulator.config.deltaDelayMs = 2;
    const { chat, events } = session();
    const first = chat.ask('How do I set up keys?');
    const second = chat.ask('What are API keys?');
    const third = chat.ask('How do I stop an answer?');
    const turns = await Promise.all([first, second, third]);
    let running = 0;
    let most = 0;
    for (const event of events) {
      if (event.type === 'turnStarted') most = Math.max(most, ++running);
      if (event.type === 'turnEnded') running -= 1;
    }
    assert.equal(most, 1);
    assert.equal(turns.filter((turn) => turn?.status === 'done').length, 1, 'the last question is answered; the others were stopped');
  });
});

describe('conversation data', () => {
  it('restores turn by turn, keeping the good ones, and a turn cut by a reload as stopped', () => {
    assert.deepEqual(Conversation.restore(undefined).turns, []);
    const scope = { origin: 'https://api.example.com', domain: 'acme' };
    const good = { id: 'a', question: 'q', answer: 'partial', sources: [{ url: 'guides/x', title: 'X' }], status: 'streaming' };
    const restored = Conversation.restore({
      scope,
      threadId: 'th',
      turns: [
        { id: 1 },
        good,
        { ...good, id: 'b', context: { label: 'x.ts:1', item: { type: 'code' } } },
        { ...good, id: 'c', status: 'exploded' },
        { ...good, id: 'd', status: 'done', sources: [{ url: 7 }, { url: 'ok' }] },
      ],
    });
    assert.deepEqual(
      restored.turns.map((turn) => turn.id),
      ['a', 'd'],
    );
    assert.equal(restored.turns[0].status, 'stopped');
    assert.deepEqual(restored.turns[1].sources, [{ url: 'ok' }]);
    assert.equal(restored.thread.id, 'th');
    assert.deepEqual(restored.scope, scope);
  });

  it('marks turns saved without a connection (by an earlier version) as not to be sent again', () => {
    const restored = Conversation.restore({
      threadId: 'th',
      threadKey: 'tk_old',
      turns: [{ id: 'a', question: 'q', answer: 'a', sources: [], status: 'done' }],
    });
    assert.equal(restored.turns[0].earlier, 'an earlier version of Docs Assistant');
    assert.equal(restored.thread.id, undefined);
    assert.ok(!JSON.stringify(restored.toData()).includes('tk_old'));
  });

  it('drops the oldest turns from the history past the limit', () => {
    const conversation = new Conversation();
    for (const id of ['a', 'b', 'c'])
      conversation.turns.push({ id, question: `${id}?`, answer: id.repeat(100), sources: [], status: 'done' });
    const turn = { id: 'd', question: 'd?', answer: '', sources: [], status: 'streaming' as const };
    conversation.turns.push(turn);
    const { messages, dropped } = conversation.messagesFor(turn, 200);
    assert.equal(dropped, 2);
    assert.deepEqual(
      messages.map((message) => message.id),
      ['c-q', 'c-a', 'd-q'],
    );
  });
});

describe('selection context', () => {
  it('labels the chip with the path and lines, and trims a long selection with a note', () => {
    const small = attachSelection({ text: 'x', source: { kind: 'file', path: 'src/a.ts' }, startLine: 1, endLine: 4 });
    assert.equal(small.label, 'src/a.ts:1-4');
    assert.equal(trimNote(small), undefined);
    const big = attachSelection({
      text: 'y'.repeat(MAX_SELECTION_CHARS + 5),
      source: { kind: 'file', path: 'a.ts' },
      startLine: 1,
      endLine: 900,
    });
    assert.equal(big.item!.value.length, MAX_SELECTION_CHARS);
    assert.equal(trimNote(big), 'Trimmed to the first 20,000 of 20,005 characters.');
  });

  it('does not send a page path over 200 characters as currentPath', () => {
    const long = attachSelection({ text: 'x', source: { kind: 'page', pagePath: 'p'.repeat(201) }, startLine: 1, endLine: 1 });
    assert.equal(long.currentPath, undefined);
    assert.equal(long.item!.path, 'p'.repeat(201));
  });
});
