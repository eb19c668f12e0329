// The platform over undici, in Node (desktop VS Code, remote hosts, code-server's Node host): a
// connection pool per base URL, with undici's own connect, headers and body timeouts. What undici
// throws, while connecting or reading a body, is said in the transport's words (TransportFailure).

import type { Agent } from 'undici';
import type { BaseUrl } from './endpoint';
import {
  flattenHeaders,
  type HttpCall,
  type HttpResponse,
  pathOf,
  requestHeaders,
  type ResponseBody,
  type Transport,
  TransportError,
  type TransportFailure,
  type TransportOptions,
} from './transport';

/** undici's error codes (and the socket's), in the transport's words; any other is a lost connection. */
const FAILURES: Readonly<Record<string, TransportFailure>> = {
  UND_ERR_CONNECT_TIMEOUT: 'connectTimeout',
  UND_ERR_HEADERS_TIMEOUT: 'headersTimeout',
  UND_ERR_BODY_TIMEOUT: 'bodyStalled',
  UND_ERR_ABORTED: 'cancelled',
  // undici refuses to send what HTTP cannot carry (a header with a character outside Latin-1).
  UND_ERR_INVALID_ARG: 'unsendable',
  ECONNREFUSED: 'unreached',
  ENOTFOUND: 'unreached',
  EAI_AGAIN: 'unreached',
  EHOSTUNREACH: 'unreached',
  ENETUNREACH: 'unreached',
};

/**
 * undici, loaded on the first request rather than with the extension: it is most of the code, and
 * activation must cost next to nothing. The extension's bundle ships it as dist/vendor/undici.js.
 */
function undici(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed, on purpose
  return require('undici') as typeof import('undici');
}

export function undiciTransport(base: BaseUrl, options: TransportOptions): Transport {
  return new UndiciTransport(base, options);
}

class UndiciTransport implements Transport {
  private agent: Agent | undefined;

  constructor(
    private readonly base: BaseUrl,
    private readonly options: TransportOptions,
  ) {}

  /** The connection pool, made with the first request. */
  private get dispatcher(): Agent {
    this.agent ??= new (undici().Agent)({
      connect: { timeout: this.options.timeouts.connectMs },
      headersTimeout: this.options.timeouts.headersMs,
      bodyTimeout: this.options.timeouts.readIdleMs,
    });
    return this.agent;
  }

  get origin(): string {
    return this.base.origin;
  }

  async open(call: HttpCall): Promise<HttpResponse | TransportError> {
    try {
      const response = await this.dispatcher.request({
        origin: this.base.origin,
        path: pathOf(this.base, call),
        method: call.method,
        headers: { ...requestHeaders(call), 'user-agent': this.options.userAgent },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: call.signal,
        headersTimeout: this.options.timeouts.headersMs,
        bodyTimeout: call.idleTimeoutMs,
      });
      return { status: response.statusCode, headers: flattenHeaders(Object.entries(response.headers)), body: saidBody(response.body) };
    } catch (error) {
      const failure = undiciFailure(error);
      if (failure instanceof TransportError) return failure;
      return new TransportError('connectionLost', failure instanceof Error ? failure.message : String(failure));
    }
  }

  close(): Promise<void> {
    return this.agent?.close() ?? Promise.resolve();
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

/** What undici (or the socket under it) threw, as a TransportError; an error of our own is kept. */
export function undiciFailure(error: unknown): unknown {
  if (error instanceof TransportError) return error;
  if (error instanceof Error && error.name === 'AbortError') return new TransportError('cancelled', error.message);
  const code = errorCode(error);
  // A body destroyed on purpose (too large, too slow) keeps its own error: the reader knows why.
  if (code === undefined) return error;
  const failure = FAILURES[code] ?? 'connectionLost';
  return new TransportError(failure, failure === 'connectionLost' ? `the connection was lost: ${code}` : code);
}

/** The code undici or the socket gave the error, or its cause. */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
