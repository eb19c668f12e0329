// The pages an answer drew on. The live service names them only in its `search` tool's output
// (a bare array of results, or `{type: "search", results}`); the spec's shape sends `source-url`
// and `source-document` chunks. Both become one list, deduplicated by page, in order of first
// appearance. The search operation's results have the same shape as the tool's.

import type { AssistantMessage } from './assistantMessage';

/** The tool whose output lists the pages the assistant retrieved. */
export const SEARCH_TOOL = 'search';

export interface SearchResult {
  /** `url || path`: where the page is, as the server names it. */
  readonly target: string;
  /** `metadata.title`, when the server knows it. */
  readonly title?: string;
  /** The matching excerpt. */
  readonly content: string;
}

export interface Source {
  /** A page path of the site (`guides/chat`, `/guides/chat`) or an http(s) URL; absent for a document without a file name. */
  readonly url?: string;
  readonly title?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The results of a search, in either shape; entries that name no page are dropped. */
export function readSearchResults(output: unknown): SearchResult[] {
  const list = Array.isArray(output) ? output : isRecord(output) && Array.isArray(output.results) ? output.results : [];
  const results: SearchResult[] = [];
  for (const entry of list) {
    if (!isRecord(entry)) continue;
    const target = text(entry.url) ?? text(entry.path);
    if (target === undefined) continue;
    const title = isRecord(entry.metadata) ? text(entry.metadata.title) : undefined;
    results.push({ target, content: typeof entry.content === 'string' ? entry.content : '', ...(title === undefined ? {} : { title }) });
  }
  return results;
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
