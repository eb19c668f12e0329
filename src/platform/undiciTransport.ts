// The platform over undici, in Node (desktop VS Code, remote hosts, code-server's Node host): a
// connection pool per base URL, with undici's own connect, headers and body timeouts.

import type { Agent } from 'undici';
import type { BaseUrl } from './endpoint';
import { fail, ok, type Result } from './errors';
import {
  errorFromException,
  flattenHeaders,
  type HttpCall,
  loggedExchange,
  type HttpResponse,
  requestHeaders,
  type Transport,
  type TransportOptions,
} from './transport';

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

  open(call: HttpCall): Promise<Result<HttpResponse>> {
    return loggedExchange(this.base, this.options, call, (path) => this.request(call, path));
  }

  private async request(call: HttpCall, path: string): Promise<Result<HttpResponse>> {
    try {
      const response = await this.dispatcher.request({
        origin: this.base.origin,
        path,
        method: call.method,
        headers: { ...requestHeaders(call), 'user-agent': this.options.userAgent },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: call.signal,
        headersTimeout: this.options.timeouts.headersMs,
        bodyTimeout: call.idleTimeoutMs,
      });
      return ok({ status: response.statusCode, headers: flattenHeaders(Object.entries(response.headers)), body: response.body });
    } catch (error) {
      return fail(errorFromException(error, call.signal));
    }
  }

  close(): Promise<void> {
    return this.agent?.close() ?? Promise.resolve();
  }
}
