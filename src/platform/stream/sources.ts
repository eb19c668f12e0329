// The pages an answer drew on. The live service names them only in its `search` tool's output;
// the spec's shape sends `source-url` and `source-document` chunks. Both become one list,
// deduplicated by page, in order of first appearance.

import { readSearchResults } from '../searchResults';
import type { AssistantMessage } from './assistantMessage';

/** The tool whose output lists the pages the assistant retrieved. */
export const SEARCH_TOOL = 'search';

export interface Source {
  /** A page path of the site (`guides/chat`, `/guides/chat`) or an http(s) URL; absent for a document without a file name. */
  readonly url?: string;
  readonly title?: string;
}

/**
 * What identifies a page, whichever way it is named: `https://site/guides/chat`, `/guides/chat/`
 * and `guides/chat.md` are the same page.
 */
export function pageKey(target: string): string {
  let path = target.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path;
    }
  }
  return path
    .replace(/[?#].*$/, '')
    .replace(/^(\.?\/)+|\/+$/g, '')
    .replace(/\.mdx?$/i, '');
}

/** Every source of the message, first appearance first, each page once. */
export function messageSources(message: AssistantMessage): Source[] {
  const sources: Source[] = [];
  const seen = new Set<string>();
  const add = (source: Source) => {
    const key = source.url === undefined ? `title:${source.title ?? ''}` : pageKey(source.url);
    if (seen.has(key)) return;
    seen.add(key);
    sources.push(source);
  };
  for (const part of message.parts) {
    if (part.type === 'source-url') add({ url: part.url, ...(part.title ? { title: part.title } : {}) });
    else if (part.type === 'source-document') add({ title: part.title, ...(part.filename ? { url: part.filename } : {}) });
    else if (part.type === 'tool' && part.toolName === SEARCH_TOOL && part.state === 'output-available') {
      for (const result of readSearchResults(part.output)) add({ url: result.target, ...(result.title ? { title: result.title } : {}) });
    }
  }
  return sources;
}
