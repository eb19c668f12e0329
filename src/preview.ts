// What VS Code's Markdown preview asks of the extension (`extendMarkdownIt`): the platform's
// components and links between pages. A bundle of its own, dist/preview.js, loaded by the preview
// alone, so activation stays small.

import type MarkdownIt from 'markdown-it';
import { pageScheme } from './identifiers';
import { mdxPlugin } from './pages/preview/mdxPlugin';

export function extendMarkdownIt(md: MarkdownIt): MarkdownIt {
  return md.use(mdxPlugin, { pageScheme });
}
