// The job a command is about, from whatever it was run with: a job or a detail row of the tree, a
// job id (from a notification's button or another extension), the review of a job's changes open
// in the editor, or nothing, when a job is picked from the tracked ones.

import * as vscode from 'vscode';
import { showMessage } from '../../ui/vscode/notifications';
import { inertText } from '../../util/inertText';
import type { AgentJobsModel } from '../agentJobsModel';
import type { JobNode } from './jobNode';
import { jobLabel, statusText } from '../jobPresentation';
import type { TrackedJob } from '../trackedJob';

export interface JobPick {
  readonly title: string;
  readonly placeHolder: string;
  /** Which tracked jobs the command applies to. */
  readonly applies?: (tracked: TrackedJob) => boolean;
  /** Said when no tracked job applies. */
  readonly none: string;
}

/** The job an argument names, without asking; undefined when it names none that is tracked. */
export function namedJob(model: AgentJobsModel, argument: unknown, reviewedJob?: () => string | undefined): TrackedJob | undefined {
  if (typeof argument === 'string') return model.get(argument);
  const node = argument as Partial<JobNode> | undefined;
  if (node?.kind === 'job' && typeof node.id === 'string') return model.get(node.id);
  if (node?.kind === 'detail' && typeof node.jobId === 'string') return model.get(node.jobId);
  // From an editor's title: the review of a job's changes, when that is what is open.
  if (argument instanceof vscode.Uri) {
    const reviewed = reviewedJob?.();
    return reviewed === undefined ? undefined : model.get(reviewed);
  }
  return undefined;
}

/**
 * The job a command was run on; with no argument, one the user picks among the tracked jobs the
 * command applies to. Undefined when there is none, or the pick was dismissed.
 */
export async function jobOfCommand(
  model: AgentJobsModel,
  argument: unknown,
  pick: JobPick,
  reviewedJob?: () => string | undefined,
): Promise<TrackedJob | undefined> {
  const named = namedJob(model, argument, reviewedJob);
  if (named || (argument !== undefined && !(argument instanceof vscode.Uri))) return named;
  const jobs = model.jobs.filter((tracked) => pick.applies?.(tracked) ?? true);
  if (jobs.length === 0) {
    showMessage('info', pick.none);
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    jobs.map((tracked) => ({ label: inertText(jobLabel(tracked)), description: inertText(statusText(tracked)), tracked })),
    { title: pick.title, placeHolder: pick.placeHolder },
  );
  return picked?.tracked;
}
