// The platform's discovery interface, with the assistant key and nothing else: search, a page,
// and the assistant's streamed answer.

import * as l10n from '@vscode/l10n';
import { assistantBody, type AssistantRequest } from './assistantRequest';
import { path } from './endpoint';
import { fail, isSafeToResend, ok, platformError, type PlatformError, type Result } from './errors';
import { describeBody } from './httpErrors';
import { withoutUndefined } from '../util/objects';
import { badBody, type CallOptions, type PlatformHttp } from './platformHttp';
import { redactSecrets } from '../log/redact';
import { answerFailure } from './stream/answerEnd';
import type { AssistantMessage } from './stream/assistantMessage';
import type { StreamChunk } from './stream/chunks';
import { readAssistantStream } from './stream/readAssistantStream';
import { readSearchResults, type SearchResult } from './searchResults';
import { errorFromException, errorFromResponse, type HttpResponse, readBodyText } from './transport';
import type { SearchFilter } from './assistantRequest';

export interface SearchRequest {
  /** 1 to 50; the platform's default is 10. */
  readonly pageSize?: number;
  readonly filter?: SearchFilter | null;
}

export const DEFAULT_SEARCH_PAGE_SIZE = 10;

export interface Page {
  readonly path: string;
  readonly content: string;
  /** Access groups of a restricted page, when the server says. */
  readonly groups?: readonly string[];
  /** The bytes were not valid UTF-8; some characters were replaced. */
  readonly invalidUtf8: boolean;
}

export interface AssistantReply {
  readonly message: AssistantMessage;
  readonly threadId?: string;
  /** From `X-Thread-Key`: given once, when the thread is created, and owed on every later message. */
  readonly threadKey?: string;
}

export type AssistantOutcome =
  | { readonly ok: true; readonly value: AssistantReply }
  /** `partial` is there when the answer had begun: what arrived is kept. */
  | { readonly ok: false; readonly error: PlatformError; readonly partial?: AssistantReply };

export interface StreamObserver {
  /** The response has begun; thread headers, when the server sends them, are known now. */
  onResponse?(thread: { threadId?: string; threadKey?: string }): void;
  /** After each chunk is folded into `message` (the same object every time, updated in place). */
  onChunk?(chunk: StreamChunk, message: AssistantMessage): void;
}

export interface AssistantCallOptions extends CallOptions {
  readonly observer?: StreamObserver;
}

export class DiscoveryClient {
  constructor(private readonly http: PlatformHttp) {}

  /**
   * `POST /discovery/v1/search/{domain}` with the assistant key: the pages that match, best first.
   * Tried once: a person typing asks again anyway, and a wait would only hold back newer answers.
   */
  search(domain: string, query: string, request: SearchRequest = {}, options: CallOptions = {}): Promise<Result<SearchResult[]>> {
    return this.http.guard(async () => {
      if (query.trim() === '') return fail(platformError('invalidRequest', l10n.t('Type something to search for.')));
      const ready = await this.http.prepare('assistantKey', { domain }, {});
      if (!ready.ok) return ready;
      const pageSize = request.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE;
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
        return fail(platformError('invalidRequest', l10n.t('pageSize must be a whole number from 1 to 50; it is {0}.', pageSize)));
      const body = { query, pageSize, ...(request.filter ? { filter: request.filter } : {}) };
      const context = this.http.context(
        'assistantKey',
        l10n.t('The platform has no documentation for the domain "{0}". Check the domain setting.', domain),
      );
      const call = this.http.call('POST', path`/discovery/v1/search/${domain}`, 'assistantKey', ready.value, options.signal, body);
      return this.http.readJsonCall(call, context, (json) =>
        Array.isArray(json)
          ? ok(readSearchResults(json, pageSize))
          : fail(badBody(l10n.t('The platform answered 200 but the body is not a list of search results.'))),
      );
    });
  }

  /** Operation 2: `POST /discovery/v1/page/{domain}` with the assistant key. Retried when transient. */
  page(domain: string, pagePath: string, options: CallOptions = {}): Promise<Result<Page>> {
    return this.http.guard(async () => {
      const ready = await this.http.prepare('assistantKey', { domain }, { pagePath });
      if (!ready.ok) return ready;
      const context = this.http.context('assistantKey', l10n.t('Page not found: {0}.', pagePath));
      const call = this.http.call('POST', path`/discovery/v1/page/${domain}`, 'assistantKey', ready.value, options.signal, {
        path: pagePath,
      });
      return this.http.retried(options, () =>
        this.http.readJsonCall(call, context, (json, invalidUtf8) => parsePage(json, invalidUtf8, pagePath)),
      );
    });
  }

  /**
   * Operation 3: `POST /discovery/v2/assistant/{domain}/message`, streamed. Sent again only when
   * it surely never reached the server: a question must not arrive twice. A 429 or a busy server
   * comes back at once, for the caller to wait out in view; a failure once the answer has begun
   * comes back with the partial answer.
   */
  ask(request: AssistantRequest, options: AssistantCallOptions = {}): Promise<AssistantOutcome> {
    return this.http.guard(async () => {
      const body = assistantBody(request);
      if (!body.ok) return body;
      const ready = await this.http.prepare('assistantKey', { domain: request.domain }, {});
      if (!ready.ok) return ready;
      const notFound =
        request.threadId === undefined
          ? l10n.t('The platform has no assistant for the domain "{0}". Check the domain setting.', request.domain)
          : l10n.t("The platform no longer knows this conversation's thread; it may have expired.");
      const context = this.http.context('assistantKey', notFound);
      const call = {
        ...this.http.call(
          'POST',
          path`/discovery/v2/assistant/${request.domain}/message`,
          'assistantKey',
          ready.value,
          options.signal,
          body.value,
        ),
        accept: 'text/event-stream',
        idleTimeoutMs: this.http.timeouts.streamIdleMs,
      };
      const opened = await this.http.retried(
        options,
        async () => {
          const response = await this.http.open(call);
          if (!response.ok) return response;
          if (response.value.status < 200 || response.value.status > 299) {
            return fail(
              await errorFromResponse(response.value, context, { signal: options.signal, totalMs: this.http.timeouts.readTotalMs }),
            );
          }
          return ok(response.value);
        },
        isSafeToResend,
      );
      if (!opened.ok) return opened;
      return this.readAnswer(opened.value, options);
    });
  }

  private async readAnswer(response: HttpResponse, { signal, observer }: AssistantCallOptions): Promise<AssistantOutcome> {
    const contentType = response.headers['content-type'] ?? '';
    if (/json|html/i.test(contentType)) {
      const text = await readBodyText(response.body, { signal, totalMs: this.http.timeouts.readTotalMs });
      const said = describeBody(text.ok ? text.value.text : '', contentType);
      return fail(
        platformError('badResponse', l10n.t('The assistant answered with {0} instead of a stream.', contentType) + said, {
          status: response.status,
        }),
      );
    }
    const headerThread = { threadId: response.headers['x-thread-id'], threadKey: response.headers['x-thread-key'] };
    this.http.notify(() => observer?.onResponse?.(withoutUndefined(headerThread)));
    const read = await readAssistantStream(response.body, {
      onChunk: (chunk, message) => this.http.notify(() => observer?.onChunk?.(chunk, message)),
      onWarning: (warning) => this.http.logger.warn(redactSecrets(warning)),
    });
    const { builder } = read;
    const reply: AssistantReply = withoutUndefined({
      message: builder.message,
      threadId: builder.threadId ?? headerThread.threadId,
      threadKey: headerThread.threadKey,
    });
    const failure = answerFailure(read, (error) => errorFromException(error, signal));
    return failure ? { ok: false, error: failure, partial: reply } : ok(reply);
  }
}

function parsePage(json: unknown, invalidUtf8: boolean, requested: string): Result<Page> {
  const body = json as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null || typeof body.content !== 'string')
    return fail(badBody(l10n.t('The platform answered 200 but the body is not a page.')));
  const groups = Array.isArray(body.groups) && body.groups.every((g) => typeof g === 'string') ? body.groups : undefined;
  return ok({
    path: typeof body.path === 'string' && body.path !== '' ? body.path : requested,
    content: body.content,
    invalidUtf8,
    ...(groups ? { groups } : {}),
  });
}
