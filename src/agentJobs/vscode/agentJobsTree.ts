// The Agent Jobs view: the model's jobs as a tree (a job, then its details), with a badge
// counting active jobs. Everything shown comes from outside, so it goes through inertText, and the
// tooltip's Markdown is escaped.

import * as vscode from 'vscode';
import { jobItemContexts } from '../../identifiers';
import { jobActions } from './jobActions';
import type { JobNode } from './jobNode';
import { Coalesced } from '../../util/coalesced';
import { Disposable } from '../../util/disposable';
import { escapeMarkdown, inertText } from '../../util/inertText';
import type { AgentJobsModel } from '../agentJobsModel';
import {
  type JobIcon,
  jobDescription,
  spokenJob,
  jobDetails,
  jobFields,
  jobIcon,
  jobContextValue,
  jobLabel,
  TOOLTIP_PROMPT_CHARS,
} from '../jobPresentation';
import type { TrackedJob } from '../trackedJob';
import type { Previews, PreviewState } from '../previews';
import { plural } from '../../shared/language';

const icons: Record<JobIcon, vscode.ThemeIcon> = {
  active: new vscode.ThemeIcon('sync~spin', new vscode.ThemeColor('charts.blue')),
  completed: new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  archived: new vscode.ThemeIcon('archive'),
  unknown: new vscode.ThemeIcon('question'),
  notFound: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')),
  error: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  offline: new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('list.warningForeground')),
  loading: new vscode.ThemeIcon('loading~spin'),
};

/** Ages in the descriptions ("5 minutes ago") move on while the view is open. */
const AGE_REFRESH_MS = 60_000;
/** How long a redraw waits for more changes: a Refresh of many jobs redraws the tree once. */
const REDRAW_DELAY_MS = 100;

export class AgentJobsTree extends Disposable implements vscode.TreeDataProvider<JobNode> {
  private readonly changed = this.register(new vscode.EventEmitter<JobNode | undefined>());
  private readonly redraw = this.register(new Coalesced(() => this.update(), REDRAW_DELAY_MS));
  readonly onDidChangeTreeData = this.changed.event;
  /** The view is made at activation, before this provider is loaded: activateWith hands its calls on. */
  constructor(
    private readonly model: AgentJobsModel,
    private readonly view: vscode.TreeView<JobNode>,
    /** The preview deployments of jobs' branches: a row says where its branch's is. */
    private readonly previews?: Previews,
  ) {
    super();
    this.register(model.onDidChange(() => this.redraw.request()));
    if (previews) this.register(previews.onDidChange(() => this.redraw.request()));
    const ageTimer = setInterval(() => this.view.visible && model.jobs.length > 0 && this.changed.fire(undefined), AGE_REFRESH_MS);
    this.register({ dispose: () => clearInterval(ageTimer) });
    this.update();
  }

  /** Selects and shows a job, as after tracking or starting it. */
  reveal(id: string): void {
    // VS Code finds the job among the items it was last given: a redraw waiting must happen first.
    this.redraw.flush();
    void this.view.reveal({ kind: 'job', id }, { select: true, focus: false }).then(undefined, () => undefined);
  }

  getTreeItem(node: JobNode): vscode.TreeItem {
    if (node.kind === 'detail') {
      const item = new vscode.TreeItem(node.detail.label);
      item.description = inertText(node.detail.value);
      item.tooltip = inertText(`${node.detail.label}: ${node.detail.value}`);
      if (node.detail.url) {
        item.iconPath = new vscode.ThemeIcon('git-pull-request');
        item.command = jobActions.openPullRequest.onRow(node.jobId);
        item.contextValue = jobItemContexts.pullRequestRow;
      }
      return item;
    }
    const tracked = this.model.get(node.id);
    const item = new vscode.TreeItem(inertText(tracked ? jobLabel(tracked) : node.id), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    if (!tracked) return item;
    const preview = tracked.job?.ref ? this.previews?.get(tracked.job.ref) : undefined;
    const previewed = preview ? ` · ${previewText(preview)}` : '';
    item.description = inertText(`${jobDescription(tracked, Date.now())}${previewed}`);
    item.iconPath = icons[jobIcon(tracked)];
    item.contextValue = [jobContextValue(tracked), ...previewContexts(preview)].join(' ');
    item.accessibilityInformation = { label: spokenJob(tracked, Date.now()) };
    return item;
  }

  /** A job's tooltip is made when it is hovered: making 200 of them at each redraw held the extension host. */
  resolveTreeItem(item: vscode.TreeItem, node: JobNode): vscode.TreeItem {
    const tracked = node.kind === 'job' ? this.model.get(node.id) : undefined;
    if (tracked) item.tooltip = jobTooltip(tracked);
    return item;
  }

  getChildren(node?: JobNode): JobNode[] {
    if (!node) return this.model.jobs.map((tracked) => ({ kind: 'job', id: tracked.id }));
    if (node.kind === 'detail') return [];
    const tracked = this.model.get(node.id);
    return tracked ? jobDetails(tracked).map((detail) => ({ kind: 'detail', jobId: node.id, detail })) : [];
  }

  /** The view as VS Code was given it: its badge and message, and each job's row (for tests: the tree is VS Code's to draw). */
  shown(): { readonly badge?: number; readonly message?: string; readonly rows: readonly { label: string; description: string }[] } {
    const rows = this.getChildren().map((node) => {
      const item = this.getTreeItem(node);
      return {
        label: String(typeof item.label === 'object' ? item.label.label : (item.label ?? '')),
        description: String(item.description ?? ''),
      };
    });
    return {
      ...(this.view.badge ? { badge: this.view.badge.value } : {}),
      ...(this.view.message ? { message: this.view.message } : {}),
      rows,
    };
  }

  getParent(node: JobNode): JobNode | undefined {
    return node.kind === 'detail' ? { kind: 'job', id: node.jobId } : undefined;
  }

  private update(): void {
    this.changed.fire(undefined);
    // Why nothing is checked, above the jobs, while only the user can change it.
    const paused = this.model.paused;
    this.view.message = paused ? inertText(vscode.l10n.t('The jobs are not being checked: {0}', paused.message)) : undefined;
    const active = this.model.activeCount;
    this.view.badge =
      active > 0
        ? {
            value: active,
            tooltip: plural(active, vscode.l10n.t('{0} active agent job', active), vscode.l10n.t('{0} active agent jobs', active)),
          }
        : undefined;
  }
}

/** Where a job's branch's preview is, in a few words. */
function previewText(preview: PreviewState): string {
  switch (preview.kind) {
    case 'starting':
      return vscode.l10n.t('preview: starting');
    case 'failed':
      return vscode.l10n.t('preview: not deployed');
    case 'following':
      return preview.deployment?.status === 'in_progress' ? vscode.l10n.t('preview: building') : vscode.l10n.t('preview: queued');
    case 'ended':
      return preview.deployment.status === 'success' ? vscode.l10n.t('preview: ready') : vscode.l10n.t('preview: failed');
  }
}

/** The menus a job's preview offers: Open Preview once it succeeded, its log once it ended. */
function previewContexts(preview: PreviewState | undefined): string[] {
  if (preview?.kind !== 'ended') return [];
  return preview.deployment.status === 'success' ? [jobItemContexts.previewReady] : [jobItemContexts.previewFailed];
}

/** Every field of a job, as untrusted Markdown with every field escaped. */
export function jobTooltip(tracked: TrackedJob): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, false);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  markdown.appendMarkdown(`**${escapeMarkdown(jobLabel(tracked))}**\n\n`);
  for (const [label, value] of jobFields(tracked)) markdown.appendMarkdown(`- ${escapeMarkdown(label)}: ${escapeMarkdown(value)}\n`);
  if (tracked.prompt !== undefined) {
    const prompt = tracked.prompt.length > TOOLTIP_PROMPT_CHARS ? `${tracked.prompt.slice(0, TOOLTIP_PROMPT_CHARS)}…` : tracked.prompt;
    // Each line escaped, and kept a line: a hard break ends every one.
    markdown.appendMarkdown(`\n**${escapeMarkdown(vscode.l10n.t('Prompt'))}**\n\n${prompt.split('\n').map(escapeMarkdown).join('  \n')}\n`);
  }
  return markdown;
}
