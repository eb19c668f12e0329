// Runs the conversation's turns against the platform: one answer at a time, streamed as events,
// stoppable, retryable. Knows nothing of VS Code; the chat view listens to its events.

import type { AssistantCallOptions, AssistantOutcome } from '../platform/client';
import type { AssistantRequest, SearchFilter } from '../platform/assistantRequest';
import { Emitter } from '../util/disposable';
import type { AttachedContext, Conversation, SourceLink, Turn } from './conversation';

export interface ChatSettings {
  readonly domain: string;
  readonly fingerprint: string;
  readonly retrievalPageSize: number;
  readonly filter: SearchFilter | null;
}

export type ChatEvent =
  | { readonly type: 'turnStarted'; readonly turn: Turn }
  /** Text appended to the answer of `turnId`. */
  | { readonly type: 'delta'; readonly turnId: string; readonly text: string }
  | { readonly type: 'sources'; readonly turnId: string; readonly sources: readonly SourceLink[] }
  | { readonly type: 'turnEnded'; readonly turn: Turn }
  | { readonly type: 'turnRemoved'; readonly turnId: string }
  | { readonly type: 'cleared' }
  | { readonly type: 'context'; readonly context: AttachedContext | undefined };

export interface ChatSessionDeps {
  readonly conversation: Conversation;
  readonly send: (request: AssistantRequest, options: AssistantCallOptions) => Promise<AssistantOutcome>;
  readonly settings: () => ChatSettings;
  readonly newId: () => string;
  /** Called whenever the conversation reached a state worth saving. */
  readonly save: () => void;
}

/** The question sent when the user sends an attached selection without typing one. */
export const DEFAULT_SELECTION_QUESTION = 'Explain this selection using the documentation.';

export class ChatSession {
  private readonly events = new Emitter<ChatEvent>();
  readonly onEvent = this.events.event;
  private running: { turn: Turn; controller: AbortController; done: Promise<Turn> } | undefined;
  private attached: AttachedContext | undefined;

  constructor(private readonly deps: ChatSessionDeps) {}

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
    const text = question.trim() || (context ? DEFAULT_SELECTION_QUESTION : '');
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

  stop(): void {
    this.running?.controller.abort();
  }

  async newConversation(): Promise<void> {
    this.stop();
    await this.running?.done;
    this.conversation.clear();
    this.events.fire({ type: 'cleared' });
    this.deps.save();
  }

  dispose(): void {
    this.stop();
    this.events.dispose();
  }

  private async start(question: string, context: AttachedContext | undefined): Promise<Turn> {
    if (this.running) {
      this.stop();
      await this.running?.done;
    }
    const turn: Turn = { id: this.deps.newId(), question, answer: '', sources: [], status: 'streaming', ...(context ? { context } : {}) };
    this.conversation.turns.push(turn);
    const controller = new AbortController();
    const done = this.run(turn, controller.signal);
    this.running = { turn, controller, done };
    this.events.fire({ type: 'turnStarted', turn });
    try {
      return await done;
    } finally {
      if (this.running?.turn === turn) this.running = undefined;
      this.events.fire({ type: 'turnEnded', turn });
      this.deps.save();
    }
  }

  private async run(turn: Turn, signal: AbortSignal): Promise<Turn> {
    const settings = this.deps.settings();
    const conversation = this.conversation;
    const sentThreadId = conversation.threadId;
    const request: AssistantRequest = {
      domain: settings.domain,
      fp: settings.fingerprint,
      messages: conversation.messagesFor(turn),
      retrievalPageSize: settings.retrievalPageSize,
      filter: settings.filter,
      ...(sentThreadId === undefined ? {} : { threadId: sentThreadId, ...(conversation.threadKey === undefined ? {} : { threadKey: conversation.threadKey }) }),
      ...(turn.context ? { context: [turn.context.item] } : {}),
      ...(turn.context?.currentPath ? { currentPath: turn.context.currentPath } : {}),
    };
    // Several text parts read as paragraphs: a blank line goes between them.
    let lastTextPart: string | undefined;
    const outcome = await this.deps.send(request, {
      signal,
      observer: {
        onResponse: ({ threadId, threadKey }) => {
          if (sentThreadId === undefined && threadId !== undefined) {
            conversation.threadId = threadId;
            conversation.threadKey = threadKey;
          }
        },
        onChunk: (chunk) => {
          if (chunk.type === 'text-delta') {
            const text = lastTextPart !== undefined && lastTextPart !== chunk.id && turn.answer !== '' ? `\n\n${chunk.delta}` : chunk.delta;
            lastTextPart = chunk.id;
            turn.answer += text;
            this.events.fire({ type: 'delta', turnId: turn.id, text });
          } else if (chunk.type === 'source-url' && !turn.sources.some((source) => source.url === chunk.url)) {
            turn.sources.push({ url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) });
            this.events.fire({ type: 'sources', turnId: turn.id, sources: turn.sources });
          }
        },
      },
    });
    if (outcome.ok) {
      if (sentThreadId === undefined && outcome.value.threadId !== undefined) {
        conversation.threadId = outcome.value.threadId;
        conversation.threadKey = outcome.value.threadKey ?? conversation.threadKey;
      }
      turn.status = 'done';
    } else if (outcome.error.kind === 'cancelled' && signal.aborted) {
      turn.status = 'stopped';
    } else {
      turn.status = 'failed';
      turn.error = { kind: outcome.error.kind, message: outcome.error.message };
    }
    return turn;
  }
}
