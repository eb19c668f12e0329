// The chat feature: the conversation restored from workspace state, the session that answers,
// the chat view and the commands.

import { randomUUID } from 'node:crypto';
import type * as vscode from 'vscode';
import type { PageDocuments } from '../pages/pageDocuments';
import { originOf } from '../platform/endpoint';
import { fail, platformError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import type { PlatformClients } from '../settings/platformClients';
import type { SettingsService } from '../settings/settingsService';
import type { SetupService } from '../settings/setupService';
import { registerChatCommands } from './chatCommands';
import { ChatSession } from './chatSession';
import { ChatViewProvider } from './chatViewProvider';
import { Conversation } from './conversation';
import { attachPage } from './selectionContext';
import { SecretThreadKeys } from './threadKeys';

/** Where the conversation is kept, per workspace, so it survives a reload. */
const CONVERSATION_KEY = 'docsAssistant.conversation';

export interface ChatDeps {
  readonly clients: PlatformClients;
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly pages: PageDocuments;
  readonly log: Logger;
}

export interface ChatFeature {
  /** The chat view's provider; extension.ts registers the view at activation and hands it on. */
  readonly view: vscode.WebviewViewProvider;
  /** The conversation as saved in workspace state. */
  savedConversation(): unknown;
  /** Whether secret storage holds the key of the conversation's thread. */
  hasThreadKey(): Promise<boolean>;
  /** Attaches a page to the next question and puts the cursor in the chat's question box. */
  askAboutPage(pagePath: string): Promise<void>;
}

export function registerChat(context: vscode.ExtensionContext, { clients, settings, setup, pages, log }: ChatDeps): ChatFeature {
  const saved = context.workspaceState.get<unknown>(CONVERSATION_KEY);
  const conversation = Conversation.restore(saved);
  const save = () => void context.workspaceState.update(CONVERSATION_KEY, conversation.toData());
  // Earlier versions kept the thread key in workspace state; it does not stay there.
  if (typeof saved === 'object' && saved !== null && 'threadKey' in saved) save();
  const threadKeys = new SecretThreadKeys(context.secrets, log);
  const session = new ChatSession({
    conversation,
    send: (origin, request, options) => {
      const client = clients.current();
      // The settings may have changed since the question was asked: never send it elsewhere.
      if (client.origin !== origin)
        return Promise.resolve(fail(platformError('invalidRequest', 'The base URL changed while the question was being sent. Ask again.')));
      return client.sendAssistantMessage(request, options);
    },
    settings: () => ({ ...settings.current, origin: originOf(settings.current.baseUrl) }),
    newId: randomUUID,
    save,
    threadKeys,
    log,
  });
  const view = new ChatViewProvider(context.extensionUri, session, setup, pages, log);
  context.subscriptions.push(session, view);
  registerChatCommands(context, { session, view, setup });
  return {
    view,
    savedConversation: () => context.workspaceState.get(CONVERSATION_KEY),
    hasThreadKey: async () => conversation.threadId !== undefined && (await threadKeys.get(conversation.threadId)) !== undefined,
    askAboutPage: async (pagePath) => {
      session.attach(attachPage(pagePath));
      await view.reveal(true);
    },
  };
}
