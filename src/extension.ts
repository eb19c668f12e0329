// Wires the features together; each feature lives in its own folder.

import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { registerAgentJobCommands } from './agentJobs/agentJobCommands';
import { AgentJobsView } from './agentJobs/agentJobsView';
import type { TrackedJob } from './agentJobs/poller';
import { registerChatCommands } from './chat/chatCommands';
import { ChatSession } from './chat/chatSession';
import { CHAT_VIEW_ID, ChatViewProvider } from './chat/chatViewProvider';
import { Conversation } from './chat/conversation';
import { SecretThreadKeys } from './chat/threadKeys';
import { ExtensionLog } from './log/extensionLog';
import { registerShowLog } from './log/showLogCommand';
import { PageCache } from './pages/pageCache';
import { registerPageCommands } from './pages/pageCommands';
import { originOf } from './platform/endpoint';
import { fail, platformError } from './platform/errors';
import { PageDocuments } from './pages/pageDocuments';
import { registerCheckConnection } from './settings/checkConnectionCommand';
import { registerConfigure } from './settings/configure';
import { Connection } from './settings/connection';
import { registerKeyCommands } from './settings/keyCommands';
import { KeyStore } from './settings/keyStore';
import { SettingsService } from './settings/settingsService';
import { SetupService } from './settings/setupService';

/** Where the conversation is kept, per workspace, so it survives a reload. */
const CONVERSATION_KEY = 'docsAssistant.conversation';

/** What the extension offers other extensions and its own tests. */
export interface DocsAssistantApi {
  /** The log's most recent lines, already redacted. */
  recentLog(): readonly string[];
  /** The agent jobs tracked for the current base URL and project, as the tree shows them. */
  trackedJobs(): readonly TrackedJob[];
  /** The conversation as saved in workspace state. */
  savedConversation(): unknown;
  /** Whether secret storage holds the key of the conversation's thread (the key itself stays there). */
  hasThreadKey(): Promise<boolean>;
}

export function activate(context: vscode.ExtensionContext): DocsAssistantApi {
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const log = own(context, new ExtensionLog());
  log.info(`Docs Assistant ${version} activating.`);
  const settings = own(context, new SettingsService(log));
  const keys = own(context, new KeyStore(context.secrets));
  const setup = own(context, new SetupService(settings, keys, log));
  const connection = own(context, new Connection(settings, keys, log, `docs-assistant-vscode/${version}`));

  registerShowLog(context, log);
  registerConfigure(context, { settings, keys, setup, log });
  registerKeyCommands(context, { keys, setup, log });
  registerCheckConnection(context, { connection, setup });

  const pageCache = new PageCache((domain, path, options) => connection.client().retrievePage(domain, path, options));
  const pages = own(context, new PageDocuments(pageCache, settings, log));
  registerPageCommands(context, pages);

  const saved = context.workspaceState.get<unknown>(CONVERSATION_KEY);
  const conversation = Conversation.restore(saved);
  const saveConversation = () => void context.workspaceState.update(CONVERSATION_KEY, conversation.toData());
  // Earlier versions kept the thread key in workspace state; it does not stay there.
  if (typeof saved === 'object' && saved !== null && 'threadKey' in saved) saveConversation();
  const threadKeys = new SecretThreadKeys(context.secrets, log);
  const session = own(
    context,
    new ChatSession({
      conversation,
      send: (origin, request, options) => {
        const client = connection.client();
        // The settings may have changed since the question was asked: never send it elsewhere.
        if (client.origin !== origin) return Promise.resolve(fail(platformError('invalidRequest', 'The base URL changed while the question was being sent. Ask again.')));
        return client.sendAssistantMessage(request, options);
      },
      settings: () => ({ ...settings.current, origin: originOf(settings.current.baseUrl) }),
      newId: randomUUID,
      save: saveConversation,
      threadKeys,
      log,
    }),
  );
  const chat = own(context, new ChatViewProvider(context.extensionUri, session, setup, pages, log));
  context.subscriptions.push(vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, chat));
  registerChatCommands(context, { session, view: chat, setup });
  const agentJobs = own(context, new AgentJobsView(context.globalState, settings, setup, connection, log));
  registerAgentJobCommands(context, agentJobs, setup);

  void setup.refresh();
  return {
    recentLog: () => log.recentLines(),
    trackedJobs: () => agentJobs.jobs,
    savedConversation: () => context.workspaceState.get(CONVERSATION_KEY),
    hasThreadKey: async () => conversation.threadId !== undefined && (await threadKeys.get(conversation.threadId)) !== undefined,
  };
}

export function deactivate(): void {}

function own<T extends vscode.Disposable>(context: vscode.ExtensionContext, disposable: T): T {
  context.subscriptions.push(disposable);
  return disposable;
}
