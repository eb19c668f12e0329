// Which notification, if any, a change of a tracked job deserves. A pure function of the change
// and the setting, so it is tested without VS Code.

import * as l10n from '@vscode/l10n';
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
  // Quoted in each sentence: a job started here is named by a sentence of its prompt.
  const name = jobLabel(after);
  if (job.status === 'failed') return { level: 'error', message: l10n.t('Agent job "{0}" failed.', name) };
  if (job.prLink) {
    return {
      level: 'info',
      message:
        job.status === 'archived'
          ? l10n.t('Agent job "{0}" was archived with a pull request.', name)
          : l10n.t('Agent job "{0}" completed with a pull request.', name),
    };
  }
  if (job.status === 'completed')
    return { level: 'info', message: l10n.t('Agent job "{0}" completed without changes: no pull request was needed.', name) };
  return { level: 'info', message: l10n.t('Agent job "{0}" was archived.', name) };
}
