// The Agent Jobs view: the tracked jobs of the current base URL and project, polled by an
// AgentJobPoller, kept in global state, shown as a tree with a badge counting active jobs, and
// announced by a notification when a job ends while being watched.

import * as vscode from 'vscode';
import { isTerminal } from '../platform/agentJob';
import type { Logger } from '../platform/logger';
import type { Connection } from '../settings/connection';
import type { SettingsService } from '../settings/settingsService';
import type { SetupService } from '../settings/setupService';
import { Disposable } from '../util/disposable';
import { type JobDetail, type JobIcon, isSafePullRequestLink, jobDescription, jobDetails, jobFields, jobIcon, jobLabel } from './jobPresentation';
import { AgentJobPoller, type JobChange, type TrackedJob } from './poller';
import { loadTrackedJobs, saveTrackedJobs, scopeKey } from './trackedJobs';

export const AGENT_JOBS_VIEW_ID = 'docsAssistant.agentJobs';

export type JobNode = { readonly kind: 'job'; readonly id: string } | { readonly kind: 'detail'; readonly jobId: string; readonly detail: JobDetail };

const icons: Record<JobIcon, vscode.ThemeIcon> = {
  active: new vscode.ThemeIcon('sync~spin', new vscode.ThemeColor('charts.blue')),
  completed: new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  archived: new vscode.ThemeIcon('archive'),
  unknown: new vscode.ThemeIcon('question'),
  notFound: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')),
  error: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  offline: new vscode.ThemeIcon('cloud-offline', new vscode.ThemeColor('list.warningForeground')),
  loading: new vscode.ThemeIcon('loading~spin'),
};

export class AgentJobsView extends Disposable implements vscode.TreeDataProvider<JobNode> {
  private readonly changed = this.register(new vscode.EventEmitter<JobNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<JobNode>;
  private poller: AgentJobPoller | undefined;
  private scope: string | undefined;
  private ageTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly state: vscode.Memento,
    private readonly settings: SettingsService,
    private readonly setup: SetupService,
    private readonly connection: Connection,
    private readonly log: Logger,
  ) {
    super();
    this.view = this.register(vscode.window.createTreeView(AGENT_JOBS_VIEW_ID, { treeDataProvider: this, showCollapseAll: true }));
    this.register(settings.onDidChange(() => this.reload()));
    this.register(setup.onDidChange(() => this.poller?.resume()));
    this.register(vscode.window.onDidChangeWindowState((window) => this.poller?.setFocused(window.focused)));
    // Ages in the descriptions ("5 min ago") move on while the view is open.
    this.ageTimer = setInterval(() => this.view.visible && this.poller?.jobs.length && this.changed.fire(undefined), 60_000);
    this.register({ dispose: () => clearInterval(this.ageTimer) });
    this.register({ dispose: () => this.poller?.dispose() });
    this.reload();
  }

  get jobs(): TrackedJob[] {
    return this.poller?.jobs ?? [];
  }

  /** Tracks a job; resolves to false when the scope (base URL and project) is not set up. */
  track(id: string): boolean {
    if (!this.poller) return false;
    this.poller.track(id);
    void this.view.reveal({ kind: 'job', id }, { select: true, focus: false }).then(undefined, () => undefined);
    return true;
  }

  untrack(id: string): void {
    this.poller?.untrack(id);
  }

  refresh(): void {
    this.poller?.refreshAll();
  }

  getTreeItem(node: JobNode): vscode.TreeItem {
    if (node.kind === 'detail') {
      const item = new vscode.TreeItem(node.detail.label);
      item.description = node.detail.value;
      item.tooltip = `${node.detail.label}: ${node.detail.value}`;
      if (node.detail.url) {
        item.iconPath = new vscode.ThemeIcon('git-pull-request');
        item.command = { command: 'docsAssistant.openPullRequest', title: 'Open Pull Request', arguments: [{ kind: 'job', id: node.jobId }] };
        item.contextValue = 'agentJobPullRequest';
      }
      return item;
    }
    const tracked = this.poller?.get(node.id);
    const item = new vscode.TreeItem(tracked ? jobLabel(tracked) : node.id, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    if (!tracked) return item;
    item.description = jobDescription(tracked, Date.now());
    item.iconPath = icons[jobIcon(tracked)];
    item.tooltip = tooltip(tracked);
    item.contextValue = isSafePullRequestLink(tracked.job?.prLink) ? 'agentJob hasPullRequest' : 'agentJob';
    item.accessibilityInformation = { label: `Agent job ${jobLabel(tracked)}, ${item.description}` };
    return item;
  }

  getChildren(node?: JobNode): JobNode[] {
    if (!node) return (this.poller?.jobs ?? []).map((tracked) => ({ kind: 'job', id: tracked.id }));
    if (node.kind === 'detail') return [];
    const tracked = this.poller?.get(node.id);
    return tracked ? jobDetails(tracked).map((detail) => ({ kind: 'detail', jobId: node.id, detail })) : [];
  }

  getParent(node: JobNode): JobNode | undefined {
    return node.kind === 'detail' ? { kind: 'job', id: node.jobId } : undefined;
  }

  /** Starts over for the base URL and project now in force: their own jobs, their own poller. */
  private reload(): void {
    const { origin } = this.setup.current;
    const projectId = this.settings.current.projectId;
    const scope = origin && projectId ? scopeKey(origin, projectId) : undefined;
    if (scope === this.scope) {
      this.poller?.setFirstInterval(this.settings.current.pollIntervalSeconds * 1000);
      return;
    }
    this.poller?.dispose();
    this.poller = undefined;
    this.scope = scope;
    if (scope && projectId) {
      const poller = new AgentJobPoller({
        firstIntervalMs: this.settings.current.pollIntervalSeconds * 1000,
        read: (id, signal) => this.connection.client().readAgentJob(projectId, id, { signal }),
      });
      poller.setFocused(vscode.window.state.focused);
      poller.onDidChange((change) => this.onJobChange(change));
      this.poller = poller;
      for (const saved of loadTrackedJobs(this.state, scope)) poller.track(saved.id, saved.job);
    }
    this.changed.fire(undefined);
    this.updateBadge();
  }

  private onJobChange(change: JobChange): void {
    if (this.scope) {
      void saveTrackedJobs(
        this.state,
        this.scope,
        this.jobs.map((tracked) => ({ id: tracked.id, ...(tracked.job ? { job: tracked.job } : {}) })),
      );
    }
    this.changed.fire(undefined);
    this.updateBadge();
    this.notifyIfEnded(change);
    const after = change.after;
    if (after && after.watch.kind !== change.before?.watch.kind && (after.watch.kind === 'error' || after.watch.kind === 'offline')) {
      this.log.warn(`Agent job ${after.id}: ${after.watch.message}`);
    }
  }

  private updateBadge(): void {
    const active = this.poller?.activeCount ?? 0;
    this.view.badge = active > 0 ? { value: active, tooltip: `${active} active agent job${active === 1 ? '' : 's'}` } : undefined;
  }

  /** Only for an end seen while watching: a job that was active and now is not. */
  private notifyIfEnded({ before, after }: JobChange): void {
    const job = after?.job;
    if (before?.job?.status !== 'active' || !job || !isTerminal(job.status)) return;
    const level = this.settings.current.notifications;
    if (level === 'off' || (level === 'failures' && job.status !== 'failed')) return;
    const name = jobLabel(after);
    if (job.status === 'failed') {
      void vscode.window.showErrorMessage(`Agent job ${name} failed.`);
    } else if (isSafePullRequestLink(job.prLink)) {
      void vscode.window.showInformationMessage(`Agent job ${name} ${job.status === 'archived' ? 'was archived' : 'completed'} with a pull request.`, 'Open Pull Request').then((choice) => {
        if (choice) void vscode.env.openExternal(vscode.Uri.parse(job.prLink!, true));
      });
    } else if (job.status === 'completed') {
      void vscode.window.showInformationMessage(`Agent job ${name} completed without changes: no pull request was needed.`);
    } else {
      void vscode.window.showInformationMessage(`Agent job ${name} was archived.`);
    }
  }
}

function tooltip(tracked: TrackedJob): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, false);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  markdown.appendMarkdown(`**${escape(jobLabel(tracked))}**\n\n`);
  for (const [label, value] of jobFields(tracked)) markdown.appendMarkdown(`- ${label}: ${escape(value)}\n`);
  return markdown;
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
