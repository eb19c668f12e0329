// The platform over fetch: in a browser (vscode.dev, github.dev, code-server's web worker host), and
// in Node through VS Code's own fetch where VS Code knows the way and undici does not (a PAC script,
// the system's proxy: RoutedTransport). The same calls, timeouts, cancellation and
// failures as undici's, redirects refused. A browser sends a call to another origin only if the
// platform allows it (CORS); when it does not, fetch says no more than "failed", so the error says
// what is most likely and what still works.

import * as l10n from '@vscode/l10n';
import type { BaseUrl } from './endpoint';
import { MAX_TIMER_MS } from '../util/timers';
import {
  flattenHeaders,
  type HttpCall,
  type HttpResponse,
  pathOf,
  requestHeaders,
  type ResponseBody,
  type Transport,
  TransportError,
  type TransportOptions,
} from './transport';

/** What a fetch transport is made of: the fetch itself, how its failures read, and whether it names itself. */
export interface FetchFlavour {
  readonly fetch: typeof fetch;
  /** What fetch threw, that was neither a timeout nor the caller's cancel, in the transport's words. */
  readonly failure: (error: unknown, origin: string) => TransportError;
  /** Whether to send the user-agent header: a browser names itself, and a header of our own would need CORS's leave. */
  readonly userAgent: boolean;
}

/** The browser's fetch: a failure without an answer is offline, or (most often) a refusal (CORS). */
const browserFlavour: FetchFlavour = {
  fetch: (input, init) => fetch(input, init),
  failure: (error, origin) =>
    error instanceof TypeError
      ? browserRefusal(origin)
      : new TransportError('connectionLost', error instanceof Error ? error.message : String(error)),
  userAgent: false,
};

export function fetchTransport(base: BaseUrl, options: TransportOptions): Transport {
  return new FetchTransport(base, options, browserFlavour);
}

/** A transport over another fetch than the browser's (VS Code's own, in Node). */
export function fetchTransportWith(flavour: FetchFlavour): (base: BaseUrl, options: TransportOptions) => Transport {
  return (base, options) => new FetchTransport(base, options, flavour);
}

/**
 * Node's fetch (and VS Code's over it) throws "fetch failed" with the real error as its cause: said
 * as undici's own failures are, given by the caller (undiciFailure knows their codes).
 */
export function nodeFetchFailure(classify: (error: unknown) => unknown): FetchFlavour['failure'] {
  return (error) => {
    const said = classify(error instanceof TypeError && error.cause !== undefined ? error.cause : error);
    return said instanceof TransportError
      ? said
      : new TransportError('connectionLost', error instanceof Error ? error.message : String(error));
  };
}

class FetchTransport implements Transport {
  constructor(
    private readonly base: BaseUrl,
    private readonly options: TransportOptions,
    private readonly flavour: FetchFlavour,
  ) {}

  get origin(): string {
    return this.base.origin;
  }

  async open(call: HttpCall): Promise<HttpResponse | TransportError> {
    const path = pathOf(this.base, call);
    // One controller per exchange: the caller's signal, the headers' wait and the body's reader all end it.
    const controller = new AbortController();
    const abort = () => controller.abort();
    call.signal?.addEventListener('abort', abort, { once: true });
    const done = () => call.signal?.removeEventListener('abort', abort);
    // fetch has one wait for the connection and the headers together: the headers' wait.
    let timedOut = false;
    const headersTimer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      Math.min(this.options.timeouts.headersMs, MAX_TIMER_MS),
    );
    const result = await this.exchange(call, path, controller, () => timedOut).finally(() => clearTimeout(headersTimer));
    if (result instanceof TransportError) {
      done();
      return result;
    }
    return { ...result, body: responseBody(result.body, controller, call, done) };
  }

  private async exchange(
    call: HttpCall,
    path: string,
    controller: AbortController,
    timedOut: () => boolean,
  ): Promise<(Omit<HttpResponse, 'body'> & { body: ReadableStream<Uint8Array> | null }) | TransportError> {
    try {
      const response = await this.flavour.fetch(`${this.base.origin}${path}`, {
        method: call.method,
        headers: { ...requestHeaders(call), ...(this.flavour.userAgent ? { 'user-agent': this.options.userAgent } : {}) },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
        // A key goes to the base URL only: a redirect is refused, as undici does by not following it.
        redirect: 'manual',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        // A job's status must be read afresh at every poll, never from the browser's cache. (Node's
        // types for fetch, which this is compiled against, do not know the option browsers honour.)
        ...({ cache: 'no-store' } as RequestInit),
      });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        controller.abort();
        return new TransportError('redirected', 'a redirect', response.status || undefined);
      }
      return { status: response.status, headers: flattenHeaders(response.headers.entries()), body: response.body };
    } catch (error) {
      if (timedOut()) return new TransportError('headersTimeout', 'No headers in time');
      if (call.signal?.aborted) return new TransportError('cancelled', 'cancelled');
      return this.flavour.failure(error, this.base.origin);
    }
  }

  /** fetch holds no pool to release, and exchanges under way finish, as undici's do. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Why a call failed without an answer, in a browser, where fetch says no more than "failed":
 * offline, or (most often) a platform that does not accept calls from a browser (CORS).
 */
function browserRefusal(origin: string): TransportError {
  const navigator = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return navigator?.onLine === false
    ? new TransportError('offline', 'the browser is offline')
    : new TransportError('refusedByBrowser', origin);
}

/** The response's stream as a ResponseBody: read piece by piece, each within the call's idle time. */
function responseBody(
  stream: ReadableStream<Uint8Array> | null,
  controller: AbortController,
  call: HttpCall,
  done: () => void,
): ResponseBody {
  const reader = stream?.getReader();
  let destroyed: Error | undefined;
  let finished = false;
  const finish = (early: boolean) => {
    if (finished) return;
    finished = true;
    if (early) {
      controller.abort();
      void reader?.cancel().catch(() => {});
    }
    done();
  };
  /** The next piece; a connection lost mid-body is said so, as the headers were read. */
  const read = async (): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new TransportError('bodyStalled', 'The platform stopped sending')),
        Math.min(call.idleTimeoutMs, MAX_TIMER_MS),
      );
    });
    try {
      return await Promise.race([reader!.read(), idle]);
    } catch (error) {
      if (error instanceof TypeError && !destroyed && !call.signal?.aborted)
        throw new TransportError('connectionLost', l10n.t('the connection was lost'));
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    destroy(error?: Error) {
      destroyed = error ?? new Error('The body was not read');
      finish(true);
    },
    async *[Symbol.asyncIterator]() {
      let complete = false;
      try {
        while (reader) {
          const next = await read();
          if (destroyed) throw destroyed;
          if (next.done) break;
          yield next.value;
        }
        complete = true;
      } finally {
        // Left early (an error, or the reader stopped): the rest is not wanted.
        finish(!complete);
      }
    },
  };
}
