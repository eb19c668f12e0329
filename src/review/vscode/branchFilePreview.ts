// A page of an agent's branch in VS Code's Markdown preview, for the pages a preview deployment
// lists as changed: the same file as the site will build it, without leaving the editor.

import * as vscode from 'vscode';
import { hasBranch, jobLabel } from '../../agentJobs/jobPresentation';
import type { TrackedJob } from '../../agentJobs/trackedJob';
import { isPagePath } from '../../platform/deployments';
import type { BranchJob } from './jobBranch';
import { withBranch } from './withBranch';

/**
 * Opens `file` of the job's branch, fetched as Review Changes fetches it, in VS Code's Markdown
 * preview (with the platform's components); a branch that cannot be fetched says why, as there.
 */
export async function previewBranchFile(tracked: TrackedJob, file: string): Promise<void> {
  // Only a plain relative page path is joined to the clone's folder: none leads out of it.
  if (!hasBranch(tracked.job) || !isPagePath(file)) return;
  const job = tracked as BranchJob;
  const uri = await withBranch(job, vscode.l10n.t('Fetching the branch of {0}…', jobLabel(job)), (fetched) =>
    Promise.resolve({
      ok: true as const,
      value: fetched.api.toGitUri(vscode.Uri.joinPath(fetched.repository.rootUri, file), fetched.trackingRef),
    }),
  );
  if (uri) await vscode.commands.executeCommand('markdown.showPreview', uri);
}
