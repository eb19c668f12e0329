// One HTTP exchange with the platform, whatever carries it: the Transport interface the client
// uses, the few ways an exchange can fail (TransportFailure: each transport says its own errors
// in these words, and only in these), reading bodies, and the one translation of a failure into
// what the user reads, a PlatformError (a status's meaning is httpErrors.ts's). undici carries it
// in Node (undiciTransport.ts), fetch in a browser (fetchTransport.ts); the client never knows
// which, and logs each exchange around it (logged).

import type { BaseUrl } from './endpoint';
import { cancelled, fail, ok, platformError, type PlatformError, type Result } from './errors';
import type { KeyKind } from './keys';
import { describeNonJson, type ErrorContext, errorFromStatus, redirectRefused } from './httpErrors';
import type { Logger } from './logger';
import { redactSecrets } from './redact';
import { MAX_TIMER_MS } from '../util/timers';

export interface Timeouts {
  /** TCP and TLS connection set-up. */
  readonly connectMs: number;
  /** From the request sent to the response headers received. */
  readonly headersMs: number;
  /** Longest silence while reading a JSON body. */
  readonly readIdleMs: number;
  /** Longest a whole JSON body may take, however steadily it trickles in. */
  readonly readTotalMs: number;
  /** Longest silence between two pieces of an assistant stream. */
  readonly streamIdleMs: number;
}

export const defaultTimeouts: Timeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  readIdleMs: 30_000,
  readTotalMs: 60_000,
  streamIdleMs: 60_000,
};

/** A response's bytes as they arrive; destroy() stops reading and frees the connection. */
export interface ResponseBody extends AsyncIterable<Uint8Array> {
  destroy(error?: Error): void;
}

export interface HttpCall {
  readonly method: 'GET' | 'POST';
  /** Already encoded, starting with `/`, relative to the base URL. */
  readonly path: string;
  readonly keyKind: KeyKind;
  readonly key: string;
  readonly body?: unknown;
  readonly accept: string;
  readonly idleTimeoutMs: number;
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: ResponseBody;
}

/** Bodies larger than this are refused rather than held in memory. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface TransportOptions {
  readonly timeouts: Timeouts;
  readonly userAgent: string;
}

/** Carries one exchange at a time with the platform at one base URL. */
export interface Transport {
  readonly origin: string;
  /**
   * Sends the request and returns once the headers are in (the body is the caller's to read or
   * destroy), or how the exchange failed. Never throws; nor does reading the body, but with a
   * TransportError.
   */
  open(call: HttpCall): Promise<HttpResponse | TransportError>;
  /** Releases what the transport holds (a connection pool); exchanges under way finish. */
  close(): Promise<void>;
}

/** Where a call goes under the base URL's origin: its path prefix, then the call's path. */
export function pathOf(base: BaseUrl, call: HttpCall): string {
  return base.pathPrefix + call.path;
}

/** A transport whose every exchange is logged, once, in one debug line with its outcome and time (never the key). */
export function logged(transport: Transport, base: BaseUrl, log: { readonly logger: Logger; readonly now: () => number }): Transport {
  return {
    origin: transport.origin,
    close: () => transport.close(),
    open: async (call) => {
      const started = log.now();
      const opened = await transport.open(call);
      const outcome = opened instanceof TransportError ? opened.failure : opened.status;
      log.logger.debug(`${call.method} ${pathOf(base, call)} → ${outcome} (${log.now() - started} ms)`);
      return opened;
    },
  };
}

/** Opens an exchange, as a Result in the user's words; a call cancelled before it starts sends nothing. */
export async function openExchange(transport: Transport, call: HttpCall): Promise<Result<HttpResponse>> {
  if (call.signal?.aborted) return fail(cancelled());
  const opened = await transport.open(call);
  return opened instanceof TransportError ? fail(errorFromException(opened, call.signal)) : ok(opened);
}

/** The headers of every call, whichever transport sends it. */
export function requestHeaders(call: HttpCall): Record<string, string> {
  return {
    authorization: `Bearer ${call.key}`,
    accept: call.accept,
    ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
}

/** Makes the transport of the host the extension runs in. */
export type TransportFactory = (base: BaseUrl, options: TransportOptions) => Transport;

export interface BodyText {
  readonly text: string;
  /** True when the bytes were not valid UTF-8 and some were replaced by U+FFFD. */
  readonly invalidUtf8: boolean;
}

export interface ReadOptions {
  readonly signal?: AbortSignal;
  /** The whole body must have arrived within this time. */
  readonly totalMs?: number;
}

/** Reads a whole body as text. Fails as timeout, cancelled, network or badResponse (too large). */
export async function readBodyText(body: ResponseBody, { signal, totalMs }: ReadOptions = {}): Promise<Result<BodyText>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let overdue = false;
  const deadline =
    totalMs === undefined
      ? undefined
      : setTimeout(
          () => {
            overdue = true;
            body.destroy(new Error('The body took too long'));
          },
          Math.min(totalMs, MAX_TIMER_MS),
        );
  try {
    for await (const buffer of body) {
      size += buffer.byteLength;
      if (size > MAX_BODY_BYTES) {
        body.destroy();
        return fail(
          platformError('badResponse', `The server sent more than ${MAX_BODY_BYTES / 1024 / 1024} MB; the response was not read.`),
        );
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (overdue && !signal?.aborted)
      return fail(platformError('timeout', 'The platform took too long to send its answer. Check your connection and try again.'));
    return fail(errorFromException(error, signal));
  } finally {
    clearTimeout(deadline);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return ok({ text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), invalidUtf8: false });
  } catch {
    return ok({ text: new TextDecoder('utf-8').decode(bytes), invalidUtf8: true });
  }
}

/** Reads a JSON body. A body that is not JSON is a badResponse naming what came instead. */
export async function readJson(
  response: HttpResponse,
  options: ReadOptions = {},
): Promise<Result<{ json: unknown; invalidUtf8: boolean }>> {
  const body = await readBodyText(response.body, options);
  if (!body.ok) return body;
  try {
    const json: unknown = JSON.parse(body.value.text);
    return ok({ json, invalidUtf8: body.value.invalidUtf8 });
  } catch {
    return fail(
      platformError(
        'badResponse',
        `The server answered ${response.status} with ${describeNonJson(body.value.text, response.headers['content-type'])} instead of JSON.`,
        {
          status: response.status,
        },
      ),
    );
  }
}

/** Reads an error response's body and turns status and body into a PlatformError. Never throws. */
export async function errorFromResponse(response: HttpResponse, context: ErrorContext, options: ReadOptions = {}): Promise<PlatformError> {
  const body = await readBodyText(response.body, options);
  const text = body.ok ? body.value.text : '';
  return errorFromStatus(response.status, response.headers, text, context);
}

/** How an exchange failed, in words no transport owns: each says its own errors this way. */
export type TransportFailure =
  /** No connection within the connect timeout: nothing was sent. */
  | 'connectTimeout'
  /** Sent, and no response headers within the headers timeout. */
  | 'headersTimeout'
  /** The body stopped coming for longer than the call's idle time. */
  | 'bodyStalled'
  /** No connection at all (refused, no such host, no route): nothing was sent. */
  | 'unreached'
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

/**
 * How an exchange failed: what open() returns, and what reading a body throws. `detail` names the
 * cause (a code, the origin a browser refused), never a key; `status`, a redirect's when known.
 */
export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    detail: string,
    readonly status?: number,
  ) {
    super(detail);
  }
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
  const unsent = failure === 'connectTimeout' || failure === 'unreached' ? { unsent: true } : {};
  const timeout = failure && TIMEOUTS[failure];
  if (timeout) return platformError('timeout', `${timeout}. Check your connection and try again.`, unsent);
  if (failure === 'cancelled') return cancelled();
  if (failure === 'redirected') return redirectRefused(error instanceof TransportError ? error.status : undefined);
  if (failure === 'offline')
    return platformError('network', 'The browser is offline, so the platform cannot be reached. Check your connection.', { unsent: true });
  // fetch tells neither a connection that dropped after the call was sent, nor an answer without
  // CORS headers after the server acted on it, from a call never sent: it may not go again.
  if (failure === 'refusedByBrowser') {
    return platformError(
      'network',
      `The platform at ${(error as TransportError).message} did not accept the call from a browser (it does not allow this site: CORS), or it cannot be reached. In a browser, Docs Assistant can call only what the platform allows: the chat, pages and search need its discovery interface to allow it, agent jobs its admin interface; whatever it allows keeps working. Desktop VS Code has no such limit.`,
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
    `Could not reach the platform (${redactSecrets(detail)}). Check your connection and the base URL.`,
    unsent,
  );
}

/** Headers as one lower-case name to one value, however the transport holds them. */
export function flattenHeaders(headers: Iterable<[string, string | string[] | undefined]>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of headers) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
