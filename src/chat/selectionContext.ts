// A selection becomes a context item: code from a file with its workspace-relative path, or a
// text selection from a documentation page with the page's path (which is also `currentPath`).

import * as l10n from '@vscode/l10n';
import { MAX_CURRENT_PATH } from '../platform/assistantRequest';
import { MAX_SELECTION_CHARS, selectionLabel, type Selection } from '../selection/selection';
import { number, plural } from '../shared/language';
import type { AttachedContext } from './conversation';

export function attachSelection(selection: Selection): AttachedContext {
  const trimmed = selection.text.length > MAX_SELECTION_CHARS;
  const value = trimmed ? selection.text.slice(0, MAX_SELECTION_CHARS) : selection.text;
  const label = selectionLabel(selection);
  const trimmedFrom = trimmed ? { trimmedFrom: selection.text.length } : {};
  if (selection.source.kind === 'file') {
    return { item: { type: 'code', value, path: selection.source.path }, label, ...trimmedFrom };
  }
  const { pagePath } = selection.source;
  return {
    item: { type: 'textSelection', value, path: pagePath },
    label,
    ...trimmedFrom,
    // The platform takes at most 200 characters; a longer path is not sent rather than sent wrong.
    ...(pagePath.length <= MAX_CURRENT_PATH ? { currentPath: pagePath } : {}),
  };
}

/** A whole documentation page as what the next question is about: sent as `currentPath`. */
export function attachPage(pagePath: string): AttachedContext {
  return { label: pagePath, ...(pagePath.length <= MAX_CURRENT_PATH ? { currentPath: pagePath } : {}) };
}

/** What the chip says about a trimmed selection. */
export function trimNote(context: AttachedContext): string | undefined {
  const from = context.trimmedFrom;
  if (from === undefined) return undefined;
  return plural(
    from,
    l10n.t('Trimmed to the first {0} of {1} character.', number(MAX_SELECTION_CHARS), number(from)),
    l10n.t('Trimmed to the first {0} of {1} characters.', number(MAX_SELECTION_CHARS), number(from)),
  );
}
