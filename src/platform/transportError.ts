// How an exchange with the platform failed, in words no transport owns: each transport (undici's,
// VS Code's fetch, a browser's fetch) says its own errors this way, and only this way. What the
// user reads of them is transportFailures.ts's.

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
