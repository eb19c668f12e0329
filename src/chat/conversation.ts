// The conversation: its turns, its thread, and the connection (base-URL origin and domain) it is
// held with. Saved to workspace state and restored after a reload, tested without VS Code. Its
// thread's key is a secret, kept by the thread (ChatThread), never in the saved data.

import * as l10n from '@vscode/l10n';
import type { AssistantRequest, ContextItem, ConversationMessage, SearchFilter } from '../platform/assistantRequest';
import type { PlatformErrorKind } from '../platform/errors';
import type { TurnActivity } from '../shared/activity';
import type { SourceLink, TurnStatus } from '../shared/protocol';
import { SETUP_ACTIONS, type SetupAction } from '../shared/setupActionTitles';
import { ChatThread, memoryThreadKeys, type ThreadFields, type ThreadKeyStore, type ThreadRef } from './chatThread';

export type { SourceLink, TurnStatus };

/**
 * What the next question is about, as the chip shows it: a selection (a context item, with the file
 * or page and lines it came from), or a documentation page as a whole (only `currentPath`).
 */
export interface AttachedContext {
  readonly item?: ContextItem;
  /** Further items sent with it: the other files a question in VS Code's Chat view referred to. */
  readonly more?: readonly ContextItem[];
  /** `src/app.ts:12-30`, or a page's path. */
  readonly label: string;
  /** Set when the selection was longer than the limit and was cut. */
  readonly trimmedFrom?: number;
  /** For a selection in a documentation page: that page, sent as `currentPath`. */
  readonly currentPath?: string;
}

/** Why a turn failed: a platform error, or an answer that finished without any text. */
export type TurnErrorKind = PlatformErrorKind | 'noAnswer';

export interface TurnError {
  readonly kind: TurnErrorKind;
  readonly message: string;
  /** The set-up action that fixes the cause, when the user can: its button goes with the sentence. */
  readonly fix?: SetupAction;
}

export interface Turn {
  readonly id: string;
  readonly question: string;
  readonly context?: AttachedContext;
  answer: string;
  sources: SourceLink[];
  status: TurnStatus;
  error?: TurnError;
  /** Something the reader should know about how the answer came about. */
  notice?: string;
  /** Set once the connection changed: the origin and domain this turn was asked of. Never sent again. */
  earlier?: string;
  /** What the assistant is doing while no text has come; not saved. */
  activity?: TurnActivity;
}

/** The settings a request carries. */
export interface RequestSettings {
  readonly domain: string;
  readonly fingerprint: string;
  readonly retrievalPageSize: number;
  readonly filter: SearchFilter | null;
}

/** Where a conversation is held: what it may be sent to. */
export interface ConversationScope {
  readonly origin: string;
  readonly domain: string;
}

export interface ConversationData {
  readonly scope?: ConversationScope;
  readonly threadId?: string;
  readonly turns: readonly Turn[];
}

export function expiredThreadNotice(): string {
  return l10n.t('The earlier thread had expired; this answer continues in a new one.');
}

/** The history sent back is cut to this many characters of text, oldest turns first. */
export const MAX_HISTORY_CHARS = 400_000;

const TURN_STATUSES: readonly TurnStatus[] = ['streaming', 'done', 'stopped', 'failed'];

export class Conversation {
  scope: ConversationScope | undefined;
  readonly thread: ChatThread;
  readonly turns: Turn[] = [];

  /** A new conversation, whose thread keys go to `keys`, going on in `thread` when given. */
  constructor(keys: ThreadKeyStore = memoryThreadKeys(), thread?: ThreadRef) {
    this.thread = new ChatThread(keys, thread);
  }

  /**
   * Restores saved data turn by turn: a turn that does not check out is dropped, the others are
   * kept. A turn saved while streaming was cut off by the reload, so it is stopped.
   */
  static restore(data: unknown, keys?: ThreadKeyStore): Conversation {
    if (!isRecord(data)) return new Conversation(keys);
    const scope =
      isRecord(data.scope) && typeof data.scope.origin === 'string' && typeof data.scope.domain === 'string'
        ? { origin: data.scope.origin, domain: data.scope.domain }
        : undefined;
    // The thread is the platform's the conversation was held with; without one, there is none.
    const threadId = typeof data.threadId === 'string' && data.threadId !== '' ? data.threadId : undefined;
    const conversation = new Conversation(keys, scope && threadId ? { origin: scope.origin, id: threadId } : undefined);
    conversation.scope = scope;
    for (const saved of Array.isArray(data.turns) ? data.turns : []) {
      const turn = restoreTurn(saved);
      if (turn && !conversation.turns.some((other) => other.id === turn.id)) conversation.turns.push(turn);
    }
    // Turns saved before conversations knew their connection cannot be told apart from another origin's.
    if (!conversation.scope) conversation.leaveConnection(l10n.t('an earlier version of Docs Assistant'));
    return conversation;
  }

  toData(): ConversationData {
    return {
      ...(this.scope ? { scope: this.scope } : {}),
      ...(this.thread.id ? { threadId: this.thread.id } : {}),
      turns: this.turns.map(({ activity: _activity, ...turn }) => ({ ...turn })),
    };
  }

  /**
   * The conversation belongs to the origin and domain it was held with. Entered with another, its
   * turns stay in view as an earlier connection's and a new conversation begins: nothing of the old
   * one is sent to the new place. Whether that happened.
   */
  enter(scope: ConversationScope | undefined): boolean {
    const current = this.scope;
    if (current && scope && current.origin === scope.origin && current.domain === scope.domain) return false;
    const left = current !== undefined && this.turns.some((turn) => turn.earlier === undefined);
    if (left) this.leaveConnection(`${current.origin} · ${current.domain}`);
    this.scope = scope;
    return left;
  }

  /** The request that asks `turn`: the conversation so far, its context, the thread, the settings. */
  requestFor(turn: Turn, settings: RequestSettings, thread: ThreadFields | undefined): { request: AssistantRequest; dropped: number } {
    const { messages, dropped } = this.messagesFor(turn);
    const request: AssistantRequest = {
      domain: settings.domain,
      fp: settings.fingerprint,
      messages,
      retrievalPageSize: settings.retrievalPageSize,
      filter: settings.filter,
      ...thread,
      ...(turn.context?.item ? { context: [turn.context.item, ...(turn.context.more ?? [])] } : {}),
      ...(turn.context?.currentPath ? { currentPath: turn.context.currentPath } : {}),
    };
    return { request, dropped };
  }

  /** Marks every turn as asked of `label`, and forgets the thread: nothing of it goes anywhere again. */
  leaveConnection(label: string): void {
    for (const turn of this.turns) turn.earlier ??= label;
    this.scope = undefined;
    void this.thread.forget();
  }

  /**
   * What is sent for `turn`: earlier turns of this connection that have an answer, as a user and an
   * assistant message each, then this turn's question. Failed turns are left out (the server never
   * saw them end), and so are the oldest turns once the history passes `maxChars`.
   */
  messagesFor(turn: Turn, maxChars = MAX_HISTORY_CHARS): { messages: ConversationMessage[]; dropped: number } {
    const pairs: ConversationMessage[][] = [];
    for (const earlier of this.turns) {
      if (earlier === turn) break;
      if (earlier.earlier !== undefined || earlier.status === 'failed' || earlier.answer === '') continue;
      pairs.push([
        { id: `${earlier.id}-q`, role: 'user', parts: [{ type: 'text', text: earlier.question }] },
        { id: `${earlier.id}-a`, role: 'assistant', parts: [{ type: 'text', text: earlier.answer }] },
      ]);
    }
    let budget = maxChars - turn.question.length;
    let kept = pairs.length;
    while (kept > 0) {
      const size = pairs[kept - 1].reduce((sum, message) => sum + textLength(message), 0);
      if (size > budget) break;
      budget -= size;
      kept -= 1;
    }
    const messages = pairs.slice(kept).flat();
    messages.push({ id: `${turn.id}-q`, role: 'user', parts: [{ type: 'text', text: turn.question }] });
    return { messages, dropped: kept };
  }

  clear(): void {
    this.turns.length = 0;
    this.scope = undefined;
    void this.thread.forget();
  }
}

function textLength(message: ConversationMessage): number {
  return message.parts.reduce((sum, part) => sum + ('text' in part ? part.text.length : 0), 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const optionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

/** A saved turn, every field checked; undefined when it cannot be trusted. */
function restoreTurn(saved: unknown): Turn | undefined {
  if (!isRecord(saved)) return undefined;
  const { id, question, answer, status, sources, error, notice, earlier } = saved;
  if (typeof id !== 'string' || id === '' || typeof question !== 'string' || typeof answer !== 'string') return undefined;
  if (!TURN_STATUSES.includes(status as TurnStatus) || !optionalString(notice) || !optionalString(earlier)) return undefined;
  const context = saved.context === undefined ? undefined : restoreContext(saved.context);
  if (saved.context !== undefined && !context) return undefined;
  if (error !== undefined && !(isRecord(error) && typeof error.kind === 'string' && typeof error.message === 'string')) return undefined;
  const links = Array.isArray(sources)
    ? sources.filter((source): source is SourceLink => isRecord(source) && optionalString(source.url) && optionalString(source.title))
    : [];
  return {
    id,
    question,
    answer,
    sources: links.map((source) => ({
      ...(source.url !== undefined ? { url: source.url } : {}),
      ...(source.title !== undefined ? { title: source.title } : {}),
    })),
    status: status === 'streaming' ? 'stopped' : (status as TurnStatus),
    ...(context ? { context } : {}),
    ...(isRecord(error) ? { error: restoreError(error) } : {}),
    ...(notice !== undefined ? { notice } : {}),
    ...(earlier !== undefined ? { earlier } : {}),
  };
}

function restoreError(error: Record<string, unknown>): TurnError {
  const fix = SETUP_ACTIONS.find((action) => action === error.fix);
  return { kind: error.kind as TurnErrorKind, message: error.message as string, ...(fix ? { fix } : {}) };
}

function restoreItem(saved: unknown): ContextItem | undefined {
  if (!isRecord(saved)) return undefined;
  const { type, value, path, elementId } = saved;
  if ((type !== 'code' && type !== 'textSelection') || typeof value !== 'string' || !optionalString(path) || !optionalString(elementId))
    return undefined;
  return { type, value, ...(path !== undefined ? { path } : {}), ...(elementId !== undefined ? { elementId } : {}) };
}

function restoreContext(saved: unknown): AttachedContext | undefined {
  if (!isRecord(saved) || typeof saved.label !== 'string') return undefined;
  if (!optionalString(saved.currentPath) || (saved.trimmedFrom !== undefined && typeof saved.trimmedFrom !== 'number')) return undefined;
  const item = saved.item === undefined ? undefined : restoreItem(saved.item);
  if (saved.item !== undefined && !item) return undefined;
  if (!item && saved.currentPath === undefined) return undefined;
  return {
    ...(item ? { item } : {}),
    label: saved.label,
    ...(typeof saved.trimmedFrom === 'number' ? { trimmedFrom: saved.trimmedFrom } : {}),
    ...(saved.currentPath !== undefined ? { currentPath: saved.currentPath } : {}),
  };
}
