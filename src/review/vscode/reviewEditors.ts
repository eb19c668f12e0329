// The reviews of jobs' changes open in VS Code's multi-file diff editor. Each is titled for its job
// (its label and id, so no two jobs share a title), and the title is how a review is known again:
// the editor's title bar offers the job's commands while a review is active, and they act on its job.

import * as vscode from 'vscode';
import { contextKeys } from '../../identifiers';
import { Disposable } from '../../util/disposable';

/** One file of a review: the file, its side before the job's branch, its side on the branch. */
export type ReviewEntry = [resource: vscode.Uri, original: vscode.Uri | undefined, modified: vscode.Uri | undefined];

export class ReviewEditors extends Disposable {
  /** Job ids by the title of their open review. */
  private readonly jobs = new Map<string, string>();
  private active = false;

  constructor() {
    super();
    this.register(vscode.window.tabGroups.onDidChangeTabs(() => this.update()));
    this.register(vscode.window.tabGroups.onDidChangeTabGroups(() => this.update()));
  }

  /** The title of a job's review. */
  static titleOf(jobLabel: string, jobId: string): string {
    return vscode.l10n.t('Agent job changes: {0} ({1})', jobLabel, jobId);
  }

  /** Opens a job's review, in place of one of the same job still open: what it shows may have moved on. */
  async open(jobId: string, title: string, entries: readonly ReviewEntry[]): Promise<void> {
    const stale = allTabs().filter((tab) => isReview(tab.label, title));
    if (stale.length > 0) await vscode.window.tabGroups.close(stale);
    this.jobs.set(title, jobId);
    await vscode.commands.executeCommand('vscode.changes', title, entries);
    this.update();
  }

  /** The job whose review is the active editor, if it is one. */
  activeJob(): string | undefined {
    const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
    if (label === undefined) return undefined;
    for (const [title, jobId] of this.jobs) if (isReview(label, title)) return jobId;
    return undefined;
  }

  private update(): void {
    // Reviews closed are forgotten.
    const labels = allTabs().map((tab) => tab.label);
    for (const title of this.jobs.keys()) if (!labels.some((label) => isReview(label, title))) this.jobs.delete(title);
    const active = this.activeJob() !== undefined;
    if (active === this.active) return;
    this.active = active;
    void vscode.commands.executeCommand('setContext', contextKeys.activeReview, active);
  }
}

function allTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs);
}

/** The diff editor's tab shows the title with the number of files after it: "… (3 files)". */
function isReview(tabLabel: string, title: string): boolean {
  return tabLabel === title || (tabLabel.startsWith(title) && /^ \(\d+ files?\)$/.test(tabLabel.slice(title.length)));
}
