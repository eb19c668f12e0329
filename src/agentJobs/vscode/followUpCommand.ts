// Send Follow-Up: another instruction to a job in any state. The platform answers with the job,
// usually active again, and it is polled again even if it had ended. Nothing is sent but what the
// user accepts in the input box: a follow-up given as a command's argument only fills it. Nothing
// typed is lost: a refused follow-up comes back in the input box.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import type { AgentJob } from '../../platform/agentJob';
import type { PlatformConnection } from '../../platform/connection';
import { setStatusMessage, showMessage, withProgress } from '../../ui/vscode/notifications';
import { showPlatformError } from '../../settings/vscode/setupMessages';
import type { AgentJobsModel } from '../agentJobsModel';
import type { AgentJobsTree } from './agentJobsTree';
import { jobOfCommand } from './jobArgument';
import { sendFollowUp } from './jobSends';
import { inertText } from '../../util/inertText';
import { jobLabel } from '../jobPresentation';
import { type JobProjects, projectText } from './jobProject';

export interface FollowUpDeps {
  readonly model: AgentJobsModel;
  readonly tree: AgentJobsTree;
  readonly platform: PlatformConnection;
  readonly projects: JobProjects;
  /** The job whose changes are under review in the active editor: its title bar offers Send Follow-Up. */
  readonly reviewedJob: () => string | undefined;
}

/** What a caller (a test, a script) may pass: the job, and the text the input box starts with. */
export interface FollowUpRequest {
  readonly jobId: string;
  readonly prompt: string;
}

export function registerFollowUp(context: vscode.ExtensionContext, deps: FollowUpDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.sendAgentJobFollowUp, (argument?: unknown) => followUp(deps, argument)),
  );
}

/**
 * Resolves to the job as the platform returned it, or undefined when nothing was sent. `draft` is
 * what the input box starts with: the text of a follow-up that was refused.
 */
async function followUp(deps: FollowUpDeps, argument: unknown, draft?: string): Promise<AgentJob | undefined> {
  const request = isRequest(argument) ? argument : undefined;
  const tracked = await jobOfCommand(
    deps.model,
    request?.jobId ?? argument,
    {
      title: vscode.l10n.t('Docs Assistant: Send Follow-Up'),
      placeHolder: vscode.l10n.t('The agent job to send a follow-up to'),
      none: vscode.l10n.t('No agent job is tracked. Start one, or track one by its id, then send it a follow-up.'),
    },
    deps.reviewedJob,
  );
  if (!tracked) return undefined;
  const project = deps.projects.current;
  const text = await vscode.window.showInputBox({
    title: inertText(
      project?.fromWorkspace
        ? vscode.l10n.t('Docs Assistant: Follow-Up for {0} ({1})', jobLabel(tracked), projectText(project))
        : vscode.l10n.t('Docs Assistant: Follow-Up for {0}', jobLabel(tracked)),
    ),
    prompt: vscode.l10n.t('What else should the agent do on this job? The job works again, even if it had ended.'),
    value: draft ?? request?.prompt ?? '',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Say what the agent should do.') : undefined),
  });
  if (text === undefined) return undefined;
  const result = await sendFollowUp(deps, tracked.id, text, {
    progress: (call) =>
      withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending the follow-up…') }, call),
  });
  if (!result.ok && !result.error) {
    setStatusMessage(vscode.l10n.t('The follow-up was not sent.'));
    return undefined;
  }
  if (result.ok) {
    setStatusMessage(followUpSent(jobLabel(tracked), result.value), 5_000);
    return result.value;
  }
  if (result.error.kind === 'notFound') {
    showMessage('error', vscode.l10n.t('The agent job {0} is gone: the platform no longer knows it.', jobLabel(tracked)), {
      title: vscode.l10n.t('Stop Tracking'),
      run: () => deps.model.untrack(tracked.id),
    });
    return undefined;
  }
  showPlatformError(result.error, { title: vscode.l10n.t('Edit Follow-Up'), run: () => followUp(deps, tracked.id, text) });
  return undefined;
}

/** What the status bar says once a follow-up is sent: the job works again, as its status says. */
function followUpSent(label: string, job: AgentJob): string {
  switch (job.status) {
    case 'active':
      return vscode.l10n.t('Follow-up sent: agent job {0} is working again.', label);
    case 'completed':
      return vscode.l10n.t('Follow-up sent: agent job {0} has completed.', label);
    case 'failed':
      return vscode.l10n.t('Follow-up sent: agent job {0} has failed.', label);
    case 'archived':
      return vscode.l10n.t('Follow-up sent: agent job {0} is archived.', label);
    case 'unknown':
      return vscode.l10n.t('Follow-up sent: the status of agent job {0} is unknown.', label);
  }
}

function isRequest(value: unknown): value is FollowUpRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FollowUpRequest).jobId === 'string' &&
    typeof (value as FollowUpRequest).prompt === 'string'
  );
}
