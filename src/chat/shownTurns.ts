// The turns and the context chip as the chat view shows them: the protocol's shapes, from the session's data.

import type { AttachedContext, Turn } from './conversation';
import type { ContextChip, ShownTurn } from '../shared/protocol';
import { trimNote } from './selectionContext';

export function chipOf(context: AttachedContext | undefined): ContextChip | undefined {
  if (!context) return undefined;
  const note = trimNote(context);
  return { label: context.label, ...(note ? { note } : {}) };
}

export function shownTurn(turn: Turn): ShownTurn {
  return {
    id: turn.id,
    question: turn.question,
    answer: turn.answer,
    sources: turn.sources,
    status: turn.status,
    ...(turn.context ? { context: chipOf(turn.context) } : {}),
    ...(turn.error ? { error: turn.error } : {}),
    ...(turn.notice ? { notice: turn.notice } : {}),
    ...(turn.earlier ? { earlier: turn.earlier } : {}),
    ...(turn.activity ? { activity: turn.activity } : {}),
  };
}
