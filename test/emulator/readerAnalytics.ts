// The platform's analytics of readers, as the published schema describes each operation
// (shared/reference/analytics-openapi.json): reader feedback by page and entry by entry, the
// assistant's conversations with resolutionStatus and one thread, and search terms with their
// click-through. Seeded with data that shows every state (an unanswered question asked several
// times, searches nobody opened a result of, pages voted down with comments of each kind, more rows
// behind a cursor); dates are kept relative to the emulator's clock. Query parameters are checked
// as the schema says, and a bad one is a 400 {error, details}.

const DAY = 86_400_000;

export interface Conversation {
  readonly id: string;
  readonly at: number;
  readonly query: string;
  readonly response: string;
  readonly sources: readonly { readonly title: string; readonly url: string }[];
  readonly resolutionStatus: 'answered' | 'unanswered';
  readonly pageUrl: string | null;
}

export interface Feedback {
  readonly id: string;
  readonly path: string;
  readonly at: number;
  readonly source: 'code_snippet' | 'contextual' | 'agent' | 'thumbs_only';
  readonly comment: string | null;
  readonly helpful?: boolean;
  readonly code?: string;
  readonly lang?: string;
}

export interface SearchEvent {
  readonly query: string;
  readonly hits: number;
  readonly ctr: number;
  readonly topClickedPage: string | null;
  readonly at: number;
}

/** A ULID-shaped id: 26 characters of Crockford's base 32, as the platform's thread ids are. */
function ulid(seed: number): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let out = '';
  for (let i = 0, n = seed * 2654435761; i < 26; i++, n = Math.floor(n / 7) + i * 131) out += alphabet[n % 32];
  return `01J${out.slice(3)}`;
}

/** The seeded readers: what they asked, searched for and voted, days before `now`. */
export function seededReaders(now: number, site: string): { conversations: Conversation[]; feedback: Feedback[]; searches: SearchEvent[] } {
  const daysAgo = (days: number, hours = 0) => now - days * DAY - hours * 3_600_000;
  const conversations: Conversation[] = [];
  const ask = (query: string, at: number, unanswered: boolean, page: string | null) =>
    conversations.push({
      id: ulid(conversations.length + 1),
      at,
      query,
      response: unanswered
        ? 'I could not find this in the documentation. You may find related information in the guides.'
        : `Here is what the documentation says about ${query}`,
      sources: unanswered ? [] : [{ title: 'Chatting with the assistant', url: `${site}/guides/chat` }],
      resolutionStatus: unanswered ? 'unanswered' : 'answered',
      pageUrl: page && `${site}/${page}`,
    });
  // The same question, worded alike, four times: one signal, counted.
  ask('How do I rotate the admin key?', daysAgo(1, 2), true, 'guides/agent-jobs');
  ask('how do I rotate the admin key', daysAgo(3), true, 'guides/agent-jobs');
  ask('How do I rotate the admin key', daysAgo(9), true, null);
  ask('How do I rotate the admin key?', daysAgo(40), true, 'guides/agent-jobs');
  ask('Can the assistant answer in Japanese?', daysAgo(2), true, 'guides/chat');
  ask('What is the retry limit of a webhook?', daysAgo(5), true, null);
  ask('Does Docs Assistant work behind a proxy?', daysAgo(20), true, 'guides/chat');
  // Answered ones, among which the unanswered are found: enough of them for a second page of rows.
  for (let i = 0; i < 60; i++)
    ask(`How do I ${['stop an answer', 'open a page', 'track a job', 'search'][i % 4]}? (${i})`, daysAgo(i % 30, i % 24), false, null);
  // Behind the first page's cursor (of a month's rows): an unanswered one, older than the rest.
  ask('Where is the changelog of the API?', daysAgo(27), true, 'reference/components');

  const feedback: Feedback[] = [];
  const vote = (
    path: string,
    at: number,
    helpful: boolean,
    comment: string | null,
    source: Feedback['source'] = 'contextual',
    code?: string,
  ) =>
    feedback.push({
      id: `fb_${feedback.length + 1}`,
      path: `/${path}`,
      at,
      source,
      comment,
      helpful,
      ...(code ? { code, lang: 'ts' } : {}),
    });
  vote('guides/agent-jobs', daysAgo(1), false, 'It does not say how long a job may run before it is archived.');
  vote('guides/agent-jobs', daysAgo(2), false, 'The pull request section skips what happens when nothing changed.');
  vote('guides/agent-jobs', daysAgo(4), false, null, 'thumbs_only');
  vote('guides/agent-jobs', daysAgo(6), true, 'Clear, thanks.');
  vote(
    'guides/agent-jobs',
    daysAgo(3),
    false,
    'This example fails: trackJob is not exported.',
    'code_snippet',
    "import { trackJob } from 'docs-assistant';",
  );
  vote('guides/agent-jobs', daysAgo(5), false, 'Agents cannot find the retry limit here.', 'agent');
  vote('guides/chat', daysAgo(2), false, 'Stop keeps the answer, but the page says it is discarded.');
  vote('guides/chat', daysAgo(8), true, null, 'thumbs_only');
  vote('reference/components', daysAgo(12), false, null, 'thumbs_only');
  for (let i = 0; i < 55; i++) vote('guides/chat', daysAgo(i % 28, 5), true, null, 'thumbs_only');

  const searches: SearchEvent[] = [
    { query: 'rotate admin key', hits: 14, ctr: 0, topClickedPage: null, at: daysAgo(1) },
    { query: 'webhook retries', hits: 9, ctr: 0, topClickedPage: null, at: daysAgo(3) },
    { query: 'agent jobs', hits: 31, ctr: 0.62, topClickedPage: '/guides/agent-jobs', at: daysAgo(1) },
    { query: 'stop answer', hits: 12, ctr: 0.4, topClickedPage: '/guides/chat', at: daysAgo(2) },
    { query: 'proxy', hits: 4, ctr: 0, topClickedPage: null, at: daysAgo(15) },
    ...Array.from({ length: 55 }, (_, i) => ({
      query: `term ${i}`,
      hits: 2,
      ctr: 0.5,
      topClickedPage: '/guides/chat',
      at: daysAgo(i % 20),
    })),
    { query: 'api changelog', hits: 1, ctr: 0, topClickedPage: null, at: daysAgo(4) },
  ];
  return { conversations, feedback, searches };
}

/** An answer: a status and a JSON body. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
  /** Seconds, for a 429's Retry-After. */
  readonly retryAfter?: number;
}

const bad = (message: string): Answer => ({ status: 400, body: { error: 'Invalid query parameters', details: [{ message }] } });
const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/** The query's date range, limit and cursor, checked as the schema says; or the 400 to answer. */
function queryOf(
  query: URLSearchParams,
  limits: { max: number; fallback: number },
): { from: number; to: number; limit: number; offset: number } | Answer {
  for (const name of ['dateFrom', 'dateTo']) {
    const value = query.get(name);
    if (value !== null && !DATE.test(value)) return bad(`${name} must be a date in ISO 8601 or YYYY-MM-DD format`);
  }
  const limitText = query.get('limit');
  const limit = limitText === null ? limits.fallback : Number(limitText);
  if (!Number.isFinite(limit) || limit < 1 || limit > limits.max) return bad(`limit must be a number from 1 to ${limits.max}`);
  const cursor = query.get('cursor');
  const offset = cursor === null ? 0 : Number(/^c(\d+)$/.exec(cursor)?.[1] ?? NaN);
  if (!Number.isInteger(offset)) return bad('cursor is not one this API gave');
  const from = query.get('dateFrom') ? Date.parse(query.get('dateFrom')!) : 0;
  const to = query.get('dateTo') ? Date.parse(query.get('dateTo')!) : Number.MAX_SAFE_INTEGER;
  return { from, to, limit: Math.floor(limit), offset };
}

const isoDay = (at: number) => new Date(at).toISOString();
const within = (at: number, range: { from: number; to: number }) => at >= range.from && at < range.to;

export class ReaderAnalytics {
  conversations: Conversation[];
  feedback: Feedback[];
  searches: SearchEvent[];

  constructor(now: number, site: string) {
    ({ conversations: this.conversations, feedback: this.feedback, searches: this.searches } = seededReaders(now, site));
  }

  /** `GET /v1/analytics/{projectId}/feedback/by-page`: pages by their feedback, the most first; no cursor. */
  feedbackByPage(query: URLSearchParams): Answer {
    const asked = queryOf(query, { max: 100, fallback: 10 });
    if ('status' in asked) return asked;
    const pages = new Map<string, { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }>();
    for (const entry of this.feedback.filter((item) => within(item.at, asked))) {
      const page = pages.get(entry.path) ?? { path: entry.path, thumbsUp: 0, thumbsDown: 0, code: 0, total: 0 };
      if (entry.source === 'code_snippet') page.code++;
      else if (entry.helpful === true) page.thumbsUp++;
      else if (entry.helpful === false) page.thumbsDown++;
      page.total++;
      pages.set(entry.path, page);
    }
    const sorted = [...pages.values()].sort((a, b) => b.total - a.total);
    return { status: 200, body: { feedback: sorted.slice(0, asked.limit), hasMore: sorted.length > asked.limit } };
  }

  /** `GET /v1/analytics/{projectId}/feedback`: entries newest first, a cursor to the next page. */
  feedbackEntries(query: URLSearchParams): Answer {
    const asked = queryOf(query, { max: 100, fallback: 50 });
    if ('status' in asked) return asked;
    const source = query.get('source');
    const rows = this.feedback
      .filter((item) => within(item.at, asked) && (source === null || item.source === source))
      .sort((a, b) => b.at - a.at)
      .map((item) => ({
        id: item.id,
        path: item.path,
        comment: item.comment,
        createdAt: isoDay(item.at),
        source: item.source,
        status: 'pending',
        ...(item.source === 'contextual' ? { helpful: item.helpful ?? false, contact: null } : {}),
        ...(item.source === 'code_snippet' ? { code: item.code ?? '', filename: null, lang: item.lang ?? null } : {}),
      }));
    return { status: 200, body: { feedback: rows.slice(asked.offset, asked.offset + asked.limit), ...page(rows.length, asked) } };
  }

  /**
   * `GET /v1/analytics/{projectId}/assistant`: conversations newest first; its cursor is a ULID, as
   * the schema says: the id of the last conversation of the page before.
   */
  conversationRows(query: URLSearchParams): Answer {
    const cursor = query.get('cursor');
    const sorted = [...this.conversations].sort((a, b) => b.at - a.at);
    if (cursor !== null && !sorted.some((item) => item.id === cursor)) return bad('cursor must be a ULID this API gave');
    const params = new URLSearchParams(query);
    if (cursor !== null) params.set('cursor', `c${sorted.findIndex((item) => item.id === cursor) + 1}`);
    const asked = queryOf(params, { max: 1000, fallback: 100 });
    if ('status' in asked) return asked;
    const rows = sorted
      .filter((item, index) => index >= asked.offset && within(item.at, asked))
      .map((item) => ({
        id: item.id,
        timestamp: isoDay(item.at),
        query: item.query,
        response: item.response,
        responseType: 'answer',
        sources: item.sources,
        resolutionStatus: item.resolutionStatus,
        queryCategory: null,
        pageUrl: item.pageUrl,
      }));
    const shown = rows.slice(0, asked.limit);
    const more = rows.length > asked.limit;
    return { status: 200, body: { conversations: shown, nextCursor: more ? (shown.at(-1)?.id ?? null) : null, hasMore: more } };
  }

  /** `GET /v1/analytics/{projectId}/assistant/threads/{threadId}`: the conversation's messages. */
  thread(threadId: string): Answer {
    if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(threadId)) return { status: 400, body: { error: 'Invalid thread ID' } };
    const found = this.conversations.find((item) => item.id === threadId);
    if (!found) return { status: 404, body: { error: 'Thread not found' } };
    return {
      status: 200,
      body: {
        threadId,
        createdAt: isoDay(found.at),
        messages: [
          { id: `${threadId}-q`, role: 'user', content: found.query, createdAt: isoDay(found.at) },
          { id: `${threadId}-a`, role: 'assistant', content: found.response, createdAt: isoDay(found.at + 4_000) },
        ],
      },
    };
  }

  /** `GET /v1/analytics/{projectId}/searches`: terms by how often searched, a cursor to the next page. */
  searchTerms(query: URLSearchParams): Answer {
    const asked = queryOf(query, { max: 100, fallback: 50 });
    if ('status' in asked) return asked;
    const rows = this.searches
      .filter((item) => within(item.at, asked))
      .sort((a, b) => b.hits - a.hits)
      .map((item) => ({
        searchQuery: item.query,
        hits: item.hits,
        ctr: item.ctr,
        topClickedPage: item.topClickedPage,
        lastSearchedAt: isoDay(item.at),
      }));
    const total = rows.reduce((sum, row) => sum + row.hits, 0);
    const next = asked.offset + asked.limit < rows.length ? `c${asked.offset + asked.limit}` : null;
    return {
      status: 200,
      body: { searches: rows.slice(asked.offset, asked.offset + asked.limit), totalSearches: total, nextCursor: next },
    };
  }
}

function page(count: number, asked: { offset: number; limit: number }): { nextCursor: string | null; hasMore: boolean } {
  const more = asked.offset + asked.limit < count;
  return { nextCursor: more ? `c${asked.offset + asked.limit}` : null, hasMore: more };
}
