// One HTTP exchange with the platform, whatever carries it: the Transport interface the client
// uses, and reading bodies. How an exchange can fail, and what each failure means to the user, is
// errorFromException's (a status's meaning is errorFromStatus's). undici carries it in Node, over
// the route VS Code's settings choose (RoutedTransport), fetch in a browser (fetchTransport); the client never knows which, and logs each exchange around it (logged).

import * as l10n from '@vscode/l10n';
import type { BaseUrl } from './endpoint';
import { cancelled, fail, ok, platformError, type PlatformError, type Result } from './errors';
import type { KeyKind } from './keys';
import { type ErrorContext, errorFromStatus, nonJsonKind } from './httpErrors';
import type { Logger } from '../log/logger';
import { MAX_TIMER_MS } from '../util/timers';
import { errorFromException } from './transportFailures';
import { TransportError } from './transportError';

export { errorFromException } from './transportFailures';
export { TransportError, type NetworkFacts, type TransportFailure } from './transportError';

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
  /**
   * Made by background work (a job's poll), not by something the user just did: it never asks the
   * user anything (VS Code's proxy sign-in), and stops where only the user can go on.
   */
  readonly background?: boolean;
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
  /** Where a transport says which way it reaches the platform. */
  readonly logger?: Logger;
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
          platformError(
            'badResponse',
            l10n.t('The server sent more than {0} MB; the response was not read.', MAX_BODY_BYTES / 1024 / 1024),
          ),
        );
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (overdue && !signal?.aborted)
      return fail(platformError('timeout', l10n.t('The platform took too long to send its answer. Check your connection and try again.')));
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
      platformError('badResponse', notJson(response.status, body.value.text, response.headers['content-type']), {
        status: response.status,
      }),
    );
  }
}

/** What came back instead of JSON, said whole. */
function notJson(status: number, text: string, contentType: string | undefined): string {
  switch (nonJsonKind(text, contentType)) {
    case 'empty':
      return l10n.t('The server answered {0} with an empty body instead of JSON.', status);
    case 'html':
      return l10n.t('The server answered {0} with an HTML page (perhaps from a proxy) instead of JSON.', status);
    case 'other':
      return l10n.t('The server answered {0} with a body that is not JSON instead of JSON.', status);
  }
}

/** Reads an error response's body and turns status and body into a PlatformError. Never throws. */
export async function errorFromResponse(response: HttpResponse, context: ErrorContext, options: ReadOptions = {}): Promise<PlatformError> {
  const body = await readBodyText(response.body, options);
  const text = body.ok ? body.value.text : '';
  return errorFromStatus(response.status, response.headers, text, context);
}

/** Headers as one lower-case name to one value, however the transport holds them. */
export function flattenHeaders(headers: Iterable<[string, string | string[] | undefined]>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of headers) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
