// A local stand-in for the documentation platform: the three operations of
// shared/platform-api.md over real HTTP on 127.0.0.1, with the live service's known habits
// (shared/notes/real-world-api.md) and switches for faults. The assistant stream is written by
// the `ai` package itself, so its bytes are what the real SDK sends.

import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { excerpt } from './answer';
import { checkAssistantBody } from './assistantBody';
import { answerStream, type Pause, type StreamSwitches } from './assistantStream';
import { type Clock, systemClock } from './clock';
import { defaultDocsDir, DocsIndex, type DocPage, inScope, type PageFilter } from './docsIndex';
import { MCP_PATH, type McpCall, serveMcp } from './mcpServer';
import { ADMIN_OPERATIONS, type Fault, FaultQueue, type Operation, WRITE_OPERATIONS } from './faults';
import { PreviewStore } from './previews';
import { ReaderAnalytics } from './readerAnalytics';
import { JobStore } from './jobs';

export interface RecordedRequest {
  readonly method: string;
  /** Exactly as it arrived, percent-encoding and all. */
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly body: unknown;
  readonly operation?: Operation;
}

export interface Limits {
  agentJobPerHour: number;
  /** Jobs created and follow-ups sent, per project per hour: 100 on the live service. */
  jobInstructionsPerHour: number;
  searchPerHour: number;
  pagePerHour: number;
  assistantPerHour: number;
  assistantPerDayPerIp: number;
}

export interface EmulatorConfig extends StreamSwitches {
  adminKey: string;
  assistantKey: string;
  /** The project the admin key belongs to; other projects answer 403. */
  projectId: string;
  /** The documentation site the assistant key belongs to; other domains answer 403. */
  domain: string;
  limits: Limits;
  /** Whether a 429 from the limits above carries Retry-After. */
  sendRetryAfter: boolean;
  /** Pause between stream deltas, so a person can watch an answer arrive. */
  deltaDelayMs: number;
  /** Where the site's pages live on the web; absolute links and `url` results point here. */
  siteUrl: string;
  /** Every follow-up to a thread answers 404, as once a thread has expired. */
  threadsExpire: boolean;
  /**
   * A hostile platform: names every new thread with this id (another platform's thread, say) and
   * sends no key with it, so that a client that kept keys by thread id alone would send that one.
   */
  claimedThreadId: string | undefined;
  /**
   * Whether each interface lets a browser call it from another origin (CORS). The live discovery
   * interface does (its browser widget calls it); nothing is known of the admin one.
   */
  cors: { discovery: boolean; admin: boolean };
  /** An admin key scoped `read`: it reads jobs and analytics, and is refused (403) what changes anything. */
  readOnlyAdminKey: string;
  /** What the organization's plan includes: without it, its operations answer 403. */
  plan: { analytics: boolean; previews: boolean };
}

export interface EmulatorOptions extends Partial<EmulatorConfig> {
  readonly port?: number;
  readonly clock?: Clock;
  readonly docsDir?: string;
  /** Serve over TLS with this key and certificate (test/network/pki.ts), as `https://<hostname>:<port>`. */
  readonly tls?: { readonly key: string; readonly cert: string; readonly hostname: string };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export class PlatformEmulator {
  readonly requests: RecordedRequest[] = [];
  readonly faults = new FaultQueue();
  readonly jobs: JobStore;
  readonly docs: DocsIndex;
  /** What readers asked, searched for and voted: the analytics operations' data. */
  readonly readers: ReaderAnalytics;
  readonly previews: PreviewStore;
  readonly config: EmulatorConfig;
  /** When the last bytes of the last answer were written to its socket, by the system clock (Date.now): for benchmarks that time its arrival. */
  answerEndAt = 0;
  private readonly clock: Clock;
  private readonly server: http.Server;
  private readonly counters = new Map<string, number>();
  private readonly threads = new Map<string, { key?: string }>();
  private threadCount = 0;
  private baseUrl = '';
  /** The host name of its https:// URL, when it serves TLS. */
  private readonly hostname: string | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(options: EmulatorOptions) {
    const { clock, docsDir, ...rest } = options;
    const { port: _port, tls, ...overrides } = rest;
    this.clock = clock ?? systemClock;
    this.config = {
      adminKey: 'svc_emulator_admin_key',
      assistantKey: 'svc_dsc_emulator_assistant_key',
      projectId: 'proj_demo',
      domain: 'acme-docs',
      sendRetryAfter: true,
      deltaDelayMs: 0,
      siteUrl: 'https://docs.acme.example',
      threadsExpire: false,
      claimedThreadId: undefined,
      cors: { discovery: true, admin: true },
      readOnlyAdminKey: 'svc_emulator_read_only_admin_key',
      plan: { analytics: true, previews: true },
      streamShape: 'live',
      searchDelayMs: 800,
      searchOutput: 'array',
      resultTarget: 'path',
      resultTitles: true,
      largeSearchOutput: false,
      noText: false,
      ...overrides,
      limits: {
        agentJobPerHour: 1_000,
        jobInstructionsPerHour: 100,
        pagePerHour: 10_000,
        searchPerHour: 10_000,
        assistantPerHour: 10_000,
        assistantPerDayPerIp: 10_000,
        ...overrides.limits,
      },
    };
    this.jobs = new JobStore(() => this.clock.now());
    this.docs = DocsIndex.fromFolder(docsDir ?? defaultDocsDir());
    this.readers = new ReaderAnalytics(this.clock.now(), this.config.siteUrl);
    this.previews = new PreviewStore(
      () => this.clock.now(),
      () => this.baseUrl,
    );
    this.previews.branchFiles = (branch) => this.jobs.repository?.changedFiles(branch);
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { message: `Emulator failure: ${String(error)}` });
        else res.destroy();
      });
    };
    this.server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, handler) : http.createServer(handler);
    this.hostname = tls?.hostname;
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  static async start(options: EmulatorOptions = {}): Promise<PlatformEmulator> {
    const emulator = new PlatformEmulator(options);
    await new Promise<void>((resolve, reject) => {
      emulator.server.once('error', reject);
      emulator.server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const port = (emulator.server.address() as AddressInfo).port;
    emulator.baseUrl = emulator.hostname ? `https://${emulator.hostname}:${port}` : `http://127.0.0.1:${port}`;
    return emulator;
  }

  /** The base URL to configure the client with. */
  get url(): string {
    return this.baseUrl;
  }

  requestsFor(operation: Operation): RecordedRequest[] {
    return this.requests.filter((request) => request.operation === operation);
  }

  /** Forgets recorded requests, counters, threads and faults; keeps pages and jobs. */
  reset(): void {
    this.requests.length = 0;
    this.mcpCalls.length = 0;
    this.preflights.length = 0;
    this.counters.clear();
    this.threads.clear();
    this.faults.clear();
  }

  pageUrl(page: Pick<DocPage, 'path'>): string {
    return `${this.config.siteUrl}/${page.path.split('/').map(encodeURIComponent).join('/')}`;
  }

  async close(): Promise<void> {
    // Every socket, HTTP or not yet: a TLS handshake a client left half-way is not the HTTP server's to close.
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The CORS preflights browsers sent, by path: they are not requests of any operation. */
  readonly preflights: string[] = [];

  /** The documentation site's MCP server's tool calls, in order. */
  readonly mcpCalls: McpCall[] = [];

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // The site's MCP server: public, as the site is, and read by the transport itself.
    const pathname = new URL(req.url ?? '/', 'http://emulator').pathname;
    if (pathname === MCP_PATH) return serveMcp(req, res, this.docs, this.mcpCalls);
    // The site's pages, as Open Page on Site opens them: their text stands in for the site's HTML.
    const sitePage = req.method === 'GET' ? this.docs.get(decodeURIComponent(pathname).replace(/^\//, '')) : undefined;
    if (sitePage) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(sitePage.bytes);
    }
    // A preview deployment's site, once it succeeded: each page as the preview shows it.
    const preview = req.method === 'GET' ? this.previews.servedAt(pathname) : undefined;
    if (preview) return servePreview(res, preview.branch, this.docs.get(decodeURIComponent(pathname).split('/').slice(3).join('/')));
    // A browser's call from another origin: allowed per interface, as the switches say.
    const api = (req.url ?? '').startsWith('/discovery/')
      ? 'discovery'
      : /^\/(v2\/agent|v1\/analytics|v1\/project)\//.test(req.url ?? '')
        ? 'admin'
        : undefined;
    const corsAllowed = api !== undefined && this.config.cors[api];
    if (req.method === 'OPTIONS') {
      this.preflights.push(req.url ?? '');
      res.writeHead(
        204,
        corsAllowed
          ? {
              'access-control-allow-origin': '*',
              'access-control-allow-methods': 'GET, POST',
              'access-control-allow-headers': 'authorization, content-type, accept',
              'access-control-max-age': '600',
            }
          : {},
      );
      return void res.end();
    }
    if (corsAllowed && req.headers.origin) {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-expose-headers', 'x-thread-id, x-thread-key, retry-after');
    }
    const rawBody = await readBody(req);
    const route = matchRoute(req.method ?? '', req.url ?? '/');
    this.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      rawBody,
      body: parseJson(rawBody),
      ...(route ? { operation: route.operation } : {}),
    });
    if (!route) return sendJson(res, 404, { message: `No route for ${req.method} ${req.url}` });
    if ('invalid' in route) return sendJson(res, 400, { message: route.invalid });

    const fault = this.faults.take(route.operation);
    if (fault?.kind === 'slowFirstByte') await sleep(fault.ms);
    if (fault?.kind === 'resetConnection') return void req.socket.destroy();
    if (fault?.kind === 'status') return send(res, fault.status, fault.body, fault.contentType ?? 'application/json');
    if (fault?.kind === 'rateLimit') {
      const retryAfter = fault.retryAfter ?? (fault.retryAfterSeconds === undefined ? undefined : String(fault.retryAfterSeconds));
      return sendJson(
        res,
        429,
        errorBody(route.operation, 'Rate limit exceeded'),
        retryAfter === undefined ? {} : { 'retry-after': retryAfter },
      );
    }
    if (fault?.kind === 'dripBody') dripResponse(res, fault.intervalMs);
    if (fault?.kind === 'endlessAnswer') return this.endlessAnswer(res, fault.oneLine);

    const denied = this.authorize(req, route);
    if (denied) return sendJson(res, denied.status, errorBody(route.operation, denied.message));
    const limited = this.countAndLimit(route.operation, req.socket.remoteAddress ?? '');
    if (limited !== undefined) {
      return sendJson(
        res,
        429,
        errorBody(route.operation, 'Rate limit exceeded'),
        this.config.sendRetryAfter ? { 'retry-after': String(limited) } : {},
      );
    }

    switch (route.operation) {
      case 'agentJob':
        return this.readJob(res, route.params[1]);
      case 'createJob':
      case 'jobFollowUp':
        return this.instructJob(res, route.operation, route.params[1], parseJson(rawBody));
      case 'page':
        return this.readPage(res, parseJson(rawBody));
      case 'search':
        return this.search(res, parseJson(rawBody));
      case 'assistant':
        return this.answer(req, res, parseJson(rawBody), fault);
      default:
        return this.adminAnswer(res, route, new URL(req.url ?? '/', 'http://emulator').searchParams, parseJson(rawBody));
    }
  }

  /** The analytics and project operations: from the readers' data and the preview store. */
  private adminAnswer(
    res: http.ServerResponse,
    route: { operation: Operation; params: string[] },
    query: URLSearchParams,
    body: unknown,
  ): void {
    const answer = (() => {
      switch (route.operation) {
        case 'feedbackByPage':
          return this.readers.feedbackByPage(query);
        case 'feedback':
          return this.readers.feedbackEntries(query);
        case 'conversations':
          return this.readers.conversationRows(query);
        case 'thread':
          return this.readers.thread(route.params[1]);
        case 'searches':
          return this.readers.searchTerms(query);
        case 'preview':
          return this.previews.trigger(body);
        default:
          return this.previews.status(route.params[0], this.config.projectId);
      }
    })();
    sendJson(res, answer.status, answer.body, answer.retryAfter === undefined ? {} : { 'retry-after': String(answer.retryAfter) });
  }

  /** A new job, or a follow-up to one: `{prompt}` of at least one character; the answer is the job. */
  private instructJob(res: http.ServerResponse, operation: 'createJob' | 'jobFollowUp', id: string | undefined, body: unknown): void {
    const prompt = (body as { prompt?: unknown } | undefined)?.prompt;
    if (typeof prompt !== 'string' || prompt.length === 0)
      return sendJson(res, 400, { error: 'prompt is required and must be a non-empty string' });
    if (operation === 'createJob') return sendJson(res, 201, this.jobs.create(prompt));
    const job = this.jobs.followUp(id!, prompt);
    if (job === undefined) return sendJson(res, 404, { error: `Agent job ${id} not found` });
    sendJson(res, 200, job);
  }

  /** The search operation: pages by a simple term score, `pageSize` and `filter.version` honoured. */
  private async search(res: http.ServerResponse, body: unknown): Promise<void> {
    const request = (body ?? {}) as { query?: unknown; pageSize?: unknown; filter?: unknown };
    const query = request.query;
    if (typeof query !== 'string' || query.trim() === '') return sendJson(res, 400, { message: 'query is required and must not be empty' });
    const size = request.pageSize ?? 10;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 50) {
      return sendJson(res, 400, { message: 'pageSize must be a whole number from 1 to 50' });
    }
    const filter = typeof request.filter === 'object' && request.filter !== null ? (request.filter as Record<string, unknown>) : {};
    for (const name of ['version', 'language', 'tag'])
      if (filter[name] !== undefined && typeof filter[name] !== 'string')
        return sendJson(res, 400, { message: `filter.${name} must be a string` });
    if (this.config.searchDelayMs > 0) await sleep(this.config.searchDelayMs);
    const pages = this.docs.matching(query).filter((page) => inScope(page, filter as PageFilter));
    sendJson(
      res,
      200,
      pages
        .slice(0, size)
        .map((page) => ({ content: excerpt(page, query), path: page.path, metadata: { title: page.title, version: page.version } })),
    );
  }

  /** Text without end (or one line without end) until the client goes away. */
  private async endlessAnswer(res: http.ServerResponse, oneLine: boolean): Promise<void> {
    let clientGone = false;
    res.on('close', () => (clientGone = true));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' });
    res.write('data: {"type":"start"}\n\ndata: {"type":"text-start","id":"t"}\n\n');
    const piece = 'endless '.repeat(8 * 1024);
    if (oneLine) res.write('data: {"type":"text-delta","id":"t","delta":"');
    while (!clientGone) {
      const more = res.write(oneLine ? piece : `data: ${JSON.stringify({ type: 'text-delta', id: 't', delta: piece })}\n\n`);
      if (!more) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.once('drain', done).once('close', done);
        });
      }
    }
  }

  private authorize(req: http.IncomingMessage, route: MatchedRoute): { status: number; message: string } | undefined {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const admin = ADMIN_OPERATIONS.includes(route.operation);
    if (!match) return { status: 401, message: 'Missing API key' };
    const key = match[1];
    if (admin && key.startsWith('svc_dsc_')) return { status: 401, message: 'Assistant API keys cannot be used with the admin API' };
    if (!admin && !key.startsWith('svc_dsc_'))
      return { status: 401, message: 'The discovery API requires an assistant API key (svc_dsc_)' };
    const readOnly = admin && key === this.config.readOnlyAdminKey;
    if (key !== (admin ? this.config.adminKey : this.config.assistantKey) && !readOnly) return { status: 401, message: 'Invalid API key' };
    if (readOnly && WRITE_OPERATIONS.includes(route.operation)) return { status: 403, message: 'This API key is read-only' };
    const analytics = ['feedbackByPage', 'feedback', 'conversations', 'thread', 'searches'].includes(route.operation);
    if (analytics && !this.config.plan.analytics) return { status: 403, message: 'Analytics are not available on your current plan' };
    if (route.operation === 'preview' && !this.config.plan.previews)
      return { status: 403, message: 'Preview deployments are not available on your current plan.' };
    // A deployment's status is named by its id alone.
    if (route.operation === 'deploymentStatus') return undefined;
    const scope = route.params[0];
    if (admin && scope !== this.config.projectId) return { status: 403, message: `This API key does not have access to project ${scope}` };
    if (!admin && scope !== this.config.domain) return { status: 403, message: `This API key does not have access to domain ${scope}` };
    return undefined;
  }

  /** Counts the request; returns the seconds until the window resets when a limit is passed. */
  private countAndLimit(operation: Operation, ip: string): number | undefined {
    const now = this.clock.now();
    const { limits } = this.config;
    const windows: [string, number, number][] =
      operation === 'agentJob'
        ? [['agentJob', HOUR, limits.agentJobPerHour]]
        : operation === 'createJob' || operation === 'jobFollowUp'
          ? [['jobInstructions', HOUR, limits.jobInstructionsPerHour]]
          : operation === 'page'
            ? [['page', HOUR, limits.pagePerHour]]
            : operation === 'search'
              ? [['search', HOUR, limits.searchPerHour]]
              : operation === 'assistant'
                ? [
                    ['assistant', HOUR, limits.assistantPerHour],
                    [`assistant-ip-${ip}`, DAY, limits.assistantPerDayPerIp],
                  ]
                : // Analytics have no published limit; previews have theirs (previews.ts).
                  [];
    for (const [name, size, limit] of windows) {
      const key = `${name}:${Math.floor(now / size)}`;
      const count = (this.counters.get(key) ?? 0) + 1;
      this.counters.set(key, count);
      if (count > limit) return Math.ceil((size - (now % size)) / 1000);
    }
    return undefined;
  }

  private readJob(res: http.ServerResponse, id: string): void {
    const job = this.jobs.read(id);
    if (job === undefined) return sendJson(res, 404, { error: `Agent job ${id} not found` });
    sendJson(res, 200, job);
  }

  private readPage(res: http.ServerResponse, body: unknown): void {
    const pagePath = (body as { path?: unknown } | undefined)?.path;
    if (typeof pagePath !== 'string' || pagePath === '') return sendJson(res, 400, { message: 'Body must be {"path": string}' });
    const page = this.docs.get(pagePath);
    if (!page) return sendJson(res, 404, { message: `Page not found: ${pagePath}` });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(pageJson(pagePath, page));
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse, body: unknown, fault: Fault | undefined): Promise<void> {
    const checked = checkAssistantBody(body);
    if (typeof checked === 'string') return sendJson(res, 400, { message: checked });

    const live = this.config.streamShape === 'live';
    const headers: Record<string, string> = {};
    let threadId = checked.threadId;
    if (threadId !== undefined) {
      const thread = this.threads.get(threadId);
      // The live service asks for the thread's key with every later message; the spec knows no key.
      const keyed = live && thread?.key !== checked.threadKey;
      if (!thread || keyed || this.config.threadsExpire) return sendJson(res, 404, { message: 'Thread not found' });
    } else if (this.config.claimedThreadId !== undefined) {
      threadId = this.config.claimedThreadId;
      this.threads.set(threadId, {});
      if (live) headers['X-Thread-Id'] = threadId;
    } else {
      threadId = `thread_${++this.threadCount}_${randomBytes(4).toString('hex')}`;
      const key = live ? `tk_${randomBytes(12).toString('hex')}` : undefined;
      this.threads.set(threadId, key === undefined ? {} : { key });
      if (key !== undefined) Object.assign(headers, { 'X-Thread-Id': threadId, 'X-Thread-Key': key });
    }

    const chunks = answerStream(
      this.docs,
      {
        question: checked.question,
        context: checked.context,
        retrievalPageSize: checked.retrievalPageSize,
        threadId,
        ...(checked.currentPath === undefined ? {} : { currentPath: checked.currentPath }),
      },
      this.config,
      (page) => this.pageUrl(page),
      `msg_${randomBytes(6).toString('hex')}`,
      fault,
    );

    let clientGone = false;
    res.on('close', () => (clientGone = true));
    const delay = this.config.deltaDelayMs;
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        for (const chunk of chunks) {
          if (clientGone) return;
          if (chunk.type === 'pause') {
            await sleep((chunk as Pause).ms);
            continue;
          }
          writer.write(chunk as Parameters<typeof writer.write>[0]);
          if (delay > 0 && chunk.type === 'text-delta') await sleep(delay);
        }
      },
    });
    const response = createUIMessageStreamResponse({ stream, headers });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.flushHeaders();
    let events = 0;
    let flushed: Promise<void> = Promise.resolve();
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (clientGone) break;
      if (fault && 'afterEvents' in fault && events === fault.afterEvents) {
        if (fault.kind === 'dropMidStream') {
          // What was sent reaches the client before the connection dies, as on a real network.
          await flushed;
          await sleep(50);
          return void req.socket.destroy();
        }
        if (fault.kind === 'endWithoutFinish') return void res.end();
        if (fault.kind === 'stallMidStream') await sleep(fault.ms);
        if (fault.kind === 'nonJsonChunk') res.write('data: {"type":"text-delta", this is not JSON\n\n');
      }
      flushed = new Promise((resolve) =>
        res.write(bytes, () => {
          this.answerEndAt = Date.now();
          resolve();
        }),
      );
      events += 1;
    }
    res.end();
  }
}

type MatchedRoute = { operation: Operation; params: string[] };
type Route = MatchedRoute | { operation: Operation; invalid: string };

/** Matches on raw segments, so `a%2Fb` is one segment and never two. */
function matchRoute(method: string, url: string): Route | undefined {
  const rawPath = url.split('?')[0];
  const segments = rawPath.split('/').slice(1);
  const shapes: [string, Operation, string[]][] = [
    ['GET', 'agentJob', ['v2', 'agent', '*', 'job', '*']],
    ['POST', 'createJob', ['v2', 'agent', '*', 'job']],
    ['POST', 'jobFollowUp', ['v2', 'agent', '*', 'job', '*', 'message']],
    ['POST', 'page', ['discovery', 'v1', 'page', '*']],
    ['POST', 'search', ['discovery', 'v1', 'search', '*']],
    ['POST', 'assistant', ['discovery', 'v2', 'assistant', '*', 'message']],
    ['GET', 'feedbackByPage', ['v1', 'analytics', '*', 'feedback', 'by-page']],
    ['GET', 'feedback', ['v1', 'analytics', '*', 'feedback']],
    ['GET', 'conversations', ['v1', 'analytics', '*', 'assistant']],
    ['GET', 'thread', ['v1', 'analytics', '*', 'assistant', 'threads', '*']],
    ['GET', 'searches', ['v1', 'analytics', '*', 'searches']],
    ['POST', 'preview', ['v1', 'project', 'preview', '*']],
    ['GET', 'deploymentStatus', ['v1', 'project', 'update-status', '*']],
  ];
  for (const [shapeMethod, operation, shape] of shapes) {
    if (method !== shapeMethod || shape.length !== segments.length) continue;
    if (!shape.every((part, i) => part === '*' || part === segments[i])) continue;
    try {
      return { operation, params: segments.filter((_, i) => shape[i] === '*').map(decodeURIComponent) };
    } catch {
      return { operation, invalid: 'Malformed percent-encoding in the path' };
    }
  }
  return undefined;
}

/** A page body; content that is not valid UTF-8 goes out byte for byte, as a broken upstream would send it. */
function pageJson(requested: string, page: DocPage): Buffer {
  const extra = page.groups ? { groups: page.groups } : {};
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(page.bytes);
    return Buffer.from(JSON.stringify({ path: requested, content: page.text, ...extra }), 'utf8');
  } catch {
    const head = Buffer.from(`${JSON.stringify({ path: requested, ...extra }).slice(0, -1)},"content":`, 'utf8');
    return Buffer.concat([head, Buffer.from(JSON.stringify(page.bytes.toString('latin1')), 'latin1'), Buffer.from('}')]);
  }
}

function errorBody(operation: Operation, message: string): Record<string, string> {
  return ADMIN_OPERATIONS.includes(operation) ? { error: message } : { message };
}

/** A page of a preview deployment's site: its text, under a line that says which branch it shows. */
function servePreview(res: http.ServerResponse, branch: string, page: DocPage | undefined): void {
  const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const body = page
    ? `<h1>${escape(page.title)}</h1><pre>${escape(page.text)}</pre>`
    : '<h1>Acme Docs</h1><p>The preview of this branch. Open a page under it.</p>';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!DOCTYPE html><html><head><title>Preview: ${escape(branch)}</title></head><body><p>Preview of ${escape(branch)}</p>${body}</body></html>`,
  );
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(body), 'application/json', headers);
}

function send(res: http.ServerResponse, status: number, body: string, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

/** From now on this response goes out one byte every `intervalMs`, however it is written. */
function dripResponse(res: http.ServerResponse, intervalMs: number): void {
  const end = res.end.bind(res);
  res.end = ((body?: string | Buffer) => {
    const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
    res.flushHeaders();
    let index = 0;
    const next = () => {
      if (res.destroyed) return;
      if (index >= bytes.length) return void end();
      res.write(bytes.subarray(index, ++index));
      setTimeout(next, intervalMs);
    };
    next();
    return res;
  }) as typeof res.end;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
