// What a turn says while the assistant works and no text has come yet: the search it runs, a
// tool it does not name, or a wait for the platform's rate limit. One wording for the view and
// for screen readers; no DOM, so both sides and the tests use it.

import * as l10n from '@vscode/l10n';
import { plural } from './language';

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
      if (activity.query === undefined || activity.query.trim() === '') return l10n.t('Searching the documentation…');
      const query = oneLine(activity.query);
      const found = activity.found;
      if (found === undefined) return l10n.t('Searching the documentation for "{0}"…', query);
      return plural(
        found,
        l10n.t('Searching the documentation for "{0}"… found {1} page.', query, found),
        l10n.t('Searching the documentation for "{0}"… found {1} pages.', query, found),
      );
    }
    case 'working':
      return l10n.t('Working…');
    case 'waiting': {
      const seconds = Math.max(1, Math.ceil((remainingMs ?? activity.waitMs) / 1000));
      return activity.reason === 'rateLimit'
        ? l10n.t("The platform's rate limit was reached. Trying again in {0} s…", seconds)
        : l10n.t('The platform is busy. Trying again in {0} s…', seconds);
    }
  }
}

/** What a screen reader hears once per activity, not on every tick of a countdown. */
export function activityAnnouncement(activity: TurnActivity): string {
  return activity.kind === 'waiting'
    ? activityText(activity)
    : activityText({ ...activity, ...(activity.kind === 'searching' ? { found: undefined } : {}) });
}

/** The query on one line, cut to MAX_QUERY_CHARS: the sentence puts it in quotes. */
function oneLine(query: string): string {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > MAX_QUERY_CHARS ? `${line.slice(0, MAX_QUERY_CHARS)}…` : line;
}
