// The body of an assistant message request, with exactly the spec's field names. Optional fields
// are left out when unset, so the server applies its own defaults.

import * as l10n from '@vscode/l10n';
import { fail, ok, platformError, type Result } from './errors';

export type MessageRole = 'user' | 'assistant' | 'system';

/** Part types the server accepts in `messages`. */
export type ConversationPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  | { readonly type: 'source-url'; readonly sourceId: string; readonly url: string; readonly title?: string };

export interface ConversationMessage {
  readonly id: string;
  readonly role: MessageRole;
  readonly parts: readonly ConversationPart[];
}

export interface ContextItem {
  readonly type: 'code' | 'textSelection';
  readonly value: string;
  readonly path?: string;
  readonly elementId?: string;
}

export type SearchFilter = Readonly<Record<string, unknown>>;

export interface AssistantRequest {
  readonly domain: string;
  /** Fingerprint: `anonymous` or a stable user identifier. */
  readonly fp: string;
  /** The whole conversation, oldest first, assistant turns included. */
  readonly messages: readonly ConversationMessage[];
  readonly threadId?: string;
  /** Sent only next to `threadId`: the live service asks for it on every later message of a thread. */
  readonly threadKey?: string;
  readonly retrievalPageSize?: number;
  readonly filter?: SearchFilter | null;
  readonly context?: readonly ContextItem[];
  readonly currentPath?: string;
}

export const MAX_CURRENT_PATH = 200;
export const RETRIEVAL_PAGE_SIZE_RANGE = { min: 1, max: 50 } as const;

/** The JSON body for operation 3, or why the request cannot be sent. */
export function assistantBody(request: AssistantRequest): Result<Record<string, unknown>> {
  const refuse = (message: string) => fail<Record<string, unknown>>(platformError('invalidRequest', message));
  if (request.fp.trim() === '') return refuse(l10n.t('The fingerprint (fp) is empty; use "anonymous" or a user identifier.'));
  if (request.messages.length === 0) return refuse(l10n.t('There is no message to send.'));
  const { retrievalPageSize: size, currentPath } = request;
  if (size !== undefined && !(Number.isInteger(size) && size >= RETRIEVAL_PAGE_SIZE_RANGE.min && size <= RETRIEVAL_PAGE_SIZE_RANGE.max)) {
    return refuse(
      l10n.t(
        'retrievalPageSize must be a whole number from {0} to {1}; it is {2}.',
        RETRIEVAL_PAGE_SIZE_RANGE.min,
        RETRIEVAL_PAGE_SIZE_RANGE.max,
        size,
      ),
    );
  }
  if (currentPath !== undefined && currentPath.length > MAX_CURRENT_PATH) {
    return refuse(
      l10n.t('The current page path is {0} characters long; the platform takes at most {1}.', currentPath.length, MAX_CURRENT_PATH),
    );
  }
  const body: Record<string, unknown> = {
    fp: request.fp,
    messages: request.messages.map(({ id, role, parts }) => ({ id, role, parts })),
  };
  if (request.threadId !== undefined) {
    body.threadId = request.threadId;
    if (request.threadKey !== undefined) body.threadKey = request.threadKey;
  }
  if (size !== undefined) body.retrievalPageSize = size;
  if (request.filter !== undefined && request.filter !== null) body.filter = request.filter;
  if (request.context !== undefined && request.context.length > 0) {
    body.context = request.context.map(({ type, value, path, elementId }) => ({
      type,
      value,
      ...(path === undefined ? {} : { path }),
      ...(elementId === undefined ? {} : { elementId }),
    }));
  }
  if (currentPath !== undefined) body.currentPath = currentPath;
  return ok(body);
}
