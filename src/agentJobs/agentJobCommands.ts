// Track, untrack, refresh, open a job's pull request, copy its id.

import * as vscode from 'vscode';
import type { SetupService } from '../settings/setupService';
import { agentJobsNeeds } from '../settings/setupState';
import type { AgentJobsView, JobNode } from './agentJobsView';
import { isSafePullRequestLink } from './jobPresentation';
import type { TrackedJob } from './poller';

export function registerAgentJobCommands(context: vscode.ExtensionContext, view: AgentJobsView, setup: SetupService): void {
  const jobId = (argument: unknown): string | undefined =>
    typeof argument === 'string' ? argument : (argument as JobNode | undefined)?.kind === 'job' ? (argument as { id: string }).id : (argument as { jobId?: string })?.jobId;

  context.subscriptions.push(
    vscode.commands.registerCommand('docsAssistant.trackAgentJob', async (argument?: unknown): Promise<boolean> => {
      await setup.refresh();
      const needs = agentJobsNeeds(setup.current);
      if (needs) {
        // Said, not awaited: the command ends now; the button works whenever it is clicked.
        const fix = needs.need === 'adminKey' ? 'Set Admin Key' : 'Configure';
        void vscode.window.showErrorMessage(needs.message, fix).then((choice) => {
          if (choice) void vscode.commands.executeCommand(needs.need === 'adminKey' ? 'docsAssistant.setAdminKey' : 'docsAssistant.configure');
        });
        return false;
      }
      const id = (typeof argument === 'string' ? argument : await vscode.window.showInputBox({
        title: 'Docs Assistant: Track Agent Job',
        prompt: 'The id of an agent job of this project. It is polled until it completes, fails or is archived.',
        placeHolder: 'job id',
        ignoreFocusOut: true,
        validateInput: (value) => (/\s/.test(value.trim()) ? 'A job id has no spaces.' : undefined),
      }))?.trim();
      if (!id) return false;
      return view.track(id);
    }),
    vscode.commands.registerCommand('docsAssistant.untrackAgentJob', (argument?: unknown) => {
      const id = jobId(argument);
      if (id) view.untrack(id);
    }),
    vscode.commands.registerCommand('docsAssistant.refreshAgentJobs', () => view.refresh()),
    vscode.commands.registerCommand('docsAssistant.openPullRequest', async (argument?: unknown): Promise<boolean> => {
      const tracked: TrackedJob | undefined = view.jobs.find((job) => job.id === jobId(argument));
      const link = tracked?.job?.prLink;
      if (!isSafePullRequestLink(link)) {
        void vscode.window.showWarningMessage(link ? `The pull request link ${link} is not an https address, so it is not opened.` : 'This job has no pull request.');
        return false;
      }
      return vscode.env.openExternal(vscode.Uri.parse(link, true));
    }),
    vscode.commands.registerCommand('docsAssistant.copyAgentJobId', async (argument?: unknown) => {
      const id = jobId(argument);
      if (!id) return;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(`Copied agent job id ${id}.`, 3000);
    }),
  );
}
