// Track, untrack, refresh, open a job's pull request, copy its id.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import type { SetupService } from '../../settings/vscode/setupService';
import { agentJobsNeeds } from '../../settings/setupState';
import { setStatusMessage, showMessage } from '../../ui/vscode/notifications';
import { showSetupNeed } from '../../settings/vscode/setupMessages';
import type { AgentJobsModel } from '../agentJobsModel';
import type { AgentJobsTree } from './agentJobsTree';
import { namedJob } from './jobArgument';
import { jobIdProblem } from '../../platform/agentJob';
import { quotedLine } from '../../util/inertText';

export interface AgentJobCommandDeps {
  readonly model: AgentJobsModel;
  readonly tree: AgentJobsTree;
  readonly setup: SetupService;
  /** The job whose changes are under review in the active editor. */
  readonly reviewedJob: () => string | undefined;
}

export function registerAgentJobCommands(context: vscode.ExtensionContext, { model, tree, setup, reviewedJob }: AgentJobCommandDeps): void {
  const jobIdOf = (argument: unknown) => namedJob(model, argument, reviewedJob)?.id;
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.trackAgentJob, async (argument?: unknown): Promise<boolean> => {
      await setup.refresh();
      const needs = agentJobsNeeds(setup.current);
      if (needs) {
        showSetupNeed(needs);
        return false;
      }
      const id = (
        typeof argument === 'string'
          ? argument
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('Docs Assistant: Track Agent Job'),
              prompt: vscode.l10n.t('The id of an agent job of this project. It is polled until it completes, fails or is archived.'),
              placeHolder: vscode.l10n.t('job id'),
              ignoreFocusOut: true,
              validateInput: (value) => (value.trim() === '' ? undefined : jobIdProblem(value.trim())),
            })
      )?.trim();
      if (!id) return false;
      const problem = jobIdProblem(id);
      if (problem) {
        showMessage('error', vscode.l10n.t('{0} This one was given by a command: {1}.', problem, quotedLine(id, 80)));
        return false;
      }
      if (!model.track(id, undefined, { asked: true })) return false;
      tree.reveal(id);
      return true;
    }),
    vscode.commands.registerCommand(commands.untrackAgentJob, (argument?: unknown) => {
      const id = jobIdOf(argument);
      if (id) model.untrack(id);
    }),
    vscode.commands.registerCommand(commands.refreshAgentJobs, () => model.refreshAll()),
    // The one way a pull request is opened: the tree, notifications and reviews run this command.
    vscode.commands.registerCommand(commands.openPullRequest, async (argument?: unknown): Promise<boolean> => {
      const job = namedJob(model, argument, reviewedJob)?.job;
      if (!job?.prLink) {
        showMessage(
          'warning',
          job?.prLinkRefused
            ? vscode.l10n.t('The pull request link of this job is not an https address, so it is not opened.')
            : vscode.l10n.t('This job has no pull request.'),
        );
        return false;
      }
      return vscode.env.openExternal(vscode.Uri.parse(job.prLink, true));
    }),
    vscode.commands.registerCommand(commands.copyAgentJobId, async (argument?: unknown) => {
      const id = jobIdOf(argument);
      if (!id) return;
      await vscode.env.clipboard.writeText(id);
      setStatusMessage(vscode.l10n.t('Copied agent job id {0}.', id));
    }),
  );
}
