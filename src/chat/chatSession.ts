// Runs the conversation's turns against the platform: one answer at a time, streamed as events,
// stoppable, retryable. It says what the assistant is doing while it searches, lists the pages
// it drew on, carries a conversation into a new thread when the old one expired, and waits out
// a short rate limit in view. Knows nothing of VS Code; the chat view listens to its events.

import type { AssistantRequest } from '../platform/assistantRequest';
import type { AssistantCallOptions, AssistantOutcome } from '../platform/client';
import { type Logger, silentLogger } from '../log/logger';
import { Emitter } from '../util/disposable';
import { realTimers, type Timers } from '../util/timers';
import type { TurnActivity } from '../shared/activity';
import type { ChatEvent } from './chatEvent';
import { TurnStream } from './turnStream';
import { actionForError } from '../settings/setupActions';
import { isWaitable, repeatedLimit, visibleWait, waitOut } from './rateLimitWaits';

import {
  type AttachedContext,
  type Conversation,
  expiredThreadNotice,
  type RequestSettings,
  type Turn,
  type TurnError,
} from './conversation';
import { defaultSelectionQuestion, noAnswerMessage, noBaseUrl, somethingWentWrong } from './turnWords';

export { defaultSelectionQuestion, noAnswerMessage };

export interface ChatSettings extends RequestSettings {
  /** The origin of the base URL in force; undefined when it is not set or not valid. */
  readonly origin: string | undefined;
}

export interface ChatSessionDeps {
  readonly conversation: Conversation;
  /** Sends to the platform at `origin`; must fail rather than send anywhere else. */
  readonly send: (origin: string, request: AssistantRequest, options: AssistantCallOptions) => Promise<AssistantOutcome>;
  readonly settings: () => ChatSettings;
  readonly newId: () => string;
  /** Called whenever the conversation reached a state worth saving. */
  readonly save: () => void;
  readonly timers?: Timers;
  readonly log?: Logger;
  readonly random?: () => number;
}

/** Saves while an answer streams are at least this far apart. */
const SAVE_INTERVAL_MS = 2_000;

interface Running {
  readonly turn: Turn;
  readonly controller: AbortController;
  readonly done: Promise<void>;
  /** Ends a rate-limit wait early (Retry Now). */
  skipWait?: () => void;
}

export class ChatSession {
  private readonly events = new Emitter<ChatEvent>();
  readonly onEvent = this.events.event;
  private running: Running | undefined;
  private attached: AttachedContext | undefined;
  private readonly timers: Timers;
  private readonly log: Logger;
  private lastSave = -Infinity;

  constructor(private readonly deps: ChatSessionDeps) {
    this.timers = deps.timers ?? realTimers;
    this.log = deps.log ?? silentLogger;
  }

  get conversation(): Conversation {
    return this.deps.conversation;
  }

  get answering(): boolean {
    return this.running !== undefined;
  }

  get pendingContext(): AttachedContext | undefined {
    return this.attached;
  }

  /** Attaches a selection to the next question (replacing any other), or removes it. */
  attach(context: AttachedContext | undefined): void {
    this.attached = context;
    this.events.fire({ type: 'context', context });
  }

  /**
   * Asks `question` with the attached context, stopping an answer still streaming first.
   * Resolves with the finished turn, or undefined when there is nothing to ask.
   */
  async ask(question: string): Promise<Turn | undefined> {
    const context = this.attached;
    const text = question.trim() || (context ? defaultSelectionQuestion() : '');
    if (text === '') return undefined;
    if (context) this.attach(undefined);
    return this.start(text, context);
  }

  /** Asks a failed or stopped turn's question again, in its place. */
  async retry(turnId: string): Promise<Turn | undefined> {
    const turns = this.conversation.turns;
    const index = turns.findIndex((turn) => turn.id === turnId);
    if (index < 0 || turns[index].status === 'streaming' || turns[index].status === 'done') return undefined;
    const [old] = turns.splice(index, 1);
    this.events.fire({ type: 'turnRemoved', turnId });
    return this.start(old.question, old.context);
  }

  /** Ends a rate-limit wait of `turnId` now and asks again. */
  retryNow(turnId: string): void {
    if (this.running?.turn.id === turnId) this.running.skipWait?.();
  }

  stop(): void {
    this.running?.controller.abort();
  }

  async newConversation(): Promise<void> {
    await this.stopRunning();
    this.conversation.clear();
    this.events.fire({ type: 'replaced' });
    this.saveNow();
  }

  dispose(): void {
    this.stop();
    this.events.dispose();
  }

  private async stopRunning(): Promise<void> {
    // Another ask may start while this one waits: stop whatever runs until nothing does.
    while (this.running) {
      this.stop();
      await this.running.done;
    }
  }

  private async start(question: string, context: AttachedContext | undefined): Promise<Turn> {
    // Another ask may have started while this one waited: check again after every wait.
    do {
      await this.stopRunning();
    } while (this.running);
    const settings = this.deps.settings();
    this.enterScope(settings);
    const turn: Turn = { id: this.deps.newId(), question, answer: '', sources: [], status: 'streaming', ...(context ? { context } : {}) };
    this.conversation.turns.push(turn);
    const controller = new AbortController();
    const running: Running = { turn, controller, done: Promise.resolve() };
    this.running = running;
    this.events.fire({ type: 'turnStarted', turn });
    this.saveNow();
    const done = this.run(turn, settings, running).catch((error: unknown) => {
      // A bug must not leave the turn answering forever.
      this.log.error(`The chat turn failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
      this.fail(turn, somethingWentWrong());
    });
    (running as { done: Promise<void> }).done = done;
    try {
      await done;
      return turn;
    } finally {
      delete turn.activity;
      if (this.running === running) this.running = undefined;
      this.events.fire({ type: 'turnEnded', turn });
      this.saveNow();
    }
  }

  /** Asked of another origin or domain than the conversation's: says so, and shows it anew. */
  private enterScope(settings: ChatSettings): void {
    const scope = settings.origin ? { origin: settings.origin, domain: settings.domain } : undefined;
    if (!this.conversation.enter(scope)) return;
    this.log.info(
      `The base URL or domain changed; a new conversation starts with ${scope ? `${scope.origin} · ${scope.domain}` : 'the new settings'}.`,
    );
    this.events.fire({ type: 'replaced' });
  }

  private async run(turn: Turn, settings: ChatSettings, running: Running): Promise<void> {
    const signal = running.controller.signal;
    const origin = settings.origin;
    if (!origin) return this.fail(turn, noBaseUrl());
    let rateLimitHits = 0;
    let renewedThread = false;
    for (;;) {
      const outcome = await this.attempt(turn, settings, origin, signal);
      if (outcome.ok) {
        if (turn.answer.trim() === '') this.fail(turn, { kind: 'noAnswer', message: noAnswerMessage() });
        else turn.status = 'done';
        return;
      }
      const error = outcome.error;
      if (error.kind === 'cancelled' && signal.aborted) {
        turn.status = 'stopped';
        return;
      }
      const answered = turn.answer !== '';
      if (!answered && error.kind === 'notFound' && outcome.sentThread && !renewedThread) {
        // The thread expired: the same question at once in a new thread; `messages` carries the context.
        renewedThread = true;
        await this.conversation.thread.forget();
        turn.notice = expiredThreadNotice();
        this.log.info('The thread was unknown to the platform (expired); asking again in a new thread.');
        continue;
      }
      if (!answered && isWaitable(error)) {
        rateLimitHits += 1;
        const waitMs = visibleWait(error, rateLimitHits, this.deps.random ?? Math.random);
        if (waitMs !== undefined) {
          const reason = error.kind === 'rateLimited' ? 'rateLimit' : 'busy';
          if ((await this.wait(turn, running, { kind: 'waiting', reason, waitMs })) === 'stopped') {
            turn.status = 'stopped';
            return;
          }
          continue;
        }
        const givenUp = repeatedLimit(error, rateLimitHits);
        if (givenUp) return this.fail(turn, givenUp);
      }
      const fix = actionForError(error);
      return this.fail(turn, { kind: error.kind, message: error.message, ...(fix ? { fix } : {}) });
    }
  }

  /** One request for the turn: builds it from the conversation as it is now and streams the answer in. */
  private async attempt(
    turn: Turn,
    settings: ChatSettings,
    origin: string,
    signal: AbortSignal,
  ): Promise<AssistantOutcome & { sentThread: boolean }> {
    const conversation = this.conversation;
    const thread = await conversation.thread.forNextTurn(origin);
    const { request, dropped } = conversation.requestFor(turn, settings, thread);
    if (dropped > 0)
      this.log.info(`The conversation is long: its ${dropped} oldest turn${dropped === 1 ? ' is' : 's are'} not sent with this question.`);
    const stream = new TurnStream(
      turn,
      (event) => this.events.fire(event),
      () => this.saveWhileStreaming(),
    );
    const outcome = await this.deps.send(origin, request, {
      signal,
      observer: {
        onResponse: (headers) => {
          if (!thread && headers.threadId !== undefined) conversation.thread.adopt(origin, headers.threadId, headers.threadKey);
        },
        onChunk: (chunk) => stream.apply(chunk),
      },
    });
    // The spec's shape names the thread only on `finish`.
    const reply = outcome.ok ? outcome.value : outcome.partial;
    if (!thread && reply?.threadId !== undefined && conversation.thread.id === undefined)
      conversation.thread.adopt(origin, reply.threadId, reply.threadKey);
    return { ...outcome, sentThread: thread !== undefined };
  }

  /** Shows the wait in the turn and waits it out; Retry Now ends it early, Stop ends the turn. */
  private async wait(turn: Turn, running: Running, activity: Extract<TurnActivity, { kind: 'waiting' }>): Promise<'elapsed' | 'stopped'> {
    turn.activity = activity;
    this.events.fire({ type: 'activity', turnId: turn.id, activity });
    const how = await waitOut(activity.waitMs, running.controller.signal, this.timers, (skip) => (running.skipWait = skip));
    running.skipWait = undefined;
    delete turn.activity;
    this.events.fire({ type: 'activity', turnId: turn.id, activity: undefined });
    return how;
  }

  private fail(turn: Turn, error: TurnError): void {
    turn.status = 'failed';
    turn.error = error;
  }

  private saveNow(): void {
    this.lastSave = this.timers.now();
    this.deps.save();
  }

  /** While an answer streams: at most every SAVE_INTERVAL_MS. */
  private saveWhileStreaming(): void {
    if (this.timers.now() - this.lastSave >= SAVE_INTERVAL_MS) this.saveNow();
  }
}
