// The platform's three operations. Every call resolves to a Result; nothing here throws at the
// caller, and nothing is sent until the call has what it needs (base URL, parameters, the
// right kind of key).

import { type AgentJob, otherJobAnswer, parseAgentJob, promptProblem } from './agentJob';
import { assistantBody, type AssistantRequest, type SearchFilter } from './assistantRequest';
import { type BaseUrl, parseBaseUrl, path } from './endpoint';
import { fail, isSafeToResend, isTransient, ok, platformError, type PlatformError, type Result, type Setting } from './errors';
import { describeBody, type ErrorContext } from './httpErrors';
import { keyLabels, keyPrefixDescriptions, keyProblem, type KeyKind } from './keys';
import { withoutUndefined } from '../util/objects';
import { type Logger, silentLogger } from './logger';
import { redactSecrets } from './redact';
import { abortableDelay, defaultRetryPolicy, type RetryPolicy, withRetries } from './retry';
import { answerFailure } from './stream/answerEnd';
import type { AssistantMessage } from './stream/assistantMessage';
import type { StreamChunk } from './stream/chunks';
import { readAssistantStream } from './stream/readAssistantStream';
import { readSearchResults, type SearchResult } from './searchResults';
import {
  defaultTimeouts,
  errorFromException,
  errorFromResponse,
  type HttpCall,
  type HttpResponse,
  readBodyText,
  readJson,
  type Timeouts,
  type Transport,
  type TransportFactory,
} from './transport';

/** Where keys come from: the extension reads SecretStorage for the current origin; tests pass a map. */
export type KeySource = (kind: KeyKind) => Promise<string | undefined>;

export interface PlatformClientOptions {
  readonly baseUrl: string;
  readonly keys: KeySource;
  /** What carries the calls: undici in Node, fetch in a browser. */
  readonly transport: TransportFactory;
  readonly logger?: Logger;
  readonly timeouts?: Partial<Timeouts>;
  readonly retry?: Partial<RetryPolicy>;
  /** Waits between retries; tests replace it to record delays without waiting. */
  readonly delay?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  readonly now?: () => number;
  readonly userAgent?: string;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Told before each wait between attempts (a rate limit, a server that is busy), so a person waiting can see it. */
  readonly onRetryWait?: (wait: RetryWait) => void;
}

export interface RetryWait {
  readonly ms: number;
  /** Why the last attempt failed. */
  readonly error: PlatformError;
}

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

const USER_AGENT = 'docs-assistant-vscode';

export class PlatformClient {
  private readonly base: Result<BaseUrl>;
  private readonly transport: Transport | undefined;
  private readonly logger: Logger;
  private readonly timeouts: Timeouts;
  private readonly retry: RetryPolicy;
  private readonly delay: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly options: PlatformClientOptions) {
    this.logger = options.logger ?? silentLogger;
    this.timeouts = { ...defaultTimeouts, ...options.timeouts };
    this.retry = { ...defaultRetryPolicy, ...options.retry };
    this.delay = options.delay ?? abortableDelay;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.base = parseBaseUrl(options.baseUrl);
    this.transport = this.base.ok
      ? options.transport(this.base.value, {
          timeouts: this.timeouts,
          logger: this.logger,
          userAgent: options.userAgent ?? USER_AGENT,
          now: this.now,
        })
      : undefined;
  }

  /** The origin keys are stored under, or undefined when the base URL is not usable. */
  get origin(): string | undefined {
    return this.base.ok ? this.base.value.origin : undefined;
  }

  /** Operation 1: `GET /v2/agent/{projectId}/job/{id}` with the admin key. Retried when transient. */
  readAgentJob(projectId: string, id: string, options: CallOptions = {}): Promise<Result<AgentJob>> {
    return this.guard(async () => {
      const ready = await this.prepare('adminKey', { projectId }, { 'job id': id });
      if (!ready.ok) return ready;
      const context = this.context(
        'adminKey',
        `No agent job "${id}" was found in project "${projectId}". Check the job id and the project id.`,
      );
      const call = this.call('GET', path`/v2/agent/${projectId}/job/${id}`, 'adminKey', ready.value, options.signal);
      return this.retried(options, () => this.readJsonCall(call, context, (json) => jobOf(json, id)));
    });
  }

  /**
   * `POST /v2/agent/{projectId}/job` with the admin key: a new job works on the prompt. Sent again
   * only when it surely never left: a network failure must not start the job twice.
   */
  createAgentJob(projectId: string, prompt: string, options: CallOptions = {}): Promise<Result<AgentJob>> {
    return this.guard(async () => {
      const problem = promptProblem(prompt);
      if (problem) return fail(platformError('invalidRequest', problem));
      const ready = await this.prepare('adminKey', { projectId }, {});
      if (!ready.ok) return ready;
      const context = this.context('adminKey', `The project "${projectId}" was not found. Check the project id.`);
      const call = this.call('POST', path`/v2/agent/${projectId}/job`, 'adminKey', ready.value, options.signal, { prompt });
      return this.retried(options, () => this.readJsonCall(call, context, (json) => jobOf(json, undefined), [200, 201]), isSafeToResend);
    });
  }

  /**
   * `POST /v2/agent/{projectId}/job/{id}/message` with the admin key: a follow-up instruction; the
   * answer is the job, usually active again. Sent again only when it surely never left.
   */
  sendAgentJobFollowUp(projectId: string, id: string, prompt: string, options: CallOptions = {}): Promise<Result<AgentJob>> {
    return this.guard(async () => {
      const problem = promptProblem(prompt);
      if (problem) return fail(platformError('invalidRequest', problem));
      const ready = await this.prepare('adminKey', { projectId }, { 'job id': id });
      if (!ready.ok) return ready;
      const context = this.context('adminKey', `No agent job "${id}" was found in project "${projectId}": it may have been deleted.`);
      const call = this.call('POST', path`/v2/agent/${projectId}/job/${id}/message`, 'adminKey', ready.value, options.signal, { prompt });
      return this.retried(options, () => this.readJsonCall(call, context, (json) => jobOf(json, id)), isSafeToResend);
    });
  }

  /**
   * `POST /discovery/v1/search/{domain}` with the assistant key: the pages that match, best first.
   * Tried once: a person typing asks again anyway, and a wait would only hold back newer answers.
   */
  searchDocs(domain: string, query: string, request: SearchRequest = {}, options: CallOptions = {}): Promise<Result<SearchResult[]>> {
    return this.guard(async () => {
      if (query.trim() === '') return fail(platformError('invalidRequest', 'Type something to search for.'));
      const ready = await this.prepare('assistantKey', { domain }, {});
      if (!ready.ok) return ready;
      const pageSize = request.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE;
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
        return fail(platformError('invalidRequest', `pageSize must be a whole number from 1 to 50; it is ${pageSize}.`));
      const body = { query, pageSize, ...(request.filter ? { filter: request.filter } : {}) };
      const context = this.context(
        'assistantKey',
        `The platform has no documentation for the domain "${domain}". Check the domain setting.`,
      );
      const call = this.call('POST', path`/discovery/v1/search/${domain}`, 'assistantKey', ready.value, options.signal, body);
      return this.readJsonCall(call, context, (json) =>
        Array.isArray(json) ? ok(readSearchResults(json, pageSize)) : fail(badBody('a list of search results')),
      );
    });
  }

  /** Operation 2: `POST /discovery/v1/page/{domain}` with the assistant key. Retried when transient. */
  retrievePage(domain: string, pagePath: string, options: CallOptions = {}): Promise<Result<Page>> {
    return this.guard(async () => {
      const ready = await this.prepare('assistantKey', { domain }, { 'page path': pagePath });
      if (!ready.ok) return ready;
      const context = this.context('assistantKey', `Page not found: ${pagePath}.`);
      const call = this.call('POST', path`/discovery/v1/page/${domain}`, 'assistantKey', ready.value, options.signal, { path: pagePath });
      return this.retried(options, () => this.readJsonCall(call, context, (json, invalidUtf8) => parsePage(json, invalidUtf8, pagePath)));
    });
  }

  /**
   * Operation 3: `POST /discovery/v2/assistant/{domain}/message`, streamed. Sent again only when
   * it surely never reached the server: a question must not arrive twice. A 429 or a busy server
   * comes back at once, for the caller to wait out in view; a failure once the answer has begun
   * comes back with the partial answer.
   */
  sendAssistantMessage(request: AssistantRequest, options: AssistantCallOptions = {}): Promise<AssistantOutcome> {
    return this.guard(async () => {
      const body = assistantBody(request);
      if (!body.ok) return body;
      const ready = await this.prepare('assistantKey', { domain: request.domain }, {});
      if (!ready.ok) return ready;
      const notFound =
        request.threadId === undefined
          ? `The platform has no assistant for the domain "${request.domain}". Check the domain setting.`
          : "The platform no longer knows this conversation's thread; it may have expired.";
      const context = this.context('assistantKey', notFound);
      const call = {
        ...this.call(
          'POST',
          path`/discovery/v2/assistant/${request.domain}/message`,
          'assistantKey',
          ready.value,
          options.signal,
          body.value,
        ),
        accept: 'text/event-stream',
        idleTimeoutMs: this.timeouts.streamIdleMs,
      };
      const opened = await this.retried(
        options,
        async () => {
          const response = await this.transport!.open(call);
          if (!response.ok) return response;
          if (response.value.status < 200 || response.value.status > 299) {
            return fail(await errorFromResponse(response.value, context, { signal: options.signal, totalMs: this.timeouts.readTotalMs }));
          }
          return ok(response.value);
        },
        isSafeToResend,
      );
      if (!opened.ok) return opened;
      return this.readAnswer(opened.value, options);
    });
  }

  /** Releases the connection pool. */
  dispose(): Promise<void> {
    return this.transport?.close() ?? Promise.resolve();
  }

  private async readAnswer(response: HttpResponse, { signal, observer }: AssistantCallOptions): Promise<AssistantOutcome> {
    const contentType = response.headers['content-type'] ?? '';
    if (/json|html/i.test(contentType)) {
      const text = await readBodyText(response.body, { signal, totalMs: this.timeouts.readTotalMs });
      const said = describeBody(text.ok ? text.value.text : '', contentType);
      return fail(
        platformError('badResponse', `The assistant answered with ${contentType} instead of a stream.${said}`, { status: response.status }),
      );
    }
    const headerThread = { threadId: response.headers['x-thread-id'], threadKey: response.headers['x-thread-key'] };
    this.notify(() => observer?.onResponse?.(withoutUndefined(headerThread)));
    const read = await readAssistantStream(response.body, {
      onChunk: (chunk, message) => this.notify(() => observer?.onChunk?.(chunk, message)),
      onWarning: (warning) => this.logger.warn(redactSecrets(warning)),
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

  /** Whatever goes wrong in a call comes back as a failure: the client never throws at its caller. */
  private async guard<T extends { readonly ok: boolean }>(
    run: () => Promise<T>,
  ): Promise<T | { readonly ok: false; readonly error: PlatformError }> {
    try {
      return await run();
    } catch (error) {
      const reason = redactSecrets(error instanceof Error ? error.message : String(error));
      this.logger.error(`A platform call failed unexpectedly: ${reason}`);
      return { ok: false, error: platformError('invalidRequest', `Docs Assistant could not make this request (${reason}).`) };
    }
  }

  /** Checks what a call needs, in the order a user would fix it, and fetches the key. */
  private async prepare(
    keyKind: KeyKind,
    settings: Partial<Record<'domain' | 'projectId', string>>,
    params: Record<string, string>,
  ): Promise<Result<string>> {
    if (!this.base.ok) return this.base;
    for (const [setting, value] of Object.entries(settings) as [Setting, string][]) {
      if (value.trim() === '')
        return fail(notConfigured(setting, `The ${setting === 'domain' ? 'documentation domain' : 'project id'} is not set.`));
    }
    for (const [name, value] of Object.entries(params)) {
      if (value.trim() === '') return fail(platformError('invalidRequest', `The ${name} is empty.`));
    }
    for (const [name, value] of [...Object.entries(settings), ...Object.entries(params)]) {
      // A lone surrogate (half an emoji) cannot be encoded into a URL or sent as text.
      if (hasLoneSurrogate(value))
        return fail(platformError('invalidRequest', `The ${name} holds a broken character (half of an emoji or similar); type it again.`));
      // In a path, `.` and `..` would climb out of the base URL's path wherever the URL is parsed
      // (fetch reads even `%2E%2E` as `..`), with the key: no id or domain is named so.
      if (value === '.' || value === '..')
        return fail(platformError('invalidRequest', `The ${name} cannot be "${value}": that is not a name the platform gives.`));
    }
    let key: string | undefined;
    try {
      key = await this.options.keys(keyKind);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return fail(
        notConfigured(keyKind, `The ${keyLabels[keyKind]} could not be read from the editor's secret storage (${redactSecrets(reason)}).`),
      );
    }
    if (key === undefined || key === '') {
      return fail(notConfigured(keyKind, `The ${keyLabels[keyKind]} is not set. Set it first: it ${keyPrefixDescriptions[keyKind]}.`));
    }
    const problem = keyProblem(keyKind, key);
    if (problem) return fail(notConfigured(keyKind, `${problem} Set the ${keyLabels[keyKind]} again.`));
    return ok(key);
  }

  private call(
    method: 'GET' | 'POST',
    callPath: string,
    keyKind: KeyKind,
    key: string,
    signal: AbortSignal | undefined,
    body?: unknown,
  ): HttpCall {
    return { method, path: callPath, keyKind, key, body, accept: 'application/json', idleTimeoutMs: this.timeouts.readIdleMs, signal };
  }

  private context(keyKind: KeyKind, notFound: string): ErrorContext {
    return { keyKind, notFound, now: this.now };
  }

  /** One exchange: open, map a status other than `expected` to its error, read the JSON, hand it to `parse`. */
  private async readJsonCall<T>(
    call: HttpCall,
    context: ErrorContext,
    parse: (json: unknown, invalidUtf8: boolean) => Result<T>,
    expected: readonly number[] = [200],
  ): Promise<Result<T>> {
    const response = await this.transport!.open(call);
    if (!response.ok) return response;
    const read = { signal: call.signal, totalMs: this.timeouts.readTotalMs };
    if (!expected.includes(response.value.status)) return fail(await errorFromResponse(response.value, context, read));
    const body = await readJson(response.value, read);
    return body.ok ? parse(body.value.json, body.value.invalidUtf8) : body;
  }

  /** Runs `attempt` until it succeeds, fails for good, or the attempts run out (retry.ts). */
  private retried<T>(options: CallOptions, attempt: () => Promise<Result<T>>, worthRetrying = isTransient): Promise<Result<T>> {
    return withRetries(attempt, {
      policy: this.retry,
      delay: this.delay,
      random: this.random,
      signal: options.signal,
      worthRetrying,
      onWait: (wait) => {
        this.logger.info(`${wait.error.kind}${wait.error.status ? ` (${wait.error.status})` : ''}; retrying in ${wait.ms} ms`);
        this.notify(() => options.onRetryWait?.(wait));
      },
    });
  }

  /** An observer's exception is its own problem: it must not end the stream. */
  private notify(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.logger.error(`Stream observer failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * The job a 200 body holds. When a job was asked for by id, the answer must be that job: a server
 * that names another would otherwise update a job the user never asked about.
 */
function jobOf(json: unknown, requestedId: string | undefined): Result<AgentJob> {
  const job = parseAgentJob(json, requestedId);
  if (!job) return fail(badBody('an agent job'));
  return requestedId !== undefined && job.id !== requestedId ? fail(otherJobAnswer(job.id, requestedId)) : ok(job);
}

function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

function notConfigured(setting: Setting, message: string): PlatformError {
  return platformError('notConfigured', message, { setting });
}

/** For a 200 whose body is JSON but not what the operation returns. */
function badBody(what: string): PlatformError {
  return platformError('badResponse', `The platform answered 200 but the body is not ${what}.`, { status: 200 });
}

function parsePage(json: unknown, invalidUtf8: boolean, requested: string): Result<Page> {
  const body = json as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null || typeof body.content !== 'string') return fail(badBody('a page'));
  const groups = Array.isArray(body.groups) && body.groups.every((g) => typeof g === 'string') ? body.groups : undefined;
  return ok({
    path: typeof body.path === 'string' && body.path !== '' ? body.path : requested,
    content: body.content,
    invalidUtf8,
    ...(groups ? { groups } : {}),
  });
}
