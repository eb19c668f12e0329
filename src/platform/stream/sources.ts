// The pages an answer drew on. The live service names them only in its `search` tool's output;
// the spec's shape sends `source-url` and `source-document` chunks. Both become one list,
// deduplicated by page, in order of first appearance.

import { trimSlashes } from '../../util/paths';
import { readSearchResults } from '../searchResults';

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
  return trimSlashes(path.replace(/[?#].*$/, ''), true).replace(/\.mdx?$/i, '');
}

/**
 * Sources in order of first appearance, each page once, up to `max`: each added in constant time,
 * however many came before, so an answer of thousands of them costs no more per source than one.
 */
export class SourceList {
  readonly sources: Source[] = [];
  private readonly keys = new Set<string>();

  constructor(private readonly max = Infinity) {}

  get full(): boolean {
    return this.sources.length >= this.max;
  }

  /** Adds `source` unless its page is listed or the list is full; whether it was added. */
  add(source: Source): boolean {
    if (this.full) return false;
    const key = source.url === undefined ? `title:${source.title ?? ''}` : pageKey(source.url);
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.sources.push(source);
    return true;
  }

  /** Adds the pages of a search's output (either shape); how many of them were added. */
  addResults(output: unknown): number {
    let added = 0;
    for (const result of readSearchResults(output)) {
      if (this.full) break;
      if (this.add({ url: result.target, ...(result.title ? { title: result.title } : {}) })) added++;
    }
    return added;
  }
}
