// Pages fetched this session, per domain. Two requests for the same page share one fetch.

import type { CallOptions, Page } from '../platform/client';
import type { Result } from '../platform/errors';

export type PageFetcher = (domain: string, path: string, options?: CallOptions) => Promise<Result<Page>>;

export class PageCache {
  private readonly pages = new Map<string, Page>();
  private readonly inFlight = new Map<string, Promise<Result<Page>>>();

  constructor(private readonly fetchPage: PageFetcher) {}

  peek(domain: string, path: string): Page | undefined {
    return this.pages.get(key(domain, path));
  }

  /**
   * The cached page, or a fetch of it; `refresh` always fetches. Failures are not cached. Callers
   * asking for a page already being fetched share that fetch (and its first caller's options).
   */
  get(domain: string, path: string, refresh = false, options?: CallOptions): Promise<Result<Page>> {
    const id = key(domain, path);
    const cached = this.pages.get(id);
    if (cached && !refresh) return Promise.resolve({ ok: true, value: cached });
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const fetching = this.fetchPage(domain, path, options).then((result) => {
      this.inFlight.delete(id);
      if (result.ok) this.pages.set(id, result.value);
      return result;
    });
    this.inFlight.set(id, fetching);
    return fetching;
  }

  clear(): void {
    this.pages.clear();
  }
}

function key(domain: string, path: string): string {
  return `${domain}\u0000${path}`;
}
