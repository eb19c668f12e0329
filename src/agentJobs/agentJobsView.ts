// The Agent Jobs tree. Until a job is tracked it is empty, and the welcome content declared in
// package.json says what is missing, with a button to fix it.

import * as vscode from 'vscode';

export const AGENT_JOBS_VIEW_ID = 'docsAssistant.agentJobs';

export function registerAgentJobsView(context: vscode.ExtensionContext): void {
  const provider: vscode.TreeDataProvider<never> = {
    getChildren: () => [],
    getTreeItem: (element) => element,
  };
  context.subscriptions.push(vscode.window.createTreeView(AGENT_JOBS_VIEW_ID, { treeDataProvider: provider }));
}
