// Sending what changes a job, for Start Agent Job, Send Follow-Up and the agent job tools alike: to
// the project in force, once it is the watched jobs' project and confirmed when the workspace chose
// it; the job then tracked, or updated, and shown in the Agent Jobs view.

import * as vscode from 'vscode';
import type { AgentJob } from '../../platform/agentJob';
import { fail, ok, platformError, type Result } from '../../platform/errors';
import type { AgentJobsModel } from '../agentJobsModel';
import type { AgentJobsTree } from './agentJobsTree';
import type { JobProject, JobProjects } from './jobProject';
import type { FixedWhat } from '../trackedJob';

export interface JobSendDeps {
  readonly model: AgentJobsModel;
  readonly tree: AgentJobsTree;
  readonly projects: JobProjects;
}

/** A send's outcome; a failure with no error: the user said no to the workspace's project, and nothing was sent. */
export type Sent = Result<AgentJob> | { readonly ok: false; readonly error?: undefined };

/** Runs the platform call, shown as the caller shows progress (a notification, a tool's own message). */
export type WithProgress = (call: () => Promise<Result<AgentJob>>) => PromiseLike<Result<AgentJob>>;

const asIs: WithProgress = (call) => call();

/** How a send goes: shown as the caller shows progress, to the project the user was shown. */
export interface SendOptions {
  readonly progress?: WithProgress;
  /** The project the user was shown, when they were asked about this very prompt: sent there or nowhere. */
  readonly named?: JobProject;
}

/** Starts a job on `prompt`; on success it is tracked, with its prompt and what it fixes, and revealed. */
export async function startJob(
  deps: JobSendDeps,
  prompt: string,
  { progress = asIs, named, fixes }: SendOptions & { readonly fixes?: FixedWhat } = {},
): Promise<Sent> {
  // The project prompted is the one whose jobs are watched: both follow the settings.
  const destination = await deps.projects.destination(
    deps.model.scope,
    vscode.l10n.t('Set the base URL and the project id to start agent jobs.'),
    named,
  );
  if (!destination.ok) return destination;
  const { client, project } = destination.value;
  // Not cancellable: once sent, a job may start whatever the client does.
  const result = await progress(() => client.agentJobs.create(project.projectId, prompt));
  if (!result.ok) return result;
  const job = result.value;
  if (!deps.model.trackStarted(job, prompt, fixes)) {
    const clash = vscode.l10n.t(
      'The platform answered with agent job "{0}", which is already tracked: a new job cannot have its id, so the answer was not used.',
      job.id,
    );
    return fail(platformError('badResponse', clash));
  }
  deps.tree.reveal(job.id);
  return ok(job);
}

/** Sends job `id` a follow-up; on success it is shown as the platform returned it, and polled again. */
export async function sendFollowUp(
  deps: JobSendDeps,
  id: string,
  prompt: string,
  { progress = asIs, named }: SendOptions = {},
): Promise<Sent> {
  const destination = await deps.projects.destination(
    deps.model.scope,
    vscode.l10n.t('Set the base URL and the project id to send follow-ups.'),
    named,
  );
  if (!destination.ok) return destination;
  const { client, project } = destination.value;
  const result = await progress(() => client.agentJobs.followUp(project.projectId, id, prompt));
  if (result.ok) {
    deps.model.update(id, result.value);
    deps.tree.reveal(id);
  }
  return result;
}
