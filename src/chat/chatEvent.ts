// What a chat session tells whoever shows it (the chat view), one event at a time.

import type { TurnActivity } from '../shared/activity';
import type { AttachedContext, SourceLink, Turn } from './conversation';

export type ChatEvent =
  | { readonly type: 'turnStarted'; readonly turn: Turn }
  /** Text appended to the answer of `turnId`. */
  | { readonly type: 'delta'; readonly turnId: string; readonly text: string }
  | { readonly type: 'sources'; readonly turnId: string; readonly sources: readonly SourceLink[] }
  /** What the assistant is doing now; undefined once text arrives. */
  | { readonly type: 'activity'; readonly turnId: string; readonly activity: TurnActivity | undefined }
  | { readonly type: 'turnEnded'; readonly turn: Turn }
  | { readonly type: 'turnRemoved'; readonly turnId: string }
  /** The conversation as a whole changed (cleared, or its turns marked as another connection's): show it again. */
  | { readonly type: 'replaced' }
  | { readonly type: 'context'; readonly context: AttachedContext | undefined };
