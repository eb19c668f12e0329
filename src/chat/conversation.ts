// The conversation: its turns and its thread. Plain data, so it can be saved to workspace state
// and restored after a reload, and tested without VS Code.

import type { ContextItem, ConversationMessage } from '../platform/assistantRequest';
import type { PlatformErrorKind } from '../platform/errors';

export interface SourceLink {
  readonly url: string;
  readonly title?: string;
}

/** A context item as the chip shows it: the file (or page) and lines it came from. */
export interface AttachedContext {
  readonly item: ContextItem;
  /** `src/app.ts:12-30`, or a page's path. */
  readonly label: string;
  /** Set when the selection was longer than the limit and was cut. */
  readonly trimmedFrom?: number;
  /** For a selection in a documentation page: that page, sent as `currentPath`. */
  readonly currentPath?: string;
}

export type TurnStatus = 'streaming' | 'done' | 'stopped' | 'failed';

export interface Turn {
  readonly id: string;
  readonly question: string;
  readonly context?: AttachedContext;
  answer: string;
  sources: SourceLink[];
  status: TurnStatus;
  error?: { readonly kind: PlatformErrorKind; readonly message: string };
}

export interface ConversationData {
  readonly threadId?: string;
  readonly threadKey?: string;
  readonly turns: readonly Turn[];
}

export class Conversation {
  threadId: string | undefined;
  threadKey: string | undefined;
  readonly turns: Turn[] = [];

  static restore(data: unknown): Conversation {
    const conversation = new Conversation();
    if (!isConversationData(data)) return conversation;
    conversation.threadId = data.threadId;
    conversation.threadKey = data.threadKey;
    // A turn saved while streaming was cut off by the reload.
    for (const turn of data.turns) conversation.turns.push(turn.status === 'streaming' ? { ...turn, status: 'stopped' } : { ...turn });
    return conversation;
  }

  toData(): ConversationData {
    return { threadId: this.threadId, threadKey: this.threadKey, turns: this.turns.map((turn) => ({ ...turn })) };
  }

  /**
   * What is sent for `turn`: every earlier turn that has an answer, as a user and an assistant
   * message, then this turn's question. Failed turns are left out: the server never saw them end.
   */
  messagesFor(turn: Turn): ConversationMessage[] {
    const messages: ConversationMessage[] = [];
    for (const earlier of this.turns) {
      if (earlier === turn) break;
      if (earlier.status === 'failed' || earlier.answer === '') continue;
      messages.push({ id: `${earlier.id}-q`, role: 'user', parts: [{ type: 'text', text: earlier.question }] });
      messages.push({ id: `${earlier.id}-a`, role: 'assistant', parts: [{ type: 'text', text: earlier.answer }] });
    }
    messages.push({ id: `${turn.id}-q`, role: 'user', parts: [{ type: 'text', text: turn.question }] });
    return messages;
  }

  clear(): void {
    this.turns.length = 0;
    this.threadId = undefined;
    this.threadKey = undefined;
  }
}

function isConversationData(data: unknown): data is ConversationData {
  if (typeof data !== 'object' || data === null) return false;
  const turns = (data as { turns?: unknown }).turns;
  return (
    Array.isArray(turns) &&
    turns.every((turn: Partial<Turn>) => typeof turn?.id === 'string' && typeof turn.question === 'string' && typeof turn.answer === 'string' && Array.isArray(turn.sources))
  );
}
