// How an exchange with the platform can fail, in words no transport owns (each transport says its
// own errors in these words, and only in these), and the one translation of a failure into what
// the user reads: a PlatformError whose sentence says what happened, whether anything was sent,
// and what to do next.

import { cancelled, type NetworkCause, platformError, type PlatformError } from './errors';
import { redirectRefused } from './httpErrors';
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
  /** For a 407: whether credentials were sent. */
  readonly credentialsSent?: boolean;
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
  'proxyInvalid',
  'offline',
]);

/** Whether a failure happened before anything was sent. */
export function sentNothing(failure: TransportFailure): boolean {
  return UNSENT.has(failure);
}

const TIMEOUTS: Readonly<Partial<Record<TransportFailure, string>>> = {
  connectTimeout: 'Connecting to the platform took too long',
  headersTimeout: 'The platform took too long to start answering',
  bodyStalled: 'The platform stopped sending in the middle of its answer',
};

/** What a failed exchange means to the user. An abort requested by the caller always wins. */
export function errorFromException(error: unknown, signal?: AbortSignal): PlatformError {
  if (signal?.aborted) return cancelled();
  const failure = error instanceof TransportError ? error.failure : undefined;
  // Only where nothing was sent may a change (a question, a new job) be sent again.
  const unsent = failure && sentNothing(failure) ? { unsent: true } : {};
  const timeout = failure && TIMEOUTS[failure];
  if (timeout) return platformError('timeout', `${timeout}. Check your connection and try again.`, unsent);
  if (failure === 'cancelled') return cancelled();
  if (failure === 'redirected') return redirectRefused(error instanceof TransportError ? error.status : undefined);
  if (error instanceof TransportError && failure) {
    const said = networkSentence(error);
    if (said) return platformError('network', said.message, { ...unsent, network: said.cause });
  }
  if (failure === 'offline')
    return platformError('network', 'The browser is offline, so the platform cannot be reached. Check your connection.', { unsent: true });
  // fetch tells neither a connection that dropped after the call was sent, nor an answer without
  // CORS headers after the server acted on it, from a call never sent: it may not go again.
  if (failure === 'refusedByBrowser') {
    return platformError(
      'network',
      `The platform at ${(error as TransportError).message} did not accept the call from a browser, or the browser could not reach it. Nothing is known to have been sent. Most often the platform does not allow calls from this site (CORS); the browser may also not trust the platform's certificate, or a proxy or a browser extension may block the call (the browser's developer tools say which). In a browser, Docs Assistant can call only what the platform allows: the chat, pages and search need its discovery interface to allow it, agent jobs its admin interface; whatever it allows keeps working. Desktop VS Code has no such limit.`,
      { network: 'route' },
    );
  }
  if (failure === 'unsendable') {
    return platformError(
      'invalidRequest',
      'The request could not be sent: a key or setting holds characters HTTP cannot carry. Set the keys again, copying them from the dashboard.',
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return platformError(
    'network',
    `Could not reach the platform (${redactSecrets(detail)}). ${failure === 'connectionLost' ? 'The request may have been sent. ' : 'Nothing was sent. '}Check your connection and the base URL.`,
    unsent,
  );
}

/** Where a proxy's address came from, in words. */
function sourceWords(source: string | undefined): string {
  if (source === undefined) return '';
  return source === 'http.proxy' ? ' (from the setting http.proxy)' : ` (from the environment variable ${source})`;
}

/** The sentence of a failure of the network's, and what the user can look at to fix it. */
function networkSentence(error: TransportError): { message: string; cause: NetworkCause } | undefined {
  const facts = error.facts;
  const proxy = `${facts.proxy ?? 'the proxy'}${sourceWords(facts.proxySource)}`;
  const code = facts.code ? ` (${facts.code})` : '';
  switch (error.failure) {
    case 'nameNotResolved':
      return {
        cause: 'route',
        message: `The name ${facts.host ?? 'of the platform'} does not resolve${code}: no address was found for it here. Nothing was sent. Check the base URL; if your network reaches the internet through a proxy, set http.proxy to it, since only the proxy may know the name. Check Connection shows the way each call takes.`,
      };
    case 'unreached':
      return {
        cause: 'route',
        message: `Could not reach the platform at ${facts.host ?? 'its address'}${code}. Nothing was sent. Check your connection and the base URL; behind a proxy, set http.proxy to it. Check Connection shows the way each call takes.`,
      };
    case 'certificateUntrusted': {
      const whose = facts.certificateOf === 'proxy' ? `The proxy ${facts.proxy ?? ''}`.trimEnd() + "'s" : "The platform's";
      const issued =
        facts.subject || facts.issuer
          ? `: it was issued to ${facts.subject ?? 'an unnamed subject'} by ${facts.issuer ?? 'an unnamed issuer'}, which this machine does not trust`
          : '';
      return {
        cause: 'certificate',
        message: `${whose} certificate is not trusted${code}${issued}. Nothing was sent. To trust it, add the root certificate it chains to (from your IT team, when a company proxy inspects connections) to the operating system's trusted certificates, which VS Code reads while http.systemCertificates is on (its default); or point the environment variable NODE_EXTRA_CA_CERTS at a file holding it, and restart VS Code; or, for a proxy's own certificate only, turn off http.proxyStrictSSL. Docs Assistant never turns verification off itself.`,
      };
    }
    case 'notTls':
      return {
        cause: 'route',
        message: `The server at ${facts.host ?? 'the base URL'} does not speak TLS${code}: it answered an https:// call in plain text. Nothing was sent. Check the base URL's scheme and port (http:// is only for this machine); a proxy or captive portal may also be answering in the platform's place.`,
      };
    case 'proxyUnreached':
      return {
        cause: 'proxy',
        message: `The proxy ${proxy} cannot be reached${code}. Nothing was sent. Check the proxy's address, or that the proxy is running; http.noProxy lists the hosts to reach without it.`,
      };
    case 'proxyAuthRequired':
      return {
        cause: 'proxyCredentials',
        message: facts.credentialsSent
          ? `The proxy ${proxy} did not accept the credentials given (407 Proxy Authentication Required). Nothing was sent. Check http.proxyAuthorization, or the user name and password in the proxy's address.`
          : `The proxy ${proxy} asks for credentials (407 Proxy Authentication Required). Nothing was sent. Set http.proxyAuthorization to the header it expects (such as Basic followed by the base64 of user:password), or put them in the proxy's address (http://user:password@host:port).`,
      };
    case 'proxyRefused':
      return {
        cause: 'proxy',
        message: `The proxy ${proxy} refused to open a tunnel to ${facts.host ?? 'the platform'} (${error.status ?? 'no status'}). Nothing was sent. Your network may not allow that host through the proxy: ask your IT team, or list it in http.noProxy if it is to be reached directly.`,
      };
    case 'proxyInvalid':
      return {
        cause: 'proxy',
        message: `${error.message} Nothing was sent. Set it to the proxy's address, such as http://proxy.example.com:3128, or clear it.`,
      };
    default:
      return undefined;
  }
}
