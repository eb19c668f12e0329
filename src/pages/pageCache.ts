// Pages fetched this session, per base-URL origin and domain, so a page of one platform is never
// served for another. Two requests for the same page share one fetch. The cache holds a bounded
// number of characters, dropping the pages used longest ago first, and is emptied when the keys
// change (Clear Keys among them).

import type { CallOptions, Page } from '../platform/client';
import type { Result } from '../platform/errors';

export interface PageAddress {
  readonly origin: string;
  readonly domain: string;
  readonly path: string;
}

export type PageFetcher = (address: PageAddress, options?: CallOptions) => Promise<Result<Page>>;

/** About 32 MB of text at most. */
export const MAX_CACHED_CHARS = 16 * 1024 * 1024;

export class PageCache {
  /** In order of last use, oldest first (a Map keeps insertion order). */
  private readonly pages = new Map<string, Page>();
  private readonly inFlight = new Map<string, Promise<Result<Page>>>();
  private chars = 0;
  /** Bumped by clear(), so a fetch that was on its way does not refill the cache. */
  private generation = 0;

  constructor(
    private readonly fetchPage: PageFetcher,
    private readonly maxChars = MAX_CACHED_CHARS,
  ) {}

  peek(address: PageAddress): Page | undefined {
    return this.pages.get(key(address));
  }

  /**
   * The cached page, or a fetch of it; `refresh` always fetches. Failures are not cached. Callers
   * asking for a page already being fetched share that fetch (and its first caller's options).
   */
  get(address: PageAddress, refresh = false, options?: CallOptions): Promise<Result<Page>> {
    const id = key(address);
    const cached = this.pages.get(id);
    if (cached && !refresh) {
      this.pages.delete(id);
      this.pages.set(id, cached);
      return Promise.resolve({ ok: true, value: cached });
    }
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const generation = this.generation;
    const fetching = this.fetchPage(address, options).then((result) => {
      this.inFlight.delete(id);
      if (result.ok && generation === this.generation) this.store(id, result.value);
      return result;
    });
    this.inFlight.set(id, fetching);
    return fetching;
  }

  clear(): void {
    this.pages.clear();
    this.inFlight.clear();
    this.chars = 0;
    this.generation += 1;
  }

  private store(id: string, page: Page): void {
    const old = this.pages.get(id);
    if (old) this.chars -= old.content.length;
    this.pages.delete(id);
    this.pages.set(id, page);
    this.chars += page.content.length;
    for (const [oldest, oldPage] of this.pages) {
      if (this.chars <= this.maxChars || oldest === id) break;
      this.pages.delete(oldest);
      this.chars -= oldPage.content.length;
    }
  }
}

function key({ origin, domain, path }: PageAddress): string {
  return `${origin}\u0000${domain}\u0000${path}`;
}
