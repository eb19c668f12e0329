// The three groups of reader signals for a period the user picks, loaded when asked (the view shown,
// Refresh) and never by a timer, each grown by one request per Load More through the operations'
// cursors. A failure is the group's state, said in the view with what helps; what was loaded stays.

import type { AssistantConversation, DateRange, PageVotes, ReaderFeedback, Rows, SearchTerm } from '../platform/analytics';
import type { PlatformError, Result } from '../platform/errors';
import { Emitter } from '../util/disposable';
import { type Signal, type SignalKind, unansweredQuestions, unclickedSearches, votedDownPages } from './signals';

/** The platform's analytics, as the signals read them: one project's, with the admin key. */
export interface SignalSource {
  conversations(range: DateRange, cursor: string | undefined, signal: AbortSignal): Promise<Result<Rows<AssistantConversation>>>;
  searches(range: DateRange, cursor: string | undefined, signal: AbortSignal): Promise<Result<Rows<SearchTerm>>>;
  pagesByVotes(range: DateRange, limit: number, signal: AbortSignal): Promise<Result<{ pages: PageVotes[]; hasMore: boolean }>>;
  feedback(range: DateRange, cursor: string | undefined, signal: AbortSignal): Promise<Result<Rows<ReaderFeedback>>>;
}

export const SIGNAL_KINDS: readonly SignalKind[] = ['question', 'search', 'page'];
/** The periods offered, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** Pages by votes asked for at first, and how many more each Load More asks for (100 at most). */
const PAGES_FIRST = 20;
const PAGES_MORE = 20;
const PAGES_MAX = 100;

export type GroupState =
  | { readonly kind: 'loading'; readonly signals: readonly Signal[] }
  | { readonly kind: 'loaded'; readonly signals: readonly Signal[]; readonly more: boolean }
  | { readonly kind: 'failed'; readonly signals: readonly Signal[]; readonly error: PlatformError };

/** What one group has read so far, and where the next request goes on from. */
interface Loaded {
  conversations: AssistantConversation[];
  terms: SearchTerm[];
  pages: PageVotes[];
  feedback: ReaderFeedback[];
  /** The cursor of the group's operation; for pages, of its readers' feedback. */
  cursor?: string;
  /** Whether the operation said there is more (for pages: more pages by votes). */
  more: boolean;
  pageLimit: number;
  /** Whether its first request was answered: an empty first page still has read. */
  started: boolean;
}

const empty = (): Loaded => ({
  conversations: [],
  terms: [],
  pages: [],
  feedback: [],
  more: false,
  pageLimit: PAGES_FIRST,
  started: false,
});

/** The signals of what a group has read. */
function signalsOf(kind: SignalKind, loaded: Loaded): Signal[] {
  switch (kind) {
    case 'question':
      return unansweredQuestions(loaded.conversations);
    case 'search':
      return unclickedSearches(loaded.terms);
    case 'page':
      return votedDownPages(loaded.pages, loaded.feedback);
  }
}

/**
 * Reads one request more of group `kind` into `loaded` (the first, when it is empty): a failure is
 * returned, and what was read stays as it was.
 */
async function readMore(
  source: SignalSource,
  kind: SignalKind,
  range: DateRange,
  loaded: Loaded,
  signal: AbortSignal,
): Promise<PlatformError | undefined> {
  const first = !loaded.started;
  const error = await readNext(source, kind, range, loaded, signal, first);
  if (!error) loaded.started = true;
  return error;
}

async function readNext(
  source: SignalSource,
  kind: SignalKind,
  range: DateRange,
  loaded: Loaded,
  signal: AbortSignal,
  first: boolean,
): Promise<PlatformError | undefined> {
  switch (kind) {
    case 'question': {
      const read = await source.conversations(range, first ? undefined : loaded.cursor, signal);
      if (!read.ok) return read.error;
      loaded.conversations.push(...read.value.rows);
      loaded.cursor = read.value.next;
      loaded.more = read.value.next !== undefined;
      return undefined;
    }
    case 'search': {
      const read = await source.searches(range, first ? undefined : loaded.cursor, signal);
      if (!read.ok) return read.error;
      loaded.terms.push(...read.value.rows);
      loaded.cursor = read.value.next;
      loaded.more = read.value.next !== undefined;
      return undefined;
    }
    case 'page': {
      // First the pages and the newest feedback; then each Load More reads more feedback while there
      // is more, then more pages.
      if (first || loaded.cursor === undefined) {
        const limit = first ? PAGES_FIRST : Math.min(PAGES_MAX, loaded.pageLimit + PAGES_MORE);
        const pages = await source.pagesByVotes(range, limit, signal);
        if (!pages.ok) return pages.error;
        loaded.pages = pages.value.pages;
        loaded.pageLimit = limit;
        loaded.more = pages.value.hasMore && limit < PAGES_MAX;
        if (!first) return undefined;
      }
      const feedback = await source.feedback(range, first ? undefined : loaded.cursor, signal);
      if (!feedback.ok) return feedback.error;
      loaded.feedback.push(...feedback.value.rows);
      loaded.cursor = feedback.value.next;
      return undefined;
    }
  }
}

/** Whether a group can grow: a cursor to go on from, or more of its operation. */
const canGrow = (loaded: Loaded) => loaded.cursor !== undefined || loaded.more;

/** The signals of `kind` in `range`, read until `count` of them or `requests` requests: for a tool. */
export async function loadSignals(
  source: SignalSource,
  kind: SignalKind,
  range: DateRange,
  count: number,
  signal: AbortSignal,
  requests = 3,
): Promise<Result<{ signals: Signal[]; more: boolean }>> {
  const loaded = empty();
  for (let made = 0; made < requests; made++) {
    const error = await readMore(source, kind, range, loaded, signal);
    if (error) return { ok: false, error };
    if (signalsOf(kind, loaded).length >= count || !canGrow(loaded)) break;
  }
  const signals = signalsOf(kind, loaded);
  return { ok: true, value: { signals: signals.slice(0, count), more: signals.length > count || canGrow(loaded) } };
}

/** The view's three groups for one period. */
export class ReaderSignalsModel {
  private loaded = new Map<SignalKind, Loaded>();
  private states = new Map<SignalKind, GroupState>();
  private controller = new AbortController();
  private readonly changes = new Emitter<SignalKind>();
  /** A group's state changed. */
  readonly onDidChange = this.changes.event;

  constructor(
    /** The project's analytics as the settings and keys are now, or why there are none. */
    private readonly source: () => Result<SignalSource>,
    private range: DateRange,
  ) {}

  state(kind: SignalKind): GroupState | undefined {
    return this.states.get(kind);
  }

  /** Reads every group afresh, for `range`: what was loaded before goes, and any read under way is stopped. */
  async refresh(range = this.range): Promise<void> {
    this.controller.abort();
    this.controller = new AbortController();
    this.range = range;
    this.loaded = new Map(SIGNAL_KINDS.map((kind) => [kind, empty()]));
    this.states = new Map();
    await Promise.all(SIGNAL_KINDS.map((kind) => this.read(kind)));
  }

  /** One request more for group `kind`. */
  loadMore(kind: SignalKind): Promise<void> {
    return this.read(kind);
  }

  dispose(): void {
    this.controller.abort();
    this.changes.dispose();
  }

  private async read(kind: SignalKind): Promise<void> {
    const loaded = this.loaded.get(kind) ?? empty();
    this.loaded.set(kind, loaded);
    const before = signalsOf(kind, loaded);
    if (this.states.get(kind)?.kind === 'loading') return;
    this.set(kind, { kind: 'loading', signals: before });
    const source = this.source();
    const { signal } = this.controller;
    const error = source.ok ? await readMore(source.value, kind, this.range, loaded, signal) : source.error;
    if (signal.aborted) return;
    const signals = signalsOf(kind, loaded);
    this.set(kind, error ? { kind: 'failed', signals, error } : { kind: 'loaded', signals, more: canGrow(loaded) });
  }

  private set(kind: SignalKind, state: GroupState): void {
    this.states.set(kind, state);
    this.changes.fire(kind);
  }
}
