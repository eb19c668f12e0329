// Activation, in either host: registers what VS Code must find at once (the commands, the two views,
// the page documents' scheme, the tools, the URI handler) and returns. The features behind them
// start the first time any is used. Each host's entry (Node's, the browser's) says how they load.

import type MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import type { JobNode } from '../agentJobs/vscode/jobNode';
import type { SignalNode } from '../readerSignals/vscode/signalsTree';
import type { ActivationHandles, DocsAssistantApi, Features } from './features';
import { chatParticipant, commands, mcpServerProvider, mcpServerSetting, pageScheme, settingsSection, tools, views } from '../identifiers';

export type { DocsAssistantApi } from './features';

/** Starts the features, once their code is loaded. */
export type StartFeatures = (context: vscode.ExtensionContext, handles: Omit<ActivationHandles, 'network' | 'host'>) => Features;

/** What a host's entry gives activation. */
export interface HostEntry {
  /** Loads the features' bundle: at once in Node (`require`), by reading it in a browser. */
  readonly loadFeatures: () => StartFeatures | Promise<StartFeatures>;
  /** The Markdown preview's plugin (VS Code asks for it only where its preview runs, and at once), with the words it says. */
  readonly extendMarkdownIt: (md: MarkdownIt, words: PreviewWords) => MarkdownIt;
}

/** The preview plugin's words: the l10n bundle VS Code loaded, and its display language (its bundle is its own). */
export interface PreviewWords {
  readonly bundle: { [key: string]: string | { message: string; comment: string[] } } | undefined;
  readonly language: string;
}

export type ActivatedApi = DocsAssistantApi & { extendMarkdownIt(md: MarkdownIt): MarkdownIt };

/**
 * @docs in VS Code's Chat view, where this VS Code has a Chat view. Activation goes on without it:
 * an older or restricted VS Code may have no chat API, or refuse the participant.
 */
function registerParticipant(context: vscode.ExtensionContext, load: () => Promise<Features>): vscode.Disposable[] {
  if (typeof vscode.chat?.createChatParticipant !== 'function') return [];
  try {
    const participant = vscode.chat.createChatParticipant(chatParticipant, async (request, chatContext, stream, token) =>
      (await load()).participant.handle(request, chatContext, stream, token),
    );
    participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icon.png');
    participant.followupProvider = { provideFollowups: async (result) => (await load()).participant.followups(result) };
    return [participant];
  } catch {
    return [];
  }
}

/**
 * The documentation site's MCP server, where this VS Code can register one (1.101 and later): VS
 * Code asks the provider before anything else of the extension is used. While the setting is off
 * (its default) the answer is none, and the features are not loaded for it.
 */
function registerMcpServers(load: () => Promise<Features>, changed: vscode.EventEmitter<void>): vscode.Disposable[] {
  const lm = vscode.lm as unknown as {
    registerMcpServerDefinitionProvider?: (
      id: string,
      provider: { onDidChangeMcpServerDefinitions: vscode.Event<void>; provideMcpServerDefinitions(): Promise<object[]> },
    ) => vscode.Disposable;
  };
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function') return [];
  return [
    lm.registerMcpServerDefinitionProvider(mcpServerProvider, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: async () =>
        vscode.workspace.getConfiguration(settingsSection).get<boolean>(mcpServerSetting) === true
          ? (await load()).mcpServers.definitions()
          : [],
    }),
  ];
}

export function activateWith(context: vscode.ExtensionContext, entry: HostEntry): ActivatedApi {
  let features: Features | undefined;
  /** The features' code, read once (or being read); a read that failed is tried again at the next use. */
  let code: StartFeatures | Promise<StartFeatures> | undefined;
  /** Why the features could not start: said once, and given again to whatever asks for them. */
  let failure: Error | undefined;
  // Until the features start, each command loads them and runs again: by then, the feature's own
  // handler has taken this one's place.
  const placeholders = Object.values(commands).map((id) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        await load();
      } catch {
        return undefined; // said where it failed, once
      }
      return vscode.commands.executeCommand(id, ...args);
    }),
  );
  const jobsChanged = new vscode.EventEmitter<JobNode | undefined>();
  const pagesChanged = new vscode.EventEmitter<vscode.Uri>();
  const mcpServersChanged = new vscode.EventEmitter<void>();
  const signalsChanged = new vscode.EventEmitter<SignalNode | undefined>();
  const readerSignalsView = vscode.window.createTreeView<SignalNode>(views.readerSignals, {
    canSelectMany: true,
    treeDataProvider: {
      onDidChangeTreeData: signalsChanged.event,
      getChildren: async (node) => (await load()).readerSignalsTree.getChildren(node),
      getTreeItem: async (node) => (await load()).readerSignalsTree.getTreeItem(node),
    },
  });
  const agentJobsView = vscode.window.createTreeView<JobNode>(views.agentJobs, {
    showCollapseAll: true,
    treeDataProvider: {
      onDidChangeTreeData: jobsChanged.event,
      getChildren: async (node) => (await load()).agentJobsTree.getChildren(node),
      getTreeItem: async (node) => (await load()).agentJobsTree.getTreeItem(node),
      getParent: async (node) => (await load()).agentJobsTree.getParent(node),
      resolveTreeItem: async (item, node) => (await load()).agentJobsTree.resolveTreeItem(item, node),
    },
  });
  context.subscriptions.push(
    ...placeholders,
    jobsChanged,
    pagesChanged,
    mcpServersChanged,
    signalsChanged,
    readerSignalsView,
    agentJobsView,
    // Links from a documentation site (vscode://<publisher>.<name>/ask?q=…) may be what activates the extension.
    vscode.window.registerUriHandler({ handleUri: async (uri) => void (await load()).handleUri(uri) }),
    vscode.window.registerWebviewViewProvider(views.chat, {
      resolveWebviewView: async (view, resolveContext, token) => (await load()).chatView.resolveWebviewView(view, resolveContext, token),
    }),
    vscode.workspace.registerTextDocumentContentProvider(pageScheme, {
      onDidChange: pagesChanged.event,
      provideTextDocumentContent: async (uri) => (await load()).pageDocuments.provideTextDocumentContent(uri),
    }),
    ...(Object.keys(tools) as (keyof typeof tools)[]).map((name) =>
      vscode.lm.registerTool<Record<string, unknown>>(tools[name], {
        prepareInvocation: async (options, token) => (await load()).tools[name].prepareInvocation?.(options, token),
        invoke: async (options, token) => (await load()).tools[name].invoke(options, token),
      }),
    ),
    ...registerParticipant(context, load),
    ...registerMcpServers(load, mcpServersChanged),
  );

  /** The features, loaded and started the first time anything asks. */
  function load(): Promise<Features> {
    if (features) return Promise.resolve(features);
    if (failure) return Promise.reject(failure);
    return Promise.resolve().then(readCode).then(start);
  }

  /** For the API's synchronous calls (tests, in Node, where the features' code loads at once). */
  function loadedNow(): Features {
    if (features) return features;
    if (failure) throw failure;
    const read = readCode();
    if (!(read instanceof Promise)) return start(read);
    read.catch(() => {}); // said where it failed
    throw new Error(vscode.l10n.t('Docs Assistant is still loading; try again in a moment.'));
  }

  function readCode(): StartFeatures | Promise<StartFeatures> {
    if (code) return code;
    try {
      const read = entry.loadFeatures();
      code =
        read instanceof Promise
          ? read.catch((error: unknown) => {
              code = undefined;
              throw couldNotLoad(error);
            })
          : read;
      return code;
    } catch (error) {
      throw couldNotLoad(error);
    }
  }

  /**
   * The bundle could not be read (a browser that lost its connection): said, and the commands stay
   * as they are, so the next use tries again.
   */
  function couldNotLoad(error: unknown): Error {
    const reason = error instanceof Error ? error : new Error(String(error));
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Docs Assistant could not load ({0}). Try again; if it goes on, reload the window.', reason.message),
    );
    return reason;
  }

  function start(startFeatures: StartFeatures): Features {
    if (features) return features;
    if (failure) throw failure;
    const owned = context.subscriptions.length;
    // The features register these commands themselves, and VS Code allows one handler per id.
    for (const placeholder of placeholders) placeholder.dispose();
    try {
      features = startFeatures(context, { agentJobsView, readerSignalsView });
    } catch (error) {
      // Undo what was half made, and keep every command answering with the reason.
      for (const made of context.subscriptions.splice(owned).reverse()) made.dispose();
      failure = error instanceof Error ? error : new Error(String(error));
      context.subscriptions.push(...Object.values(commands).map((id) => vscode.commands.registerCommand(id, () => load())));
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'Docs Assistant could not start ({0}). Reload the window; if it happens again, reinstall the extension.',
          failure.message,
        ),
      );
      throw failure;
    }
    context.subscriptions.push(
      features.agentJobsTree.onDidChangeTreeData((node) => jobsChanged.fire(node)),
      features.readerSignalsTree.onDidChangeTreeData((node) => signalsChanged.fire(node)),
      features.pageDocuments.onDidChange((uri) => pagesChanged.fire(uri)),
      features.mcpServers.onDidChange(() => mcpServersChanged.fire()),
    );
    return features;
  }

  return {
    extendMarkdownIt: (md) => entry.extendMarkdownIt(md, { bundle: vscode.l10n.bundle, language: vscode.env.language }),
    recentLog: () => loadedNow().api.recentLog(),
    trackedJobs: () => loadedNow().api.trackedJobs(),
    savedConversation: () => loadedNow().api.savedConversation(),
    hasThreadKey: async () => (await load()).api.hasThreadKey(),
    followLink: async (uri) => (await load()).api.followLink(uri),
    askParticipant: async (request, chatContext, stream, token) => (await load()).api.askParticipant(request, chatContext, stream, token),
    fromChatView: async (message) => (await load()).api.fromChatView(message),
    agentJobsView: () => loadedNow().api.agentJobsView(),
    readerSignalsView: () => loadedNow().api.readerSignalsView(),
    statusItem: () => loadedNow().api.statusItem(),
    setUpRead: async () => (await load()).api.setUpRead(),
  };
}
