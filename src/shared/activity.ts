// What a turn says while the assistant works and no text has come yet: the search it runs, a
// tool it does not name, or a wait for the platform's rate limit. One wording for the view and
// for screen readers; no DOM, so both sides and the tests use it.

import { countOf } from './counting';

export type TurnActivity =
  /** The `search` tool: its query once the input is complete, the number of pages once it returns. */
  | { readonly kind: 'searching'; readonly query?: string; readonly found?: number }
  /** A tool this client does not know. */
  | { readonly kind: 'working' }
  /** Asked again after `waitMs`: a 429 (`rateLimit`) or a 503 with Retry-After (`busy`). */
  | { readonly kind: 'waiting'; readonly reason: 'rateLimit' | 'busy'; readonly waitMs: number };

const MAX_QUERY_CHARS = 120;

/** The sentence for an activity; for a wait, `remainingMs` is what is left of it now. */
export function activityText(activity: TurnActivity, remainingMs?: number): string {
  switch (activity.kind) {
    case 'searching': {
      if (activity.query === undefined || activity.query.trim() === '') return 'Searching the documentation…';
      const query = quote(activity.query);
      if (activity.found === undefined) return `Searching the documentation for ${query}…`;
      return `Searching the documentation for ${query}… found ${countOf(activity.found, 'page')}.`;
    }
    case 'working':
      return 'Working…';
    case 'waiting': {
      const seconds = Math.max(1, Math.ceil((remainingMs ?? activity.waitMs) / 1000));
      const why = activity.reason === 'rateLimit' ? "The platform's rate limit was reached." : 'The platform is busy.';
      return `${why} Trying again in ${seconds} s…`;
    }
  }
}

/** What a screen reader hears once per activity, not on every tick of a countdown. */
export function activityAnnouncement(activity: TurnActivity): string {
  return activity.kind === 'waiting'
    ? activityText(activity)
    : activityText({ ...activity, ...(activity.kind === 'searching' ? { found: undefined } : {}) });
}

function quote(query: string): string {
  const oneLine = query.replace(/\s+/g, ' ').trim();
  return `"${oneLine.length > MAX_QUERY_CHARS ? `${oneLine.slice(0, MAX_QUERY_CHARS)}…` : oneLine}"`;
}
