// Everything the extension does, loaded the first time any of it is used (activateWith's loadedNow): the
// platform client, the chat, the pages, the search, the tools and the agent jobs, wired together.
// Each feature lives in its own folder and registers its commands itself; the views, the page
// documents and the tools were registered at activation, and are handed their providers here.

import * as vscode from 'vscode';
import { textLanguage, textScheme } from '../identifiers';
import type { TrackedJob } from '../agentJobs/trackedJob';
import type { AgentJobsTree } from '../agentJobs/vscode/agentJobsTree';
import type { JobNode } from '../agentJobs/vscode/jobNode';
import { registerAgentJobs } from '../agentJobs/vscode/registerAgentJobs';
import { registerChat } from '../chat/vscode/registerChat';
import { SecretThreadKeys } from '../chat/vscode/threadKeys';
import { type DocsParticipant, docsParticipant } from '../chatParticipant/vscode/docsParticipant';
import type { Logger } from '../log/logger';
import type { TransportFactory } from '../platform/transport';
import type { NetworkDiagnosis } from '../network/diagnosis';
import { followEditorLink } from '../editorLinks/vscode/registerEditorLinks';
import { ExtensionLog } from '../log/vscode/extensionLog';
import { registerShowLog } from '../log/vscode/showLogCommand';
import type { PageDocuments } from '../pages/vscode/pageDocuments';
import { registerPages } from '../pages/vscode/registerPages';
import { previewBranchFile } from '../review/vscode/branchFilePreview';
import { registerReview } from '../review/vscode/registerReview';
import { ReviewEditors } from '../review/vscode/reviewEditors';
import { registerSearchDocs } from '../search/vscode/searchDocsCommand';
import { docsTools, type DocsTools } from '../tools/vscode/docsTools';
import type { ExtensionHost } from '../settings/connectionReport';
import { registerCheckConnection } from '../settings/vscode/checkConnectionCommand';
import { registerConfigure } from '../settings/vscode/configureCommand';
import { registerKeyCommands } from '../settings/vscode/keyCommands';
import { KeyStore } from '../settings/vscode/keyStore';
import { PlatformConnection } from '../platform/connection';
import { ConnectionHealth } from '../platform/connectionHealth';
import { registerStatusItem, type ShownStatusItem } from '../status/vscode/statusItem';
import { SettingsService } from '../settings/vscode/settingsService';
import { SetupService } from '../settings/vscode/setupService';
import { SiteMcpServers } from '../mcp/vscode/siteMcpServers';
import { registerReaderSignals } from '../readerSignals/vscode/registerReaderSignals';
import type { SignalNode, SignalsTree } from '../readerSignals/vscode/signalsTree';
import { ReadOnlyTexts } from '../ui/vscode/readOnlyTexts';
import { jobLabel } from '../agentJobs/jobPresentation';

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
  /**
   * Follows a link into VS Code as the URI handler does (`vscode://docs-assistant.docs-assistant/ask?q=…`):
   * a browser-based VS Code cannot be sent one by a test.
   */
  followLink(uri: string): Promise<boolean>;
  /**
   * Answers as @docs does in VS Code's Chat view: that view sends nothing to a participant where
   * no language model is signed in (an offline machine), so tests call the handler this way.
   */
  askParticipant: vscode.ChatRequestHandler;
  /**
   * Takes a message as the chat view's webview sends it (a link clicked, code inserted, the scope
   * cleared), and resolves once it is handled: a test in the extension host cannot click in a
   * webview. The view's own side is tested in Chromium (test/browser).
   */
  fromChatView(message: unknown): Promise<void>;
  /** The Agent Jobs view as VS Code was given it: its badge, its message, each job's row. */
  agentJobsView(): ReturnType<AgentJobsTree['shown']>;
  /** The Reader Signals view as VS Code was given it: its description (the period), each group and its rows. */
  readerSignalsView(): { description: string; groups: ReturnType<SignalsTree['shown']>; redrawn: ReturnType<SignalsTree['redrawn']> };
  /** The status bar item as VS Code was given it. */
  statusItem(): ShownStatusItem;
  /** Resolves once the settings and keys as they are now have been read into the set-up the views show. */
  setUpRead(): Promise<void>;
}

/** What carries calls to the platform in the host the extension runs in. */
export interface HostNetwork {
  /** undici over the way VS Code's settings choose, in Node; fetch, in a browser. */
  readonly transport: TransportFactory;
  /** In Node: Check Connection's look at the way to the platform (a browser's networking is its own). */
  readonly diagnose?: (origin: string) => Promise<NetworkDiagnosis>;
  dispose(): unknown;
}

/** What activation made before the features were loaded. */
export interface ActivationHandles {
  readonly agentJobsView: vscode.TreeView<JobNode>;
  readonly readerSignalsView: vscode.TreeView<SignalNode>;
  /** The network of the host the extension runs in, given the log. */
  readonly network: (log: Logger) => HostNetwork;
  /** Where it runs: for the log, and Check Connection's report. */
  readonly host: ExtensionHost;
}

/** The providers behind what activation registered, and the API. */
export interface Features {
  readonly chatView: vscode.WebviewViewProvider;
  /** Follows a link from a documentation site into VS Code. */
  handleUri(uri: vscode.Uri): Promise<boolean>;
  readonly agentJobsTree: AgentJobsTree;
  readonly readerSignalsTree: SignalsTree;
  readonly pageDocuments: PageDocuments;
  readonly tools: DocsTools;
  /** @docs in VS Code's Chat view. */
  readonly participant: DocsParticipant;
  /** The MCP server definitions given to VS Code: the documentation site's, while turned on. */
  readonly mcpServers: SiteMcpServers;
  readonly api: DocsAssistantApi;
}

export function activateFeatures(context: vscode.ExtensionContext, handles: ActivationHandles): Features {
  const { version = '0.0.0' } = context.extension.packageJSON as { version?: string };
  const log = own(context, new ExtensionLog());
  log.info(`Docs Assistant ${version} loaded in ${handles.host === 'node' ? 'Node' : "a browser's web worker"}.`);
  const settings = own(context, new SettingsService(log));
  const keys = own(context, new KeyStore(context.secrets));
  const setup = own(context, new SetupService(settings, keys, log));
  const network = own(context, handles.network(log));
  const health = own(context, new ConnectionHealth());
  context.subscriptions.push(keys.onDidChange(() => health.keysChanged()));
  const platform = own(
    context,
    new PlatformConnection({
      source: { baseUrl: () => settings.current.baseUrl, key: (origin, kind) => keys.get(origin, kind) },
      health,
      log,
      userAgent: `docs-assistant-vscode/${version}`,
      transport: network.transport,
    }),
  );

  registerShowLog(context, log);
  registerConfigure(context, { settings, keys, setup, log });
  registerKeyCommands(context, { keys, setup, log });
  registerCheckConnection(context, {
    platform,
    setup,
    version,
    host: handles.host,
    ...(network.diagnose ? { diagnose: network.diagnose } : {}),
  });
  const pages = registerPages(context, { platform, settings, keys, log });
  const chat = registerChat(context, { platform, settings, setup, pages, log });
  registerSearchDocs(context, {
    platform,
    settings,
    pages,
    state: context.globalState,
    askAboutPage: (pagePath) => chat.askAboutPage(pagePath),
  });
  const reviews = own(context, new ReviewEditors());
  const texts = own(context, new ReadOnlyTexts(textScheme, textLanguage));
  const agentJobs = registerAgentJobs(context, {
    settings,
    setup,
    platform,
    log,
    view: handles.agentJobsView,
    reviewedJob: () => reviews.activeJob(),
    texts,
    previewBranchFile,
  });
  const readerSignals = registerReaderSignals(context, {
    platform,
    settings,
    setup,
    texts,
    state: context.globalState,
    view: handles.readerSignalsView,
    fixing: (key) => {
      const job = agentJobs.model.fixing(key);
      return job && { id: job.id, label: jobLabel(job) };
    },
    jobsChanged: agentJobs.model.onDidChange,
    keysChanged: keys.onDidChange,
  });
  registerReview(context, { model: agentJobs.model, reviews });
  const statusItem = registerStatusItem(context, { settings, setup, health, jobs: agentJobs.model });

  const followLink = (uri: vscode.Uri) => followEditorLink(uri, { fillQuestion: (question, note) => chat.fillQuestion(question, note) });
  const participant = docsParticipant({ platform, settings, setup, pages, log, threadKeys: new SecretThreadKeys(context.secrets, log) });
  void setup.refresh();
  return {
    chatView: chat.view,
    handleUri: followLink,
    agentJobsTree: agentJobs.tree,
    readerSignalsTree: readerSignals.tree,
    pageDocuments: pages,
    tools: docsTools({ platform, settings, setup, pages, log, texts, ...agentJobs }),
    participant,
    mcpServers: own(context, new SiteMcpServers(settings)),
    api: {
      recentLog: () => log.recentLines(),
      trackedJobs: () => agentJobs.model.jobs,
      savedConversation: () => chat.savedConversation(),
      hasThreadKey: () => chat.hasThreadKey(),
      followLink: (uri) => followLink(vscode.Uri.parse(uri, true)),
      askParticipant: (request, chatContext, stream, token) => participant.handle(request, chatContext, stream, token),
      fromChatView: (message) => chat.view.receive(message),
      agentJobsView: () => agentJobs.tree.shown(),
      readerSignalsView: () => ({
        description: handles.readerSignalsView.description ?? '',
        groups: readerSignals.tree.shown(),
        redrawn: readerSignals.tree.redrawn(),
      }),
      statusItem,
      setUpRead: () => setup.refresh(),
    },
  };
}

function own<T extends vscode.Disposable>(context: vscode.ExtensionContext, disposable: T): T {
  context.subscriptions.push(disposable);
  return disposable;
}
