// The chat feature: the conversation restored from workspace state, the session that answers,
// the chat view and the commands.

import type * as vscode from 'vscode';
import { storageKeys } from '../../identifiers';
import type { PageDocuments } from '../../pages/vscode/pageDocuments';
import type { Logger } from '../../log/logger';
import type { PlatformConnection } from '../../platform/connection';
import type { SettingsService } from '../../settings/vscode/settingsService';
import type { SetupService } from '../../settings/vscode/setupService';
import { registerChatCommands } from './chatCommands';
import { ChatViewProvider } from './chatViewProvider';
import { connectedSession } from './connectedSession';
import { Conversation } from '../conversation';
import { attachPage } from '../selectionContext';
import { SecretThreadKeys } from './threadKeys';

export interface ChatDeps {
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly pages: PageDocuments;
  readonly log: Logger;
}

export interface ChatFeature {
  /** The chat view's provider; activateWith registers the view and hands it on. */
  readonly view: vscode.WebviewViewProvider & Pick<ChatViewProvider, 'receive'>;
  /** The conversation as saved in workspace state. */
  savedConversation(): unknown;
  /** Whether secret storage holds the key of the conversation's thread. */
  hasThreadKey(): Promise<boolean>;
  /** Attaches a page to the next question and puts the cursor in the chat's question box. */
  askAboutPage(pagePath: string): Promise<void>;
  /** Puts `question` in the chat's question box and focuses it: the user reads it, and sends it or not. */
  fillQuestion(question: string, note?: string): Promise<void>;
}

export function registerChat(context: vscode.ExtensionContext, { platform, settings, setup, pages, log }: ChatDeps): ChatFeature {
  const saved = context.workspaceState.get<unknown>(storageKeys.conversation);
  const conversation = Conversation.restore(saved, new SecretThreadKeys(context.secrets, log));
  const save = () => void context.workspaceState.update(storageKeys.conversation, conversation.toData());
  // Earlier versions kept the thread key in workspace state; it does not stay there.
  if (typeof saved === 'object' && saved !== null && 'threadKey' in saved) save();
  const session = connectedSession(conversation, { platform, settings, log }, save);
  const view = new ChatViewProvider(context.extensionUri, session, setup, pages, log);
  context.subscriptions.push(session, view);
  registerChatCommands(context, { session, view, setup });
  return {
    view,
    savedConversation: () => context.workspaceState.get(storageKeys.conversation),
    hasThreadKey: () => conversation.thread.hasStoredKey(),
    askAboutPage: async (pagePath) => {
      session.attach(attachPage(pagePath));
      await view.focusQuestion();
    },
    // A question from outside goes alone: what the user attached for their own question is taken off.
    fillQuestion: (question, note) => {
      session.attach(undefined);
      return view.focusQuestion(question, note);
    },
  };
}
