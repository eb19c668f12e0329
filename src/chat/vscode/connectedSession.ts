// A chat session connected to the platform of the settings in force: the sidebar's chat and @docs
// in VS Code's Chat view ask the same way, and never send a question anywhere else.

import { originOf } from '../../platform/endpoint';
import type { Logger } from '../../log/logger';
import type { PlatformConnection } from '../../platform/connection';
import type { DocsSettings } from '../../settings/settingsModel';
import { ChatSession } from '../chatSession';
import type { Conversation } from '../conversation';

export interface SessionConnection {
  readonly platform: PlatformConnection;
  /** The settings in force, read for each question (the settings service, or a call's own scope over it). */
  readonly settings: { readonly current: DocsSettings };
  readonly log: Logger;
}

export function connectedSession(
  conversation: Conversation,
  { platform, settings, log }: SessionConnection,
  save: () => void,
): ChatSession {
  return new ChatSession({
    conversation,
    // The settings may have changed since the question was asked: never send it elsewhere.
    send: (origin, request, options) => platform.at(origin, (client) => client.discovery.ask(request, options)),
    settings: () => ({ ...settings.current, origin: originOf(settings.current.baseUrl) }),
    newId: () => globalThis.crypto.randomUUID(),
    save,
    log,
  });
}
