// The text both the decoding and the rendering benchmarks are made of: the emulator's sample
// documentation, read the way the emulator reads it.

import { DocsIndex, defaultDocsDir } from '../test/emulator/docsIndex';

/** Every sample page's Markdown, in page-path order, as one text. */
export function sampleDocumentation(): string {
  return DocsIndex.fromFolder(defaultDocsDir())
    .all()
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((page) => page.text)
    .join('\n\n');
}
