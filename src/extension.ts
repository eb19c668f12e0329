// Activation registers what VS Code must find at once (the commands, the two views, the page
// documents' scheme, the tools, the preview's plugin) and returns. What is behind them
// (dist/features.js, dist/preview.js) loads the first time it is used, so activation reads this
// small file alone: bench/footprint.ts prints its size and the time it takes.

import type MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import type { JobNode } from './agentJobs/agentJobsTree';
import type { DocsAssistantApi, Features } from './features';
import { commands, pageScheme, tools, views } from './identifiers';

export type { DocsAssistantApi } from './features';

export function activate(context: vscode.ExtensionContext): DocsAssistantApi & { extendMarkdownIt(md: MarkdownIt): MarkdownIt } {
  let features: Features | undefined;
  let loading = false;
  /** Why the features could not load: said once, and given again to whatever asks for them. */
  let failure: Error | undefined;
  // Until the features load, each command loads them and runs again: by then, the feature's own
  // handler has taken this one's place.
  const placeholders = Object.values(commands).map((id) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) => {
      load();
      return vscode.commands.executeCommand(id, ...args);
    }),
  );
  const jobsChanged = new vscode.EventEmitter<JobNode | undefined>();
  const pagesChanged = new vscode.EventEmitter<vscode.Uri>();
  const agentJobsView = vscode.window.createTreeView<JobNode>(views.agentJobs, {
    showCollapseAll: true,
    treeDataProvider: {
      onDidChangeTreeData: jobsChanged.event,
      getChildren: (node) => load().agentJobsTree.getChildren(node),
      getTreeItem: (node) => load().agentJobsTree.getTreeItem(node),
      getParent: (node) => load().agentJobsTree.getParent(node),
      resolveTreeItem: (item, node) => load().agentJobsTree.resolveTreeItem(item, node),
    },
  });
  context.subscriptions.push(
    ...placeholders,
    jobsChanged,
    pagesChanged,
    agentJobsView,
    // Links from a documentation site (vscode://<publisher>.<name>/ask?q=…) may be what activates the extension.
    vscode.window.registerUriHandler({ handleUri: (uri) => void load().handleUri(uri) }),
    vscode.window.registerWebviewViewProvider(views.chat, {
      resolveWebviewView: (view, resolveContext, token) => load().chatView.resolveWebviewView(view, resolveContext, token),
    }),
    vscode.workspace.registerTextDocumentContentProvider(pageScheme, {
      onDidChange: pagesChanged.event,
      provideTextDocumentContent: (uri) => load().pageDocuments.provideTextDocumentContent(uri),
    }),
    ...(Object.keys(tools) as (keyof typeof tools)[]).map((name) =>
      vscode.lm.registerTool<Record<string, unknown>>(tools[name], {
        prepareInvocation: (options, token) => load().tools[name].prepareInvocation?.(options, token),
        invoke: (options, token) => load().tools[name].invoke(options, token),
      }),
    ),
  );

  function load(): Features {
    if (features) return features;
    if (failure) throw failure;
    if (loading) throw new Error('Docs Assistant is still loading.');
    loading = true;
    const owned = context.subscriptions.length;
    // The features register these commands themselves, and VS Code allows one handler per id.
    for (const placeholder of placeholders) placeholder.dispose();
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the second bundle, loaded on first use on purpose
      const { activateFeatures } = require('./features') as typeof import('./features');
      features = activateFeatures(context, { agentJobsView });
    } catch (error) {
      // Undo what was half made, and keep every command answering with the reason.
      for (const made of context.subscriptions.splice(owned).reverse()) made.dispose();
      failure = error instanceof Error ? error : new Error(String(error));
      context.subscriptions.push(...Object.values(commands).map((id) => vscode.commands.registerCommand(id, () => load())));
      void vscode.window.showErrorMessage(
        `Docs Assistant could not start (${failure.message}). Reload the window; if it happens again, reinstall the extension.`,
      );
      throw failure;
    } finally {
      loading = false;
    }
    context.subscriptions.push(
      features.agentJobsTree.onDidChangeTreeData((node) => jobsChanged.fire(node)),
      features.pageDocuments.onDidChange((uri) => pagesChanged.fire(uri)),
    );
    return features;
  }

  return {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the preview's bundle, loaded by the preview alone
    extendMarkdownIt: (md) => (require('./preview') as typeof import('./preview')).extendMarkdownIt(md),
    recentLog: () => load().api.recentLog(),
    trackedJobs: () => load().api.trackedJobs(),
    savedConversation: () => load().api.savedConversation(),
    hasThreadKey: () => load().api.hasThreadKey(),
    followLink: (uri) => load().api.followLink(uri),
  };
}

export function deactivate(): void {}
