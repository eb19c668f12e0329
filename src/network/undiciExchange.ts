// One exchange with the platform over undici, on whichever dispatcher the route has (a pool of
// direct connections, or of tunnels through a proxy), with undici's own connect, headers and body
// timeouts; and what undici (or the socket, TLS or proxy under it) throws, said in the transport's
// words (TransportFailure), with the facts the user's sentence names.

import * as l10n from '@vscode/l10n';
import type { Dispatcher } from 'undici';
import type { BaseUrl } from '../platform/endpoint';
import {
  flattenHeaders,
  type HttpCall,
  type HttpResponse,
  pathOf,
  requestHeaders,
  type ResponseBody,
  TransportError,
  type TransportFailure,
  type TransportOptions,
} from '../platform/transport';
import type { NetworkFacts } from '../platform/transportError';

/**
 * undici, loaded on the first request rather than with the extension: it is most of the code, and
 * activation must cost next to nothing. The extension's bundle ships it as dist/vendor/undici.js.
 */
export function undici(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed, on purpose
  return require('undici') as typeof import('undici');
}

/** What a failure's sentence may name about the way the call took. */
export interface ExchangeContext {
  readonly host: string;
  /** The proxy the call went through, if any: its address without credentials, and where it came from. */
  readonly proxy?: { readonly label: string; readonly source: string; readonly credentials: boolean };
}

/** Sends `call` on `dispatcher`; the response once its headers are in, or how it failed. */
export async function undiciExchange(
  dispatcher: Dispatcher,
  base: BaseUrl,
  call: HttpCall,
  options: TransportOptions,
  context: ExchangeContext,
): Promise<HttpResponse | TransportError> {
  try {
    const response = await dispatcher.request({
      origin: base.origin,
      path: pathOf(base, call),
      method: call.method,
      headers: { ...requestHeaders(call), 'user-agent': options.userAgent },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
      headersTimeout: options.timeouts.headersMs,
      bodyTimeout: call.idleTimeoutMs,
    });
    return { status: response.statusCode, headers: flattenHeaders(Object.entries(response.headers)), body: saidBody(response.body) };
  } catch (error) {
    const failure = undiciFailure(error, context);
    if (failure instanceof TransportError) return failure;
    return new TransportError('connectionLost', failure instanceof Error ? failure.message : String(failure));
  }
}

/** The body undici reads, its errors said in the transport's words. */
function saidBody(body: ResponseBody): ResponseBody {
  return {
    destroy: (error) => body.destroy(error),
    async *[Symbol.asyncIterator]() {
      try {
        yield* body;
      } catch (error) {
        throw undiciFailure(error);
      }
    },
  };
}

/** undici's error codes (and the socket's), in the transport's words; any other is a lost connection. */
const FAILURES: Readonly<Record<string, TransportFailure>> = {
  UND_ERR_CONNECT_TIMEOUT: 'connectTimeout',
  UND_ERR_HEADERS_TIMEOUT: 'headersTimeout',
  UND_ERR_BODY_TIMEOUT: 'bodyStalled',
  UND_ERR_ABORTED: 'cancelled',
  // undici refuses to send what HTTP cannot carry (a header with a character outside Latin-1).
  UND_ERR_INVALID_ARG: 'unsendable',
  ECONNREFUSED: 'unreached',
  EHOSTUNREACH: 'unreached',
  ENETUNREACH: 'unreached',
  ENOTFOUND: 'nameNotResolved',
  EAI_AGAIN: 'nameNotResolved',
  // What OpenSSL says when the other end answers TLS with plain text.
  ERR_SSL_WRONG_VERSION_NUMBER: 'notTls',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'notTls',
  ERR_SSL_HTTP_REQUEST: 'notTls',
};

/** What a certificate's verification says when it fails: the chain is not one this machine trusts. */
const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

/** How undici says a proxy answered a tunnel's CONNECT with anything but 200. */
const TUNNEL_REFUSED = /Proxy response \((\d{3})\) !== 200 when HTTP Tunneling/;

/** Marks an error of the tunnel's making: until the proxy opens it, nothing can reach the platform. */
const IN_TUNNEL = Symbol('while the proxy opened the tunnel');

/**
 * The proxy's pool, its CONNECTs' failures marked as the tunnel's (undici's proxy agent opens each
 * tunnel with the pool's `connect`): a proxy that never answers, answers late, or answers what is
 * not HTTP is then said to be the proxy's doing, with nothing sent, never the platform's.
 */
export function markingTunnelFailures<T extends Dispatcher>(pool: T): T {
  const connect: (options: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData> = pool.connect.bind(pool);
  const marked = (options: Dispatcher.ConnectOptions) =>
    connect(options).catch((error: unknown) => {
      // undici takes a closed socket for one to open again, and would ask a proxy that closes every
      // CONNECT for a tunnel forever: said as a reset, the call fails.
      const said =
        error instanceof Error && (error as { code?: unknown }).code === 'UND_ERR_SOCKET'
          ? Object.assign(new Error('The proxy closed the connection before it opened the tunnel', { cause: error }), {
              code: 'ECONNRESET',
            })
          : error;
      if (said instanceof Error) Object.defineProperty(said, IN_TUNNEL, { value: true });
      throw said;
    });
  return Object.assign(pool, { connect: marked });
}

/** What went wrong while the proxy opened the tunnel, from the error and its causes. */
function tunnelProblem(codes: readonly string[], chain: readonly Error[]): NonNullable<NetworkFacts['proxyProblem']> {
  if (codes.some((code) => code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT'))
    return 'timeout';
  // What llhttp cannot read as HTTP, and plain text where an https:// proxy was to speak TLS.
  if (
    chain.some((cause) => cause.name === 'HTTPParserError') ||
    codes.some((code) => code.startsWith('HPE_') || FAILURES[code] === 'notTls')
  )
    return 'notProxy';
  return 'closed';
}

/**
 * What undici (or the socket under it) threw, as a TransportError; an error of our own is kept.
 * With `context`, a failure to connect is the proxy's when the call went through one.
 */
export function undiciFailure(error: unknown, context?: ExchangeContext): unknown {
  if (error instanceof TransportError) return error;
  const chain = causes(error);
  const tunnel = chain.map((cause) => TUNNEL_REFUSED.exec(cause.message)).find(Boolean);
  const proxy = context?.proxy;
  const about: NetworkFacts = {
    ...(context ? { host: context.host } : {}),
    ...(proxy ? { proxy: proxy.label, proxySource: proxy.source } : {}),
  };
  if (tunnel) {
    const status = Number(tunnel[1]);
    return status === 407
      ? new TransportError('proxyAuthRequired', tunnel[0], status, { ...about, credentialsSent: proxy?.credentials ?? false })
      : new TransportError('proxyRefused', tunnel[0], status, about);
  }
  if (chain[0] instanceof Error && chain[0].name === 'AbortError') return new TransportError('cancelled', chain[0].message);
  const codes = chain.map((cause) => (cause as { code?: unknown }).code).filter((code): code is string => typeof code === 'string');
  const socks = proxy && socksFailure(chain, codes, about, proxy.credentials);
  if (socks) return socks;
  const inTunnel = proxy !== undefined && chain.some((cause) => IN_TUNNEL in cause);
  // A body destroyed on purpose (too large, too slow) keeps its own error: the reader knows why.
  if (codes.length === 0 && !inTunnel) return error;
  const certificate = codes.find((code) => CERTIFICATE_CODES.has(code));
  if (certificate) return new TransportError('certificateUntrusted', certificate, undefined, { ...about, code: certificate });
  const named = codes.find((code) => FAILURES[code] !== undefined) ?? codes[0] ?? chain[0].name;
  if (inTunnel) {
    if (FAILURES[named] === 'unreached' || FAILURES[named] === 'nameNotResolved')
      return new TransportError('proxyUnreached', named, undefined, { ...about, code: named });
    return new TransportError('proxyFailed', named, undefined, { ...about, code: named, proxyProblem: tunnelProblem(codes, chain) });
  }
  const known = named;
  let failure =
    FAILURES[known] ??
    (/wrong version number|packet length too long/i.test(chain.map((c) => c.message).join(' ')) ? 'notTls' : 'connectionLost');
  // Through a proxy, the only connection made here is to the proxy.
  if (proxy && (failure === 'unreached' || failure === 'nameNotResolved')) failure = 'proxyUnreached';
  return new TransportError(failure, failure === 'connectionLost' ? l10n.t('the connection was lost: {0}', known) : known, undefined, {
    ...about,
    code: known,
  });
}

/**
 * What undici's SOCKS5 client said, in the transport's words: the proxy asked for credentials or
 * refused them, refused the tunnel (its reply code as the status), gave no answer in time, or answered
 * what is not SOCKS5. Undefined for an error that is not the SOCKS client's.
 */
function socksFailure(
  chain: readonly Error[],
  codes: readonly string[],
  about: NetworkFacts,
  credentials: boolean,
): TransportError | undefined {
  const code = codes.find((each) => each.startsWith('UND_ERR_SOCKS5'));
  if (code === 'UND_ERR_SOCKS5_AUTH_REJECTED' || code === 'UND_ERR_SOCKS5_AUTH_FAILED')
    return new TransportError('proxyAuthRequired', code, 407, { ...about, code, credentialsSent: credentials });
  const reply = code && /^UND_ERR_SOCKS5_REPLY_(\d+)$/.exec(code);
  if (reply) return new TransportError('proxyRefused', code, Number(reply[1]), { ...about, code });
  if (code) return new TransportError('proxyFailed', code, undefined, { ...about, code, proxyProblem: 'notProxy' });
  const timeout = chain.find((cause) => /^SOCKS5 \w+ timeout$/.test(cause.message));
  if (timeout) return new TransportError('proxyFailed', timeout.message, undefined, { ...about, proxyProblem: 'timeout' });
  return undefined;
}

/** The error and its causes, outermost first. */
function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current: unknown = error; current instanceof Error && chain.length < 5; current = current.cause) chain.push(current);
  if (chain.length === 0 && error !== undefined) chain.push(new Error(typeof error === 'string' ? error : JSON.stringify(error)));
  return chain;
}
