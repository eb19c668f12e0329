// One HTTP exchange with the platform, whatever carries it: the Transport interface the client
// uses, reading bodies, and the translation of what a transport throws into a PlatformError (a
// status's meaning is httpErrors.ts's). undici carries it in Node (undiciTransport.ts), fetch in a
// browser (fetchTransport.ts); the client never knows which.

import type { BaseUrl } from './endpoint';
import { cancelled, fail, ok, platformError, type PlatformError, type Result } from './errors';
import type { KeyKind } from './keys';
import { describeNonJson, type ErrorContext, errorFromStatus } from './httpErrors';
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
  readonly logger: Logger;
  readonly userAgent: string;
  readonly now: () => number;
}

/** Carries one exchange at a time with the platform at one base URL. */
export interface Transport {
  readonly origin: string;
  /** Sends the request and returns once the headers are in; the body is the caller's to read or destroy. */
  open(call: HttpCall): Promise<Result<HttpResponse>>;
  /** Releases what the transport holds (a connection pool); exchanges under way finish. */
  close(): Promise<void>;
}

/**
 * What every transport does around an exchange: the path under the base URL, a call cancelled
 * before it starts, and one debug line with the outcome and its time (the key never in it).
 */
export async function loggedExchange(
  base: BaseUrl,
  options: TransportOptions,
  call: HttpCall,
  exchange: (path: string) => Promise<Result<HttpResponse>>,
): Promise<Result<HttpResponse>> {
  if (call.signal?.aborted) return fail(cancelled());
  const started = options.now();
  const path = base.pathPrefix + call.path;
  const result = await exchange(path);
  options.logger.debug(`${call.method} ${path} → ${result.ok ? result.value.status : result.error.kind} (${options.now() - started} ms)`);
  return result;
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

/** undici's codes for its timeouts; fetchTransport.ts raises the same for its own (undiciCoded). */
const TIMEOUT_CODES: Readonly<Record<string, string>> = {
  UND_ERR_CONNECT_TIMEOUT: 'Connecting to the platform took too long',
  UND_ERR_HEADERS_TIMEOUT: 'The platform took too long to start answering',
  UND_ERR_BODY_TIMEOUT: 'The platform stopped sending in the middle of its answer',
};

/** Codes that mean no connection was ever made: nothing of the request reached the server. */
const UNSENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * An error as undici would raise it, `code` and all: what a transport without undici raises for the
 * same failure, so that errorFromException says the same of it.
 */
export function undiciCoded(code: 'UND_ERR_HEADERS_TIMEOUT' | 'UND_ERR_BODY_TIMEOUT' | 'UND_ERR_SOCKET', message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Maps whatever the transport threw (undici, the socket, fetch). An abort requested by the caller always wins. */
export function errorFromException(error: unknown, signal?: AbortSignal): PlatformError {
  if (signal?.aborted) return cancelled();
  const code = errorCode(error);
  const unsent = code !== undefined && UNSENT_CODES.has(code) ? { unsent: true } : {};
  if (code && TIMEOUT_CODES[code]) {
    return platformError('timeout', `${TIMEOUT_CODES[code]}. Check your connection and try again.`, unsent);
  }
  if (code === 'UND_ERR_ABORTED' || (error instanceof Error && error.name === 'AbortError')) return cancelled();
  // undici refuses to send what HTTP cannot carry (a header with a character outside Latin-1): nothing left.
  if (code === 'UND_ERR_INVALID_ARG') {
    return platformError(
      'invalidRequest',
      'The request could not be sent: a key or setting holds characters HTTP cannot carry. Set the keys again, copying them from the dashboard.',
    );
  }
  const detail = code ?? (error instanceof Error ? error.message : String(error));
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

function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
