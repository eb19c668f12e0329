// How an assistant answer ended, when it did not end well: the body broke off, a limit was passed,
// the server sent an error or an abort, or the stream closed before its end. Each is a PlatformError
// whose sentence says that what arrived is kept.

import * as l10n from '@vscode/l10n';
import { number } from '../../shared/language';
import { platformError, type PlatformError } from '../errors';
import { redactSecrets } from '../../log/redact';
import { defaultStreamLimits, type Overflow, type StreamRead } from './readAssistantStream';

/** The sentence of an answer stopped at a limit: which one, and that what arrived is kept. */
function overflowMessage(overflow: Overflow): string {
  const MB = 1024 * 1024;
  switch (overflow) {
    case 'text':
      return l10n.t(
        'The answer grew past what Docs Assistant keeps ({0} MB of text) and was stopped there. The part that arrived is kept.',
        defaultStreamLimits.maxTextChars / MB,
      );
    case 'line':
      return l10n.t(
        'The answer grew past what Docs Assistant keeps (a line of {0} MB) and was stopped there. The part that arrived is kept.',
        defaultStreamLimits.maxLineBytes / MB,
      );
    case 'total':
      return l10n.t(
        'The answer grew past what Docs Assistant keeps ({0} MB in all) and was stopped there. The part that arrived is kept.',
        defaultStreamLimits.maxTotalBytes / MB,
      );
    case 'parts':
      return l10n.t(
        'The answer grew past what Docs Assistant keeps ({0} parts: sources, tool calls and the like) and was stopped there. The part that arrived is kept.',
        number(defaultStreamLimits.maxParts),
      );
  }
}

/** Why a read answer did not end well, or undefined when it did. `transportError` maps what the body threw. */
export function answerFailure(read: StreamRead, transportError: (thrown: unknown) => PlatformError): PlatformError | undefined {
  if (read.broken) return interrupted(transportError(read.broken.error));
  if (read.overflow) {
    return platformError('badResponse', overflowMessage(read.overflow));
  }
  const { builder, sawDone } = read;
  const { errorText, aborted, abortReason } = builder.message;
  if (errorText !== undefined) {
    return platformError('serverError', l10n.t('The assistant stopped with an error: {0} Try again.', redactSecrets(errorText)), {
      serverMessage: redactSecrets(errorText),
    });
  }
  if (aborted)
    return platformError(
      'cancelled',
      abortReason
        ? l10n.t('The platform stopped the answer ({0}). The part that arrived is kept.', abortReason)
        : l10n.t('The platform stopped the answer. The part that arrived is kept.'),
    );
  if (!builder.sawFinish && !sawDone) {
    return platformError(
      'network',
      l10n.t('The answer was interrupted: the connection closed before it finished. The part that arrived is kept; try again.'),
    );
  }
  return undefined;
}

/** A failure after the answer began: the sentence says that what arrived is kept. */
function interrupted(error: PlatformError): PlatformError {
  if (error.kind === 'cancelled') return platformError('cancelled', l10n.t('Stopped. The part of the answer that arrived is kept.'));
  return { ...error, message: l10n.t('The answer was interrupted. {0} The part that arrived is kept.', error.message) };
}
