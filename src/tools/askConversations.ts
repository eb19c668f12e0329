// The conversations docsAssistant_ask holds for models, each under a handle the model passes back to
// go on in the same thread: a local name, never the thread's id or key, good only on the platform
// (base-URL origin) and documentation domain that made it, and only while this window is open.
// Every chat of the window shares these tools, so a handle is random, not counted: one agent
// session cannot go on in another's thread by guessing its handle. The keys of these threads stay
// in memory: nothing of them is stored.

import { Conversation } from '../chat/conversation';
import { memoryThreadKeys } from '../chat/chatThread';

/** The conversations kept at most; asking a new one forgets the one used longest ago. */
export const MAX_TOOL_CONVERSATIONS = 20;

export interface ToolConversation {
  readonly handle: string;
  readonly origin: string;
  readonly domain: string;
  readonly conversation: Conversation;
}

export type ConversationLookup =
  | { readonly kind: 'found'; readonly held: ToolConversation }
  /** No conversation has this handle (never given, forgotten, or from before a reload). */
  | { readonly kind: 'unknown' }
  /** The handle is another platform's or domain's: its thread is never continued here. */
  | { readonly kind: 'elsewhere' };

export class ToolConversations {
  /** In the order last used, oldest first. */
  private readonly held = new Map<string, ToolConversation>();
  private readonly keys = memoryThreadKeys();

  /** A new conversation with the platform at `origin`, for `domain`. */
  start(origin: string, domain: string): ToolConversation {
    const handle = `docs-conversation-${globalThis.crypto.randomUUID()}`;
    const conversation = new Conversation(this.keys);
    conversation.scope = { origin, domain };
    const held = { handle, origin, domain, conversation };
    this.held.set(handle, held);
    for (const oldest of this.held.keys()) {
      if (this.held.size <= MAX_TOOL_CONVERSATIONS) break;
      void this.forget(oldest);
    }
    return held;
  }

  /** The conversation under `handle`, when it is this platform's and domain's. */
  find(handle: string, origin: string, domain: string): ConversationLookup {
    const held = this.held.get(handle);
    if (!held) return { kind: 'unknown' };
    if (held.origin !== origin || held.domain !== domain) return { kind: 'elsewhere' };
    // Used now: last to be forgotten.
    this.held.delete(handle);
    this.held.set(handle, held);
    return { kind: 'found', held };
  }

  private async forget(handle: string): Promise<void> {
    const held = this.held.get(handle);
    this.held.delete(handle);
    await held?.conversation.thread.forget();
  }
}
