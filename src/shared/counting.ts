// Short lists in the extension's sentences and the chat view's: "a, b and 2 more". A count in a
// sentence is the whole sentence in each of its plural forms (plural(), in language.ts).

import * as l10n from '@vscode/l10n';
import { number } from './language';

/** The first `shown` names, then how many more there are, if any: "a, b and 2 more". */
export function firstAndMore(names: readonly string[], shown: number): string {
  const listed = names.slice(0, shown);
  const more = names.length - listed.length;
  // Names (files, paths) joined with commas in every language: a list of names, not of words.
  if (more === 0) return listed.join(', ');
  return listed.length === 0 ? l10n.t('{0} more', number(more)) : l10n.t('{0} and {1} more', listed.join(', '), number(more));
}
