// What every call to the platform shares, whichever of its interfaces it goes to: the base URL,
// the transport (logged around, once an exchange), the checks made before anything is sent (the
// settings, the parameters, the right kind of key, read when needed), reading a JSON answer,
// retries, and a guard that turns anything thrown into a failure. DiscoveryClient (the assistant
// key's), AgentJobsClient, AnalyticsClient and DeploymentsClient (the admin key's) are the
// interfaces; PlatformClient holds one of each.

import * as l10n from '@vscode/l10n';
import { type BaseUrl, parseBaseUrl } from './endpoint';
import { fail, isTransient, ok, platformError, type PlatformError, type Result, type Setting } from './errors';
import type { ErrorContext } from './httpErrors';
import type { ExchangeOutcome } from './connectionHealth';
import { ADMIN_PREFIX, ASSISTANT_PREFIX, keyProblem, type KeyKind } from './keys';
import { type Logger, silentLogger } from '../log/logger';
import { redactSecrets } from '../log/redact';
import { abortableDelay, defaultRetryPolicy, type RetryPolicy, withRetries } from './retry';
import {
  defaultTimeouts,
  errorFromResponse,
  type HttpCall,
  type HttpResponse,
  logged,
  openExchange,
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
  /** Told how each exchange ended (an answer's status, or why there was none): ConnectionHealth. */
  readonly onExchange?: (keyKind: KeyKind, outcome: ExchangeOutcome) => void;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Background work's call (HttpCall's `background`). */
  readonly background?: boolean;
  /** Told before each wait between attempts (a rate limit, a server that is busy), so a person waiting can see it. */
  readonly onRetryWait?: (wait: RetryWait) => void;
}

export interface RetryWait {
  readonly ms: number;
  /** Why the last attempt failed. */
  readonly error: PlatformError;
}

const USER_AGENT = 'docs-assistant-vscode';

/** The plumbing the two clients share, for one base URL. */
export class PlatformHttp {
  readonly base: Result<BaseUrl>;
  private readonly transport: Transport | undefined;
  readonly logger: Logger;
  readonly timeouts: Timeouts;
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
    if (!this.base.ok) return;
    const transport = options.transport(this.base.value, {
      timeouts: this.timeouts,
      userAgent: options.userAgent ?? USER_AGENT,
      logger: this.logger,
    });
    this.transport = logged(transport, this.base.value, { logger: this.logger, now: this.now });
  }

  /** Releases the transport's connections; exchanges under way finish. */
  close(): Promise<void> {
    return this.transport?.close() ?? Promise.resolve();
  }

  /** Opens one exchange (the base URL is valid: prepare() said so). */
  async open(call: HttpCall): Promise<Result<HttpResponse>> {
    const opened = await openExchange(this.transport!, call);
    const observe = this.options.onExchange;
    const cancelled = !opened.ok && opened.error.kind === 'cancelled';
    if (observe && !cancelled)
      this.notify(() => observe(call.keyKind, opened.ok ? { status: opened.value.status } : { error: opened.error }));
    return opened;
  }

  /** Whatever goes wrong in a call comes back as a failure: the client never throws at its caller. */
  async guard<T extends { readonly ok: boolean }>(
    run: () => Promise<T>,
  ): Promise<T | { readonly ok: false; readonly error: PlatformError }> {
    try {
      return await run();
    } catch (error) {
      const reason = redactSecrets(error instanceof Error ? error.message : String(error));
      this.logger.error(`A platform call failed unexpectedly: ${reason}`);
      return { ok: false, error: platformError('invalidRequest', l10n.t('Docs Assistant could not make this request ({0}).', reason)) };
    }
  }

  /** Checks what a call needs, in the order a user would fix it, and fetches the key. */
  async prepare(
    keyKind: KeyKind,
    settings: Partial<Record<'domain' | 'projectId', string>>,
    params: Partial<Record<'jobId' | 'pagePath' | 'statusId' | 'threadId', string>>,
  ): Promise<Result<string>> {
    if (!this.base.ok) return this.base;
    for (const [setting, value] of Object.entries(settings) as [Setting, string][]) {
      if (value.trim() === '')
        return fail(
          notConfigured(
            setting,
            setting === 'domain' ? l10n.t('The documentation domain is not set.') : l10n.t('The project id is not set.'),
          ),
        );
    }
    for (const [name, value] of Object.entries(params) as [Parameter, string][]) {
      if (value.trim() === '') return fail(platformError('invalidRequest', parameterProblem(name, 'empty')));
    }
    for (const [name, value] of [...Object.entries(settings), ...Object.entries(params)] as [Parameter, string][]) {
      // A lone surrogate (half an emoji) cannot be encoded into a URL or sent as text.
      if (hasLoneSurrogate(value)) return fail(platformError('invalidRequest', parameterProblem(name, 'broken')));
      // In a path, `.` and `..` would climb out of the base URL's path wherever the URL is parsed
      // (fetch reads even `%2E%2E` as `..`), with the key: no id or domain is named so.
      if (value === '.' || value === '..') return fail(platformError('invalidRequest', parameterProblem(name, 'dots', value)));
    }
    const admin = keyKind === 'adminKey';
    let key: string | undefined;
    try {
      key = await this.options.keys(keyKind);
    } catch (error) {
      const reason = redactSecrets(error instanceof Error ? error.message : String(error));
      return fail(
        notConfigured(
          keyKind,
          admin
            ? l10n.t("The admin key could not be read from the editor's secret storage ({0}).", reason)
            : l10n.t("The assistant key could not be read from the editor's secret storage ({0}).", reason),
        ),
      );
    }
    if (key === undefined || key === '') {
      return fail(
        notConfigured(
          keyKind,
          admin
            ? l10n.t('The admin key is not set. Set it first: it starts with "{0}" but not "{1}".', ADMIN_PREFIX, ASSISTANT_PREFIX)
            : l10n.t('The assistant key is not set. Set it first: it starts with "{0}".', ASSISTANT_PREFIX),
        ),
      );
    }
    const problem = keyProblem(keyKind, key);
    if (problem)
      return fail(
        notConfigured(keyKind, `${problem} ${admin ? l10n.t('Set the admin key again.') : l10n.t('Set the assistant key again.')}`),
      );
    return ok(key);
  }

  call(method: 'GET' | 'POST', callPath: string, keyKind: KeyKind, key: string, signal: AbortSignal | undefined, body?: unknown): HttpCall {
    return { method, path: callPath, keyKind, key, body, accept: 'application/json', idleTimeoutMs: this.timeouts.readIdleMs, signal };
  }

  context(keyKind: KeyKind, notFound: string, more: Pick<ErrorContext, 'forbidden'> = {}): ErrorContext {
    return { keyKind, notFound, ...more, now: this.now };
  }

  /** One exchange: open, map a status other than `expected` to its error, read the JSON, hand it to `parse`. */
  async readJsonCall<T>(
    call: HttpCall,
    context: ErrorContext,
    parse: (json: unknown, invalidUtf8: boolean) => Result<T>,
    expected: readonly number[] = [200],
  ): Promise<Result<T>> {
    const response = await this.open(call);
    if (!response.ok) return response;
    const read = { signal: call.signal, totalMs: this.timeouts.readTotalMs };
    if (!expected.includes(response.value.status)) return fail(await errorFromResponse(response.value, context, read));
    const body = await readJson(response.value, read);
    return body.ok ? parse(body.value.json, body.value.invalidUtf8) : body;
  }

  /**
   * Runs `attempt` until it succeeds, fails for good, or the attempts run out (retry.ts); a
   * Retry-After up to `longestWaitMs` is waited out (a call a person watches waits longer).
   */
  retried<T>(
    options: CallOptions,
    attempt: () => Promise<Result<T>>,
    worthRetrying = isTransient,
    longestWaitMs = this.retry.maxRetryAfterMs,
  ): Promise<Result<T>> {
    return withRetries(attempt, {
      policy: { ...this.retry, maxRetryAfterMs: longestWaitMs },
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
  notify(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.logger.error(`Stream observer failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

function notConfigured(setting: Setting, message: string): PlatformError {
  return platformError('notConfigured', message, { setting });
}

/** For a 200 whose body is JSON but not what the operation returns; `message` says so ("The platform answered 200 but the body is not a page."). */
export function badBody(message: string): PlatformError {
  return platformError('badResponse', message, { status: 200 });
}

/** What a call is given to name what it reads: the settings it needs, and its parameters. */
type Parameter = 'domain' | 'projectId' | 'jobId' | 'pagePath' | 'statusId' | 'threadId';

/** Why a setting or parameter cannot be sent, in a sentence: empty, a broken character, or only dots (`value`). */
function parameterProblem(name: Parameter, problem: 'empty' | 'broken' | 'dots', value = ''): string {
  if (problem === 'empty')
    return name === 'jobId'
      ? l10n.t('The job id is empty.')
      : name === 'pagePath'
        ? l10n.t('The page path is empty.')
        : l10n.t('The id is empty.');
  return problem === 'broken' ? brokenCharacter(name) : onlyDots(name, value);
}

function brokenCharacter(name: Parameter): string {
  switch (name) {
    case 'domain':
      return l10n.t('The domain holds a broken character (half of an emoji or similar); type it again.');
    case 'projectId':
      return l10n.t('The projectId holds a broken character (half of an emoji or similar); type it again.');
    case 'jobId':
      return l10n.t('The job id holds a broken character (half of an emoji or similar); type it again.');
    case 'pagePath':
      return l10n.t('The page path holds a broken character (half of an emoji or similar); type it again.');
    case 'statusId':
    case 'threadId':
      return l10n.t('The id holds a broken character (half of an emoji or similar), so it is not one the platform gave.');
  }
}

function onlyDots(name: Parameter, value: string): string {
  switch (name) {
    case 'domain':
      return l10n.t('The domain cannot be "{0}": that is not a name the platform gives.', value);
    case 'projectId':
      return l10n.t('The projectId cannot be "{0}": that is not a name the platform gives.', value);
    case 'jobId':
      return l10n.t('The job id cannot be "{0}": that is not a name the platform gives.', value);
    case 'pagePath':
      return l10n.t('The page path cannot be "{0}": that is not a name the platform gives.', value);
    case 'statusId':
    case 'threadId':
      return l10n.t('The id cannot be "{0}": that is not one the platform gives.', value);
  }
}
