// Which notification, if any, a change of a tracked job deserves. A pure function of the change
// and the setting, so it is tested without VS Code.

import { isTerminal } from '../platform/agentJob';
import type { NotificationLevel } from '../settings/settingsModel';
import { jobLabel } from './jobPresentation';
import type { JobChange } from './trackedJob';

export interface JobNotice {
  readonly level: 'info' | 'error';
  readonly message: string;
}

/** Only for an end seen while watching: a job that was active and now is not. */
export function jobEndNotice({ before, after }: JobChange, setting: NotificationLevel): JobNotice | undefined {
  const job = after?.job;
  if (before?.job?.status !== 'active' || !job || !isTerminal(job.status)) return undefined;
  if (setting === 'off' || (setting === 'failures' && job.status !== 'failed')) return undefined;
  // Quoted: a job started here is named by a sentence of its prompt.
  const name = `"${jobLabel(after)}"`;
  if (job.status === 'failed') return { level: 'error', message: `Agent job ${name} failed.` };
  if (job.prLink) {
    return {
      level: 'info',
      message: `Agent job ${name} ${job.status === 'archived' ? 'was archived' : 'completed'} with a pull request.`,
    };
  }
  if (job.status === 'completed')
    return { level: 'info', message: `Agent job ${name} completed without changes: no pull request was needed.` };
  return { level: 'info', message: `Agent job ${name} was archived.` };
}
