// The reviews of jobs' changes open in VS Code's multi-file diff editor. Each is titled for its
// job, and the title is how a review is known again: the editor's title bar offers the job's
// commands (a context key says when the active editor is a review), and they act on that job.

import * as vscode from 'vscode';
import { contextKeys } from '../identifiers';
import { Disposable } from '../util/disposable';

/** One file of a review: the file, its side before the job's branch, its side on the branch. */
export type ReviewEntry = [resource: vscode.Uri, original: vscode.Uri | undefined, modified: vscode.Uri | undefined];

export class ReviewEditors extends Disposable {
  /** Job ids by the title of their review. */
  private readonly jobs = new Map<string, string>();
  private active = false;

  constructor() {
    super();
    this.register(vscode.window.tabGroups.onDidChangeTabs(() => this.publish()));
    this.register(vscode.window.tabGroups.onDidChangeTabGroups(() => this.publish()));
  }

  /** The title of a job's review. */
  static titleOf(jobLabel: string): string {
    return `Agent job changes: ${jobLabel}`;
  }

  /** Opens a job's review, in place of one of the same job still open: what it shows may have moved on. */
  async open(jobId: string, title: string, entries: readonly ReviewEntry[]): Promise<void> {
    const stale = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => isReview(tab.label, title));
    if (stale.length > 0) await vscode.window.tabGroups.close(stale);
    this.jobs.set(title, jobId);
    await vscode.commands.executeCommand('vscode.changes', title, entries);
    this.publish();
  }

  /** The job whose review is the active editor, if it is one. */
  activeJob(): string | undefined {
    const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
    if (label === undefined) return undefined;
    for (const [title, jobId] of this.jobs) if (isReview(label, title)) return jobId;
    return undefined;
  }

  private publish(): void {
    const active = this.activeJob() !== undefined;
    if (active === this.active) return;
    this.active = active;
    void vscode.commands.executeCommand('setContext', contextKeys.activeReview, active);
  }
}

/** The diff editor's tab shows the title with the number of files after it: "… (3 files)". */
function isReview(tabLabel: string, title: string): boolean {
  return tabLabel === title || tabLabel.startsWith(`${title} (`);
}
