// The agent jobs feature: the model of the jobs tracked for the current base URL and project, the
// tree that shows them, the notification when a watched job ends, and the commands: start a job
// (from a prompt draft), send it follow-ups, track one by id.

import * as vscode from 'vscode';
import type { Logger } from '../../log/logger';
import { originOf } from '../../platform/endpoint';
import type { PlatformConnection } from '../../platform/connection';
import type { SettingsService } from '../../settings/vscode/settingsService';
import type { SetupService } from '../../settings/vscode/setupService';
import type { DocsSettings } from '../../settings/settingsModel';
import { hasGitExtension } from '../../git/vscode/gitExtension';
import { showMessage } from '../../ui/vscode/notifications';
import { registerAgentJobCommands } from './agentJobCommands';
import { AgentJobsModel, type JobScope } from '../agentJobsModel';
import { AgentJobsTree } from './agentJobsTree';
import type { JobNode } from './jobNode';
import { registerFollowUp } from './followUpCommand';
import { jobEndNotice } from '../jobNotifications';
import { hasBranch } from '../jobPresentation';
import { JobProjects } from './jobProject';
import { PromptDrafts } from './promptDrafts';
import { jobActions, pullRequestButton } from './jobActions';
import { registerStartAgentJob } from './startAgentJobCommand';
import { registerFixWithDocsAgent } from './fixCommand';
import { type BranchFileOpener, registerPreviewCommands } from './previewCommands';
import { Previews } from '../previews';
import type { ReadOnlyTexts } from '../../ui/vscode/readOnlyTexts';

export interface AgentJobsDeps {
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly platform: PlatformConnection;
  readonly log: Logger;
  /** The Agent Jobs view, made at activation; the tree made here provides its items. */
  readonly view: vscode.TreeView<JobNode>;
  /** The job whose changes are under review in the active editor: its title bar offers the job's commands. */
  readonly reviewedJob: () => string | undefined;
  /** Where outside text opens read-only: a preview's log. */
  readonly texts: ReadOnlyTexts;
  /** Opens a file of a job's branch in VS Code's Markdown preview (the review's, which fetches the branch). */
  readonly previewBranchFile: BranchFileOpener;
}

export interface AgentJobsFeature {
  readonly model: AgentJobsModel;
  readonly tree: AgentJobsTree;
  /** Where prompts go, confirmed when the workspace chose it: the agent job tools send there too. */
  readonly projects: JobProjects;
  /** The preview deployments of branches, started here and followed. */
  readonly previews: Previews;
}

export function registerAgentJobs(context: vscode.ExtensionContext, deps: AgentJobsDeps): AgentJobsFeature {
  const { settings, setup, platform, log, view, reviewedJob, texts, previewBranchFile } = deps;
  const model = new AgentJobsModel({
    store: context.globalState,
    // A scope's jobs are read at its own origin or not at all.
    read: (scope, id, signal, background) =>
      platform.at(scope.origin, (client) => client.agentJobs.read(scope.projectId, id, { signal, background })),
  });
  const previews = new Previews({
    status: (statusId, signal) => platform.current().deployments.status(statusId, { signal, background: true }),
  });
  const tree = new AgentJobsTree(model, view, previews);
  context.subscriptions.push(
    { dispose: () => model.dispose() },
    { dispose: () => previews.dispose() },
    tree,
    // The scope follows the settings at once, from the same event that changes the client's base URL.
    settings.onDidChange((current) => model.setScope(scopeOf(current), current.pollIntervalSeconds * 1000)),
    setup.onDidChange(() => model.resume()),
    // A proxy's settings changed: what paused the polls (its sign-in, dismissed) may be past.
    vscode.workspace.onDidChangeConfiguration((change) => change.affectsConfiguration('http') && model.resume()),
    vscode.window.onDidChangeWindowState((window) => model.setFocused(window.focused)),
    model.onDidChange((change) => {
      if (!change) return;
      const after = change.after;
      if (
        after &&
        after.polling.kind !== change.before?.polling.kind &&
        (after.polling.kind === 'error' || after.polling.kind === 'offline')
      ) {
        log.warn(`Agent job ${after.id}: ${after.polling.message}`);
      }
      const notice = jobEndNotice(change, settings.current.notifications);
      if (!notice) return;
      // A failed job's branch and pull request are not offered: there is nothing to go on from.
      const job = change.after?.job?.status === 'failed' ? undefined : change.after?.job;
      showMessage(
        notice.level,
        notice.message,
        ...(job?.prLink && hasBranch(job) && hasGitExtension() ? [jobActions.reviewChanges(change.id)] : []),
        ...pullRequestButton(change.id, job),
      );
    }),
  );
  model.setFocused(vscode.window.state.focused);
  model.setScope(scopeOf(settings.current), settings.current.pollIntervalSeconds * 1000);
  const projects = new JobProjects(settings, platform, context.workspaceState);
  const drafts = new PromptDrafts(() => projects.current, settings.onDidChange);
  context.subscriptions.push(drafts);
  registerAgentJobCommands(context, { model, tree, setup, reviewedJob });
  registerStartAgentJob(context, { model, tree, setup, platform, drafts, projects });
  registerFollowUp(context, { model, tree, platform, projects, reviewedJob });
  registerFixWithDocsAgent(context, { setup, drafts });
  registerPreviewCommands(context, { model, previews, platform, settings, texts, previewBranchFile });
  return { model, tree, projects, previews };
}

function scopeOf(settings: DocsSettings): JobScope | undefined {
  const origin = originOf(settings.baseUrl);
  return origin && settings.projectId ? { origin, projectId: settings.projectId } : undefined;
}
