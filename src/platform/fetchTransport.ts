// The platform over fetch, in a browser (vscode.dev, github.dev, code-server's web worker host):
// the same calls, timeouts, cancellation and error sentences as undici's, redirects refused. A
// browser sends a call to another origin only if the platform allows it (CORS); when it does not,
// fetch says no more than "failed", so the error says what is most likely and what still works.

import type { BaseUrl } from './endpoint';
import { cancelled, fail, ok, platformError, type PlatformError, type Result } from './errors';
import { redirectRefused } from './httpErrors';
import { MAX_TIMER_MS } from '../util/timers';
import {
  errorFromException,
  flattenHeaders,
  type HttpCall,
  type HttpResponse,
  type ResponseBody,
  type Transport,
  type TransportOptions,
} from './transport';

export function fetchTransport(base: BaseUrl, options: TransportOptions): Transport {
  return new FetchTransport(base, options);
}

class FetchTransport implements Transport {
  /** Every exchange still open, so that close() can end them. */
  private readonly open_ = new Set<AbortController>();

  constructor(
    private readonly base: BaseUrl,
    private readonly options: TransportOptions,
  ) {}

  get origin(): string {
    return this.base.origin;
  }

  async open(call: HttpCall): Promise<Result<HttpResponse>> {
    const started = this.options.now();
    const path = this.base.pathPrefix + call.path;
    const label = `${call.method} ${path}`;
    if (call.signal?.aborted) return fail(cancelled());
    const controller = new AbortController();
    const abort = () => controller.abort();
    call.signal?.addEventListener('abort', abort, { once: true });
    this.open_.add(controller);
    const done = () => {
      call.signal?.removeEventListener('abort', abort);
      this.open_.delete(controller);
    };
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
    if (!result.ok) done();
    this.options.logger.debug(`${label} → ${result.ok ? result.value.status : result.error.kind} (${this.options.now() - started} ms)`);
    return result.ok ? ok({ ...result.value, body: responseBody(result.value.body, controller, call.idleTimeoutMs, done) }) : result;
  }

  private async exchange(
    call: HttpCall,
    path: string,
    controller: AbortController,
    timedOut: () => boolean,
  ): Promise<Result<Omit<HttpResponse, 'body'> & { body: ReadableStream<Uint8Array> | null }>> {
    try {
      const response = await fetch(`${this.base.origin}${path}`, {
        method: call.method,
        headers: {
          authorization: `Bearer ${call.key}`,
          accept: call.accept,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
        // A key goes to the base URL only: a redirect is refused, as undici does by not following it.
        redirect: 'manual',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        // A job's status must be read afresh at every poll, never from the browser's cache.
        ...({ cache: 'no-store' } as RequestInit),
      });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        controller.abort();
        return fail(redirectRefused(response.status || undefined));
      }
      return ok({ status: response.status, headers: flattenHeaders(response.headers.entries()), body: response.body });
    } catch (error) {
      if (call.signal?.aborted) return fail(cancelled());
      if (timedOut())
        return fail(platformError('timeout', 'The platform took too long to start answering. Check your connection and try again.'));
      return fail(error instanceof TypeError ? browserRefusal(this.base.origin) : errorFromException(error, call.signal));
    }
  }

  close(): Promise<void> {
    for (const controller of this.open_) controller.abort();
    this.open_.clear();
    return Promise.resolve();
  }
}

/**
 * Why a call failed without an answer, in a browser: offline, or (most often) a platform that does
 * not accept calls from a browser for this interface. Nothing of the call reached it.
 */
function browserRefusal(origin: string): PlatformError {
  const navigator = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  if (navigator?.onLine === false)
    return platformError('network', 'The browser is offline, so the platform cannot be reached. Check your connection.', { unsent: true });
  return platformError(
    'network',
    `The platform at ${origin} did not accept the call from a browser (it does not allow this site: CORS), or it cannot be reached. In a browser, Docs Assistant can call only what the platform allows: the chat, pages and search need its discovery interface to allow it, agent jobs its admin interface; whatever it allows keeps working. Desktop VS Code has no such limit.`,
    { unsent: true },
  );
}

/** A body timed out between two pieces, in the words undici uses (transport.ts maps them). */
function idleTimeout(): Error {
  return Object.assign(new Error('The platform stopped sending'), { code: 'UND_ERR_BODY_TIMEOUT' });
}

/** The response's stream as a ResponseBody: read piece by piece, each within `idleMs`. */
function responseBody(
  stream: ReadableStream<Uint8Array> | null,
  controller: AbortController,
  idleMs: number,
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
  return {
    destroy(error?: Error) {
      destroyed = error ?? new Error('The body was not read');
      finish(true);
    },
    async *[Symbol.asyncIterator]() {
      let complete = false;
      try {
        while (reader) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const idle = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(idleTimeout()), Math.min(idleMs, MAX_TIMER_MS));
          });
          const next = await Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
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
