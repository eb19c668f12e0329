// The one translation of a transport's failure (transportError.ts) into what the user reads: a
// PlatformError whose sentence says what happened, whether anything was sent, and what to do next.

import * as l10n from '@vscode/l10n';
import { cancelled, platformError, type PlatformError } from './errors';
import { redirectRefused } from './httpErrors';
import { networkSentence } from './networkSentences';
import { redactSecrets } from '../log/redact';
import { TransportError, type TransportFailure } from './transportError';

/** Failures after which the request surely never left: even a POST may go again. */
const UNSENT: ReadonlySet<TransportFailure> = new Set([
  'connectTimeout',
  'unreached',
  'nameNotResolved',
  'certificateUntrusted',
  'notTls',
  'proxyUnreached',
  'proxyAuthRequired',
  'proxyRefused',
  'proxyFailed',
  'proxyInvalid',
  'offline',
]);

/** Whether a failure happened before anything was sent. */
export function sentNothing(failure: TransportFailure): boolean {
  return UNSENT.has(failure);
}

/** A timeout's sentence, or undefined when the failure is not a timeout. */
function timeoutMessage(failure: TransportFailure | undefined): string | undefined {
  switch (failure) {
    case 'connectTimeout':
      return l10n.t('Connecting to the platform took too long. Check your connection and try again.');
    case 'headersTimeout':
      return l10n.t('The platform took too long to start answering. Check your connection and try again.');
    case 'bodyStalled':
      return l10n.t('The platform stopped sending in the middle of its answer. Check your connection and try again.');
    default:
      return undefined;
  }
}

/** What a failed exchange means to the user. An abort requested by the caller always wins. */
export function errorFromException(error: unknown, signal?: AbortSignal): PlatformError {
  if (signal?.aborted) return cancelled();
  const failure = error instanceof TransportError ? error.failure : undefined;
  // Only where nothing was sent may a change (a question, a new job) be sent again.
  const unsent = failure && sentNothing(failure) ? { unsent: true } : {};
  const timeout = timeoutMessage(failure);
  if (timeout) return platformError('timeout', timeout, unsent);
  if (failure === 'cancelled') return cancelled();
  if (failure === 'redirected') return redirectRefused(error instanceof TransportError ? error.status : undefined);
  if (error instanceof TransportError && failure) {
    const said = networkSentence(error);
    if (said)
      return platformError('network', said.message, {
        ...unsent,
        network: said.cause,
        ...(error.facts.signInDeclined ? { waitsForUser: true } : {}),
      });
  }
  if (failure === 'offline')
    return platformError('network', l10n.t('The browser is offline, so the platform cannot be reached. Check your connection.'), {
      unsent: true,
    });
  // fetch tells neither a connection that dropped after the call was sent, nor an answer without
  // CORS headers after the server acted on it, from a call never sent: it may not go again.
  if (failure === 'refusedByBrowser') {
    return platformError(
      'network',
      l10n.t(
        "The platform at {0} did not accept the call from a browser, or the browser could not reach it. Nothing is known to have been sent. Most often the platform does not allow calls from this site (CORS); the browser may also not trust the platform's certificate, or a proxy or a browser extension may block the call (the browser's developer tools say which). In a browser, Docs Assistant can call only what the platform allows: the chat, pages and search need its discovery interface to allow it, agent jobs its admin interface; whatever it allows keeps working. Desktop VS Code has no such limit.",
        (error as TransportError).message,
      ),
      { network: 'route' },
    );
  }
  if (failure === 'unsendable') {
    return platformError(
      'invalidRequest',
      l10n.t(
        'The request could not be sent: a key or setting holds characters HTTP cannot carry. Set the keys again, copying them from the dashboard.',
      ),
    );
  }
  const detail = redactSecrets(error instanceof Error ? error.message : String(error));
  return platformError(
    'network',
    failure === 'connectionLost'
      ? l10n.t('Could not reach the platform ({0}). The request may have been sent. Check your connection and the base URL.', detail)
      : l10n.t('Could not reach the platform ({0}). Nothing was sent. Check your connection and the base URL.', detail),
    unsent,
  );
}
