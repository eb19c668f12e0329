// How an assistant answer ended, when it did not end well: the body broke off, a limit was passed,
// the server sent an error or an abort, or the stream closed before its end. Each is a PlatformError
// whose sentence says that what arrived is kept.

import { platformError, type PlatformError } from '../errors';
import { redactSecrets } from '../redact';
import { defaultStreamLimits, type Overflow, type StreamRead } from './readAssistantStream';

const OVERFLOW_WORDS: Readonly<Record<Overflow, string>> = {
  text: `${defaultStreamLimits.maxTextChars / 1024 / 1024} MB of text`,
  line: `a line of ${defaultStreamLimits.maxLineBytes / 1024 / 1024} MB`,
  total: `${defaultStreamLimits.maxTotalBytes / 1024 / 1024} MB in all`,
  parts: `${defaultStreamLimits.maxParts.toLocaleString('en-US')} parts: sources, tool calls and the like`,
};

/** Why a read answer did not end well, or undefined when it did. `transportError` maps what the body threw. */
export function answerFailure(read: StreamRead, transportError: (thrown: unknown) => PlatformError): PlatformError | undefined {
  if (read.broken) return interrupted(transportError(read.broken.error));
  if (read.overflow) {
    return platformError(
      'badResponse',
      `The answer grew past what Docs Assistant keeps (${OVERFLOW_WORDS[read.overflow]}) and was stopped there. The part that arrived is kept.`,
    );
  }
  const { builder, sawDone } = read;
  const { errorText, aborted, abortReason } = builder.message;
  if (errorText !== undefined) {
    return platformError('serverError', `The assistant stopped with an error: ${redactSecrets(errorText)} Try again.`, {
      serverMessage: redactSecrets(errorText),
    });
  }
  if (aborted)
    return platformError(
      'cancelled',
      `The platform stopped the answer${abortReason ? ` (${abortReason})` : ''}. The part that arrived is kept.`,
    );
  if (!builder.sawFinish && !sawDone) {
    return platformError(
      'network',
      'The answer was interrupted: the connection closed before it finished. The part that arrived is kept; try again.',
    );
  }
  return undefined;
}

/** A failure after the answer began: the sentence says that what arrived is kept. */
function interrupted(error: PlatformError): PlatformError {
  if (error.kind === 'cancelled') return platformError('cancelled', 'Stopped. The part of the answer that arrived is kept.');
  return { ...error, message: `The answer was interrupted. ${error.message} The part that arrived is kept.` };
}
