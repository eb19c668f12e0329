// The buttons a message about an agent job offers, each running the command of the same name on
// that job: one home for their titles and what they run.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import type { MessageAction } from '../../ui/vscode/messages';

function action(title: string, command: string): (jobId: string) => MessageAction {
  return (jobId) => ({ title, run: () => vscode.commands.executeCommand(command, jobId) });
}

export const jobActions = {
  openPullRequest: action('Open Pull Request', commands.openPullRequest),
  reviewChanges: action('Review Changes', commands.reviewAgentJobChanges),
  sendFollowUp: action('Send Follow-Up', commands.sendAgentJobFollowUp),
  checkOutBranch: action('Check Out Branch', commands.checkOutAgentJobBranch),
};
