// What the platform's analytics say of readers, as the published schema describes it
// (../shared/reference/analytics-openapi.json): pages by their votes, readers' feedback, the
// assistant's conversations (answered or not) and the terms readers searched for. Read leniently:
// an entry missing a field the client needs is left out, never guessed; every string is the
// readers' or the platform's, to be shown as text.

/** Days of readers' signals: from `from` up to, not including, `to` (both `YYYY-MM-DD`, UTC). */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** The last `days` days, today included. */
export function lastDays(days: number, now: number): DateRange {
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-(days - 1)), to: day(1) };
}

export interface PageVotes {
  readonly path: string;
  readonly thumbsUp: number;
  readonly thumbsDown: number;
  readonly total: number;
}

export type FeedbackSource = 'code_snippet' | 'contextual' | 'agent' | 'thumbs_only';

export interface ReaderFeedback {
  readonly id: string;
  readonly path: string;
  readonly comment: string | null;
  readonly createdAt: string | null;
  readonly source: FeedbackSource;
  /** For page-level feedback: whether the reader found the page helpful. */
  readonly helpful?: boolean;
  /** For feedback on a code block: its code. */
  readonly code?: string;
}

export interface AssistantConversation {
  readonly id: string;
  readonly timestamp: string;
  readonly query: string;
  readonly response: string;
  readonly sources: readonly { readonly title: string; readonly url: string }[];
  readonly answered: boolean;
  /** The page the reader asked from, when the platform knows it. */
  readonly pageUrl: string | null;
}

export interface ThreadMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly createdAt: string;
}

export interface AssistantThread {
  readonly threadId: string;
  readonly messages: readonly ThreadMessage[];
}

export interface SearchTerm {
  readonly query: string;
  /** How many times readers searched for it. */
  readonly searches: number;
  /** Click-through rate, 0 to 1: 0 when no reader opened a result. */
  readonly clickThrough: number;
  readonly topClickedPage: string | null;
  readonly lastSearchedAt: string;
}

/** A page of rows, and the cursor of the next one (undefined at the end). */
export interface Rows<T> {
  readonly rows: readonly T[];
  readonly next?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
const orNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const SOURCES: readonly FeedbackSource[] = ['code_snippet', 'contextual', 'agent', 'thumbs_only'];

/** The entries of `field` that `parse` takes; undefined when the body has no such list. */
function list<T>(json: unknown, field: string, parse: (item: Json) => T | undefined): T[] | undefined {
  if (!isObject(json) || !Array.isArray(json[field])) return undefined;
  return (json[field] as unknown[]).flatMap((item) => {
    const parsed = isObject(item) ? parse(item) : undefined;
    return parsed === undefined ? [] : [parsed];
  });
}

function cursorOf(json: Json): string | undefined {
  const next = text(json.nextCursor);
  return next && next !== '' && json.hasMore !== false ? next : undefined;
}

export function parsePageVotes(json: unknown): { readonly pages: PageVotes[]; readonly hasMore: boolean } | undefined {
  const pages = list(json, 'feedback', (item) => {
    const path = text(item.path);
    const [up, down, total] = [count(item.thumbsUp), count(item.thumbsDown), count(item.total)];
    return path !== undefined && up !== undefined && down !== undefined
      ? { path, thumbsUp: up, thumbsDown: down, total: total ?? up + down }
      : undefined;
  });
  return pages && { pages, hasMore: (json as Json).hasMore === true };
}

export function parseFeedback(json: unknown): Rows<ReaderFeedback> | undefined {
  const rows = list(json, 'feedback', (item): ReaderFeedback | undefined => {
    const [id, path] = [text(item.id), text(item.path)];
    const source = SOURCES.find((known) => known === item.source);
    if (id === undefined || path === undefined || !source) return undefined;
    return {
      id,
      path,
      comment: orNull(item.comment),
      createdAt: orNull(item.createdAt),
      source,
      ...(typeof item.helpful === 'boolean' ? { helpful: item.helpful } : {}),
      ...(typeof item.code === 'string' ? { code: item.code } : {}),
    };
  });
  return rows && { rows, ...withNext(json) };
}

export function parseConversations(json: unknown): Rows<AssistantConversation> | undefined {
  const rows = list(json, 'conversations', (item): AssistantConversation | undefined => {
    const [id, timestamp, query] = [text(item.id), text(item.timestamp), text(item.query)];
    if (id === undefined || timestamp === undefined || query === undefined) return undefined;
    const sources = Array.isArray(item.sources)
      ? item.sources.flatMap((source) =>
          isObject(source) && typeof source.url === 'string' ? [{ title: text(source.title) ?? source.url, url: source.url }] : [],
        )
      : [];
    return {
      id,
      timestamp,
      query,
      response: text(item.response) ?? '',
      sources,
      answered: item.resolutionStatus !== 'unanswered',
      pageUrl: orNull(item.pageUrl),
    };
  });
  return rows && { rows, ...withNext(json) };
}

export function parseThread(json: unknown): AssistantThread | undefined {
  if (!isObject(json) || typeof json.threadId !== 'string') return undefined;
  const messages = list(json, 'messages', (item): ThreadMessage | undefined => {
    const role = item.role === 'user' || item.role === 'assistant' ? item.role : undefined;
    const content = text(item.content);
    return role && content !== undefined ? { role, content, createdAt: text(item.createdAt) ?? '' } : undefined;
  });
  return messages && { threadId: json.threadId, messages };
}

export function parseSearches(json: unknown): Rows<SearchTerm> | undefined {
  const rows = list(json, 'searches', (item): SearchTerm | undefined => {
    const query = text(item.searchQuery);
    const searches = count(item.hits);
    if (query === undefined || searches === undefined) return undefined;
    return {
      query,
      searches,
      clickThrough: count(item.ctr) ?? 0,
      topClickedPage: orNull(item.topClickedPage),
      lastSearchedAt: text(item.lastSearchedAt) ?? '',
    };
  });
  return rows && { rows, ...withNext(json) };
}

function withNext(json: unknown): { next?: string } {
  const next = isObject(json) ? cursorOf(json) : undefined;
  return next === undefined ? {} : { next };
}
