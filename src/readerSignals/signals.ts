// What readers could not find, from the platform's analytics: the questions the assistant could
// not answer (the same question asked again is one signal, with a count), the searches nobody
// opened a result of, and the pages readers voted down with what they wrote. Each signal has a
// key that stays the same across loads, so that a job started from it can be found again.

import type { AssistantConversation, PageVotes, ReaderFeedback, SearchTerm } from '../platform/analytics';

export type SignalKind = 'question' | 'search' | 'page';

export interface QuestionSignal {
  readonly kind: 'question';
  readonly key: string;
  /** The newest wording of the question. */
  readonly question: string;
  readonly count: number;
  readonly lastAsked: string;
  /** The page the newest was asked from, when the platform knows it. */
  readonly pageUrl: string | null;
  /** What the assistant answered the newest, and the pages it drew on. */
  readonly answer: string;
  readonly sources: readonly { readonly title: string; readonly url: string }[];
  /** The conversations, newest first: each one's thread can be read. */
  readonly conversationIds: readonly string[];
}

export interface SearchSignal {
  readonly kind: 'search';
  readonly key: string;
  readonly query: string;
  readonly searches: number;
  readonly lastSearchedAt: string;
}

export interface PageSignal {
  readonly kind: 'page';
  readonly key: string;
  /** The page's path on the site, without a leading slash. */
  readonly path: string;
  readonly thumbsDown: number;
  readonly total: number;
  /** What readers wrote of it, newest first, as far as loaded. */
  readonly comments: readonly ReaderFeedback[];
}

export type Signal = QuestionSignal | SearchSignal | PageSignal;

/** Words compared as a reader means them: case, spacing and the closing punctuation aside. */
export function normalized(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.…。？！]+$/u, '')
    .trim();
}

/** A page's path as the site names it: no scheme, host, leading slash, query, anchor or `.md(x)`. */
export function pagePathOf(pathOrUrl: string): string {
  const withoutOrigin = URL.canParse(pathOrUrl) ? new URL(pathOrUrl).pathname : pathOrUrl;
  return withoutOrigin
    .replace(/[?#].*$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.mdx?$/i, '');
}

/** The questions the assistant did not answer, the same one asked again counted once, newest first. */
export function unansweredQuestions(conversations: readonly AssistantConversation[]): QuestionSignal[] {
  const groups = new Map<string, AssistantConversation[]>();
  for (const conversation of conversations) {
    if (conversation.answered || conversation.query.trim() === '') continue;
    const key = normalized(conversation.query);
    groups.set(key, [...(groups.get(key) ?? []), conversation]);
  }
  return [...groups]
    .map(([key, asked]) => {
      const newest = [...asked].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
      const [last] = newest;
      return {
        kind: 'question' as const,
        key: `question:${key}`,
        question: last.query.trim(),
        count: asked.length,
        lastAsked: last.timestamp,
        pageUrl: newest.find((conversation) => conversation.pageUrl)?.pageUrl ?? null,
        answer: last.response,
        sources: last.sources,
        conversationIds: newest.map((conversation) => conversation.id),
      };
    })
    .sort((a, b) => b.lastAsked.localeCompare(a.lastAsked));
}

/**
 * The searches no reader opened a result of, most searched first. (The platform counts how often a
 * term was searched and how often a result was opened; it does not say how many results there were.)
 */
export function unclickedSearches(terms: readonly SearchTerm[]): SearchSignal[] {
  const groups = new Map<string, SearchSignal>();
  for (const term of terms) {
    if (term.clickThrough > 0 || term.topClickedPage || term.query.trim() === '') continue;
    const key = normalized(term.query);
    const seen = groups.get(key);
    groups.set(key, {
      kind: 'search',
      key: `search:${key}`,
      query: seen && seen.lastSearchedAt > term.lastSearchedAt ? seen.query : term.query.trim(),
      searches: (seen?.searches ?? 0) + term.searches,
      lastSearchedAt: seen && seen.lastSearchedAt > term.lastSearchedAt ? seen.lastSearchedAt : term.lastSearchedAt,
    });
  }
  return [...groups.values()].sort((a, b) => b.searches - a.searches || b.lastSearchedAt.localeCompare(a.lastSearchedAt));
}

/** The pages readers voted down, most down votes first, each with what readers wrote of it. */
export function votedDownPages(pages: readonly PageVotes[], feedback: readonly ReaderFeedback[]): PageSignal[] {
  const written = new Map<string, ReaderFeedback[]>();
  for (const entry of feedback) {
    // Praise is not what a fix needs: only what readers who found the page unhelpful wrote.
    const said = (entry.comment ?? '').trim() !== '' || entry.code !== undefined;
    if (!said || entry.helpful === true) continue;
    const path = pagePathOf(entry.path);
    written.set(path, [...(written.get(path) ?? []), entry]);
  }
  // Rows whose paths name one page (`/a`, `a.mdx`, `a#x`) are one signal, their votes added.
  const votes = new Map<string, { thumbsDown: number; total: number }>();
  for (const page of pages) {
    const path = pagePathOf(page.path);
    const seen = votes.get(path) ?? { thumbsDown: 0, total: 0 };
    votes.set(path, { thumbsDown: seen.thumbsDown + page.thumbsDown, total: seen.total + page.total });
  }
  return [...votes]
    .filter(([, page]) => page.thumbsDown > 0)
    .map(([path, page]) => {
      const comments = [...(written.get(path) ?? [])].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
      return { kind: 'page' as const, key: `page:${path}`, path, thumbsDown: page.thumbsDown, total: page.total, comments };
    })
    .sort((a, b) => b.thumbsDown - a.thumbsDown || b.total - a.total);
}
