// Search results, as the search operation returns them and as the live assistant's `search` tool
// lists the pages it retrieved: a bare array of results, or `{type: "search", results}`. Each names
// its page by `path` (sometimes `url`), with an excerpt and, when known, `metadata.title`.

export interface SearchResult {
  /** `url || path`: where the page is, as the server names it. */
  readonly target: string;
  /** `metadata.title`, when the server knows it. */
  readonly title?: string;
  /** The matching excerpt. */
  readonly content: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The results of a search, in either shape, at most `limit` of them; entries that name no page are dropped. */
export function readSearchResults(output: unknown, limit = Infinity): SearchResult[] {
  const list = Array.isArray(output) ? output : isRecord(output) && Array.isArray(output.results) ? output.results : [];
  const results: SearchResult[] = [];
  for (const entry of list) {
    if (results.length >= limit) break;
    if (!isRecord(entry)) continue;
    const target = text(entry.url) ?? text(entry.path);
    if (target === undefined) continue;
    const title = isRecord(entry.metadata) ? text(entry.metadata.title) : undefined;
    results.push({ target, content: typeof entry.content === 'string' ? entry.content : '', ...(title === undefined ? {} : { title }) });
  }
  return results;
}
