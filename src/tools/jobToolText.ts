// What the agent job tools answer a model: a job's fields as quoted lines (a job's fields are the
// platform's, outside text like any), what happened, and what the model may do next. English, for
// the model; capped, as every tool answer is.

import type { AgentJob } from '../platform/agentJob';
import type { PlatformError } from '../platform/errors';
import type { TrackedJob } from '../agentJobs/trackedJob';
import { quotedLine as quoted } from '../util/inertText';
import { capped, failureText, MAX_TITLE } from './toolText';

const MAX_FIELD = 300;

/** A job's fields, one quoted line each, as far as the platform said them. */
function fields(job: AgentJob | undefined, polling?: TrackedJob['polling']): string[] {
  const field = (name: string, value: string | null | undefined) => (value ? [`${name}: ${quoted(value, MAX_FIELD)}`] : []);
  return [
    `status: ${job ? quoted(job.status === 'unknown' ? (job.rawStatus ?? 'unknown') : job.status, MAX_TITLE) : 'not read yet'}`,
    ...field('repository', job?.repository),
    ...field('branch', job?.ref),
    ...field('model', job?.model),
    ...field('created', job?.createdAt),
    `pull request: ${job?.prLink ? quoted(job.prLink, MAX_FIELD) : 'none yet'}`,
    ...(polling && (polling.kind === 'error' || polling.kind === 'offline' || polling.kind === 'notFound')
      ? [`last check: ${quoted(polling.message, 600)}`]
      : []),
  ];
}

export function jobStartedText(job: AgentJob, project: string): string {
  return capped(
    [
      `The user confirmed, and the agent job ${quoted(job.id, MAX_TITLE)} was started on ${quoted(project, MAX_TITLE)}. It is tracked in the Agent Jobs view of VS Code, which the user sees; read its state later with docsAssistant_readAgentJob and id ${quoted(job.id, MAX_TITLE)}. The agent works in the background, and opens a pull request if it changes files.`,
      ...fields(job),
    ].join('\n'),
  );
}

export function jobStateText(tracked: TrackedJob): string {
  return capped(
    [
      `Agent job ${quoted(tracked.id, MAX_TITLE)}, as the platform last said it${tracked.job?.status === 'active' ? ' (it is still working: read it again later)' : ''}:`,
      ...fields(tracked.job, tracked.polling),
    ].join('\n'),
  );
}

export function followUpSentText(job: AgentJob): string {
  return capped(
    [
      `The user confirmed, and the follow-up was sent to agent job ${quoted(job.id, MAX_TITLE)}, which works on it now. Read its state later with docsAssistant_readAgentJob.`,
      ...fields(job),
    ].join('\n'),
  );
}

/** A job that is not in the Agent Jobs view: the tools act on tracked jobs only. */
export function notTrackedText(id: string): string {
  return capped(
    `No agent job ${quoted(id, MAX_TITLE)} is tracked in this VS Code, for the project in force. The tools read and follow up only the jobs in the Agent Jobs view: the user can add one with Docs Assistant: Track Agent Job.`,
  );
}

/** Why a start or a follow-up failed; whether it may have reached the platform anyway, and so may not be sent again blindly. */
export function notSentText(what: 'start the agent job' | 'send the follow-up', error: PlatformError): string {
  const unsure = (error.kind === 'network' || error.kind === 'timeout') && !error.unsent;
  const reason = unsure
    ? `${error.message} It may have reached the platform anyway: do not try again before the user has checked the agent jobs on their dashboard.`
    : error.message;
  return failureText(what, reason);
}

/** The user declined, in VS Code's confirmation or in Docs Assistant's own question about a workspace's project. */
export function declinedText(what: 'start the agent job' | 'send the follow-up'): string {
  return capped(`The user chose not to ${what}: nothing was sent. Do not ask again unless the user wants it.`);
}
