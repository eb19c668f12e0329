// What can be done to an agent job from a message or a row of the tree, each running the command
// of the same name on that job: one home for their titles, what they run, and when they apply.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import type { AgentJob } from '../../platform/agentJob';
import type { MessageAction } from '../../ui/vscode/notifications';
import type { JobNode } from './jobNode';

interface JobAction {
  /** A button of a notification about the job. */
  (jobId: string): MessageAction;
  /** The same action as the command a tree row runs when clicked. */
  readonly onRow: (jobId: string) => vscode.Command;
}

/** `title` is asked each time a button or row is made, so it is said in the user's language. */
function action(title: () => string, command: string): JobAction {
  const button = (jobId: string): MessageAction => ({ title: title(), run: () => vscode.commands.executeCommand(command, jobId) });
  const onRow = (jobId: string): vscode.Command => ({
    title: title(),
    command,
    arguments: [{ kind: 'job', id: jobId } satisfies JobNode],
  });
  return Object.assign(button, { onRow });
}

export const jobActions = {
  openPullRequest: action(() => vscode.l10n.t('Open Pull Request'), commands.openPullRequest),
  reviewChanges: action(() => vscode.l10n.t('Review Changes'), commands.reviewAgentJobChanges),
  sendFollowUp: action(() => vscode.l10n.t('Send Follow-Up'), commands.sendAgentJobFollowUp),
  checkOutBranch: action(() => vscode.l10n.t('Check Out Branch'), commands.checkOutAgentJobBranch),
};

/** Open Pull Request, for a message about a job that has one. */
export function pullRequestButton(jobId: string, job: AgentJob | undefined): MessageAction[] {
  return job?.prLink ? [jobActions.openPullRequest(jobId)] : [];
}
