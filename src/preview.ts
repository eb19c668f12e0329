// What VS Code's Markdown preview asks of the extension (`extendMarkdownIt`): the platform's
// components and links between pages. A bundle of its own, dist/preview.js, loaded by the preview
// alone, so activation stays small.

import * as l10n from '@vscode/l10n';
import type MarkdownIt from 'markdown-it';
import { pageScheme } from './identifiers';
import { mdxPlugin } from './pages/preview/mdxPlugin';
import { setDisplayLanguage } from './shared/language';

/** Extends VS Code's preview; `words`, the l10n bundle and language of its own copy of the words' module. */
export function extendMarkdownIt(
  md: MarkdownIt,
  words?: { readonly bundle?: l10n.l10nJsonFormat; readonly language?: string },
): MarkdownIt {
  if (words?.bundle) l10n.config({ contents: words.bundle });
  if (words?.language) setDisplayLanguage(words.language);
  return md.use(mdxPlugin, { pageScheme });
}
