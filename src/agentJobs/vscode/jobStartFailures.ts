// Why starting an agent job (or sending a follow-up) failed, said with what it means for a job
// that may or may not have started, and where the prompt the user wrote is.

import * as vscode from 'vscode';
import type { PlatformError } from '../../platform/errors';

/** The error, with what it means for a job that may or may not have started, and where the prompt is. */
export function explained(error: PlatformError): PlatformError {
  if (error.kind === 'rateLimited') {
    return {
      ...error,
      message: vscode.l10n.t(
        '{0} The platform starts at most 100 agent jobs and follow-ups per project an hour. The prompt is kept in its editor.',
        error.message,
      ),
    };
  }
  if ((error.kind === 'network' || error.kind === 'timeout') && !error.unsent) {
    return {
      ...error,
      message: vscode.l10n.t(
        '{0} The job may have started anyway: check the agent jobs on your dashboard before starting it again. The prompt is kept in its editor.',
        error.message,
      ),
    };
  }
  return { ...error, message: vscode.l10n.t('{0} The prompt is kept in its editor.', error.message) };
}
