// The messages between the chat view's webview and the extension. Both sides import this file;
// the extension checks every message that arrives, since a webview is untrusted content.

import type { TurnActivity } from './activity';
import { SETUP_ACTIONS, type SetupAction } from './setupActionTitles';

export type { SetupAction };

/** The id of the page's element that carries the view's words, in the user's language, to its script. */
export const L10N_ELEMENT = 'docs-assistant-l10n';

export interface SourceLink {
  /** A page path of the site or an http(s) URL; absent for a document the server named without a file. */
  readonly url?: string;
  readonly title?: string;
}

export type TurnStatus = 'streaming' | 'done' | 'stopped' | 'failed';

/** Why a turn failed, as the view shows it: the kind (the extension's error kinds), a sentence, and the button that fixes it. */
export interface TurnError {
  readonly kind: string;
  readonly message: string;
  readonly fix?: SetupAction;
}

/** What the view shows about set-up: what is still needed, or where it is connected. */
export type SetupStatus =
  /** `scope`: the answers' filter in a few words ("v2 · fr"), when one is set. */
  | { readonly kind: 'ready'; readonly origin: string; readonly domain: string; readonly scope?: string }
  | { readonly kind: 'needs'; readonly title: string; readonly message: string; readonly actions: readonly SetupAction[] };

export interface ShownTurn {
  readonly id: string;
  readonly question: string;
  /** The chip of the context sent with the question, if any. */
  readonly context?: ContextChip;
  readonly answer: string;
  readonly sources: readonly SourceLink[];
  readonly status: TurnStatus;
  readonly error?: TurnError;
  /** How the answer came about, when the reader should know (a thread that had expired). */
  readonly notice?: string;
  /** The connection this turn was asked of, once the base URL or domain changed. */
  readonly earlier?: string;
  /** What the assistant is doing while no text has come. */
  readonly activity?: TurnActivity;
}

/**
 * A turn as it ended. Its answer is left out when the view was sent all of it as deltas, so that a
 * long answer crosses to the view once; it is there when the view may have missed some.
 */
export type EndedTurn = Omit<ShownTurn, 'answer'> & { readonly answer?: string };

export interface ContextChip {
  /** `src/app.ts:12-30` */
  readonly label: string;
  /** Said when the selection was trimmed. */
  readonly note?: string;
}

export type ToWebview =
  | { readonly type: 'setup'; readonly setup: SetupStatus }
  /** The whole conversation: sent on `ready`, after a reload, and when a new one starts. */
  | { readonly type: 'conversation'; readonly turns: readonly ShownTurn[]; readonly context?: ContextChip; readonly answering: boolean }
  | { readonly type: 'turnStarted'; readonly turn: ShownTurn }
  | { readonly type: 'delta'; readonly turnId: string; readonly text: string }
  | { readonly type: 'sources'; readonly turnId: string; readonly sources: readonly SourceLink[] }
  | { readonly type: 'activity'; readonly turnId: string; readonly activity?: TurnActivity }
  | { readonly type: 'turnEnded'; readonly turn: EndedTurn }
  | { readonly type: 'turnRemoved'; readonly turnId: string }
  | { readonly type: 'context'; readonly context?: ContextChip }
  /** The answer to an `ask`: the composer clears its box only once the question is accepted. */
  | { readonly type: 'askResult'; readonly accepted: true }
  | { readonly type: 'askResult'; readonly accepted: false; readonly reason: string }
  /**
   * Puts the cursor in the question box; with `text`, the question a link brought, to read and send,
   * and `note`, what the reader should know of it (invisible characters taken out).
   */
  | { readonly type: 'focusInput'; readonly text?: string; readonly note?: string };

/**
 * The shortest time between two draws of a streaming answer (the view's drawThrottle), and so how
 * long the extension gathers deltas into one message: a message a draw, not one a token.
 */
export const STREAM_DRAW_MS = 100;

export type FromWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'action'; readonly action: SetupAction }
  | { readonly type: 'ask'; readonly text: string }
  | { readonly type: 'stop' }
  | { readonly type: 'retry'; readonly turnId: string }
  /** End a rate-limit wait now and ask again. */
  | { readonly type: 'retryNow'; readonly turnId: string }
  | { readonly type: 'removeContext' }
  | { readonly type: 'newConversation' }
  | { readonly type: 'openLink'; readonly url: string }
  | { readonly type: 'copyCode'; readonly code: string }
  | { readonly type: 'insertCode'; readonly code: string }
  /** The answers' scope: open its setting to change it, or clear it. */
  | { readonly type: 'scope'; readonly action: 'change' | 'clear' };

export const MAX_QUESTION = 100_000;
const MAX_CODE = 2_000_000;
const MAX_URL = 8_192;

/** The message if it is one the protocol knows, with only its known fields; otherwise undefined. */
export function parseFromWebview(value: unknown): FromWebview | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  const text = (field: string, max: number): string | undefined => {
    const v = message[field];
    return typeof v === 'string' && v.length <= max ? v : undefined;
  };
  switch (message.type) {
    case 'ready':
    case 'stop':
    case 'removeContext':
    case 'newConversation':
      return { type: message.type };
    case 'action':
      return SETUP_ACTIONS.includes(message.action as SetupAction) ? { type: 'action', action: message.action as SetupAction } : undefined;
    case 'ask': {
      const question = text('text', MAX_QUESTION);
      return question === undefined ? undefined : { type: 'ask', text: question };
    }
    case 'retry':
    case 'retryNow': {
      const turnId = text('turnId', 200);
      return turnId === undefined ? undefined : { type: message.type, turnId };
    }
    case 'openLink': {
      const url = text('url', MAX_URL);
      return url === undefined ? undefined : { type: 'openLink', url };
    }
    case 'copyCode':
    case 'insertCode': {
      const code = text('code', MAX_CODE);
      return code === undefined ? undefined : { type: message.type, code };
    }
    case 'scope':
      return message.action === 'change' || message.action === 'clear' ? { type: 'scope', action: message.action } : undefined;
    default:
      return undefined;
  }
}
