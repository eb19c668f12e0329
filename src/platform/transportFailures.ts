// How an exchange with the platform can fail, in words no transport owns (each transport says its
// own errors in these words, and only in these), and the one translation of a failure into what
// the user reads: a PlatformError whose sentence says what happened, whether anything was sent,
// and what to do next.

import * as l10n from '@vscode/l10n';
import { cancelled, platformError, type PlatformError } from './errors';
import { redirectRefused } from './httpErrors';
import { networkSentence } from './networkSentences';
import { redactSecrets } from './redact';

/** How an exchange failed, in words no transport owns: each says its own errors this way. */
export type TransportFailure =
  /** No connection within the connect timeout: nothing was sent. */
  | 'connectTimeout'
  /** Sent, and no response headers within the headers timeout. */
  | 'headersTimeout'
  /** The body stopped coming for longer than the call's idle time. */
  | 'bodyStalled'
  /** No connection at all (refused, no route): nothing was sent. */
  | 'unreached'
  /** The platform's host name has no address (here; behind a proxy, only the proxy may know it): nothing was sent. */
  | 'nameNotResolved'
  /** The platform's certificate (or an https proxy's) does not chain to a trusted root: nothing was sent. */
  | 'certificateUntrusted'
  /** Something other than TLS answered at an https:// address: nothing was sent. */
  | 'notTls'
  /** The proxy the settings name cannot be reached: nothing was sent. */
  | 'proxyUnreached'
  /** The proxy asks for credentials, or did not accept those given (407): nothing was sent. */
  | 'proxyAuthRequired'
  /** The proxy would not open a tunnel to the platform (another status than 200): nothing was sent. */
  | 'proxyRefused'
  /**
   * The proxy took a connection but opened no tunnel: no answer in the connect time, an answer that
   * is not a proxy's (not HTTP, not SOCKS5), or the connection closed (`NetworkFacts.proxyProblem`).
   * Nothing was sent.
   */
  | 'proxyFailed'
  /** The proxy the settings name is not an address: nothing was sent. */
  | 'proxyInvalid'
  /** The connection was lost after the request may have gone. */
  | 'connectionLost'
  /** What the request holds cannot be sent over HTTP (a header outside Latin-1). */
  | 'unsendable'
  /** The platform answered with a redirect, which is never followed: a key goes only to the base URL. */
  | 'redirected'
  /** A browser that is offline: nothing was sent. */
  | 'offline'
  /** A browser that would not make the call or show its answer (CORS), or could not reach the platform. */
  | 'refusedByBrowser'
  | 'cancelled';

/** What a network failure is about, for its sentence; never a key or a proxy's password. */
export interface NetworkFacts {
  /** The platform's host (and port). */
  readonly host?: string;
  /** The proxy, as `http://host:port`, and where its address came from (`http.proxy`, `HTTPS_PROXY`…). */
  readonly proxy?: string;
  readonly proxySource?: string;
  /** For `proxyFailed`: what the proxy did instead of opening the tunnel. */
  readonly proxyProblem?: 'timeout' | 'notProxy' | 'closed';
  /** For a 407: whether credentials were sent. */
  readonly credentialsSent?: boolean;
  /**
   * For a 407 with no credentials: VS Code's own network stack, which can ask the user to sign in
   * to the proxy, did not get through either (the sign-in dismissed, or none offered). Background
   * work then waits for the user, rather than ask again at every poll.
   */
  readonly signInDeclined?: boolean;
  /** For an untrusted certificate: whose it is, and who issued it, when they could be read. */
  readonly certificateOf?: 'platform' | 'proxy';
  readonly subject?: string;
  readonly issuer?: string;
  /** The code the network stack gave (ECONNREFUSED, UNABLE_TO_VERIFY_LEAF_SIGNATURE…). */
  readonly code?: string;
}

/**
 * How an exchange failed: what open() returns, and what reading a body throws. `detail` names the
 * cause (a code, the origin a browser refused), never a key; `status`, a redirect's or a proxy's
 * when known; `facts`, what a network failure's sentence names.
 */
export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    detail: string,
    readonly status?: number,
    readonly facts: NetworkFacts = {},
  ) {
    super(detail);
  }
}

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
