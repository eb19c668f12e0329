// A conversation in VS Code's Chat view, as the platform is sent it: the earlier questions to
// @docs and the answers it gave, and the platform's thread, named in each answer's result (its
// key stays in secret storage). The Chat view keeps the history; nothing here is saved.

import type { ThreadKeyStore } from '../chat/chatThread';
import { Conversation, type ConversationScope } from '../chat/conversation';
import type { Suggestion } from '../shared/suggestions';

/** What an answer's result carries for the next question: where it was asked, and its thread. */
export interface AnswerMetadata {
  readonly origin: string;
  readonly domain: string;
  readonly threadId?: string;
  /** The pages the answer suggested reading next: the follow-ups offered under it. */
  readonly suggestions?: readonly Suggestion[];
}

/** One question of the Chat view's history and the answer shown for it. */
export interface HistoryTurn {
  readonly question: string;
  /** The answer as it was shown: its Markdown, its pages as links. */
  readonly answer: string;
  /** The result's metadata, as the Chat view kept it. */
  readonly metadata: unknown;
  readonly failed: boolean;
}

/** The metadata of an answer of this participant, each field checked; undefined for anything else. */
export function answerMetadata(value: unknown): AnswerMetadata | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { origin, domain, threadId, suggestions } = value as Record<string, unknown>;
  if (typeof origin !== 'string' || typeof domain !== 'string') return undefined;
  const kept = Array.isArray(suggestions)
    ? suggestions.filter(
        (item): item is Suggestion =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as Suggestion).text === 'string' &&
          typeof (item as Suggestion).target === 'string',
      )
    : [];
  return {
    origin,
    domain,
    ...(typeof threadId === 'string' && threadId !== '' ? { threadId } : {}),
    ...(kept.length > 0 ? { suggestions: kept } : {}),
  };
}

/**
 * The conversation the next question continues: every answered turn, in the thread of the latest
 * answer. Turns asked of another origin or domain than the latest are marked as such, so nothing
 * of them is sent; the session starts anew when the settings no longer match the latest either.
 */
export function conversationOf(history: readonly HistoryTurn[], keys: ThreadKeyStore): Conversation {
  const answered = history.flatMap((turn) => {
    const metadata = answerMetadata(turn.metadata);
    return metadata && !turn.failed && turn.answer.trim() !== '' ? [{ turn, metadata }] : [];
  });
  const latest = answered.at(-1)?.metadata;
  if (!latest) return new Conversation(keys);
  const conversation = new Conversation(keys, latest.threadId ? { origin: latest.origin, id: latest.threadId } : undefined);
  const scope: ConversationScope = { origin: latest.origin, domain: latest.domain };
  conversation.scope = scope;
  answered.forEach(({ turn, metadata }, index) => {
    const elsewhere = metadata.origin !== scope.origin || metadata.domain !== scope.domain;
    conversation.turns.push({
      id: `history-${index}`,
      question: turn.question,
      answer: turn.answer,
      sources: [],
      status: 'done',
      ...(elsewhere ? { earlier: `${metadata.origin} · ${metadata.domain}` } : {}),
    });
  });
  return conversation;
}
