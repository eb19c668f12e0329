// The documentation site the emulator serves: Markdown pages, and a small keyword search that
// stands in for the platform's retrieval.

import * as fs from 'node:fs';
import * as path from 'node:path';

export interface DocPage {
  readonly path: string;
  readonly title: string;
  /** Raw bytes, so a test can serve content that is not valid UTF-8. */
  readonly bytes: Buffer;
  readonly text: string;
  readonly groups?: readonly string[];
  /** From a `<!-- version: v1 -->` line; pages without one are of the current version, v2. */
  readonly version: string;
  /** From a `<!-- language: fr -->` line; pages without one are in English, `en`. */
  readonly language: string;
  /** From a `<!-- tags: api, cli -->` line; none without one. */
  readonly tags: readonly string[];
}

/** The search's `filter`, as the published schema has it: each field set narrows the pages. */
export interface PageFilter {
  readonly version?: string;
  readonly language?: string;
  readonly tag?: string;
}

/** Whether `page` is in the scope `filter` sets. */
export function inScope(page: DocPage, filter: PageFilter): boolean {
  return (
    (filter.version === undefined || page.version === filter.version) &&
    (filter.language === undefined || page.language === filter.language) &&
    (filter.tag === undefined || page.tags.includes(filter.tag))
  );
}

const STOP_WORDS = new Set(
  'the and for are but not you your with this that what when where which how can does from into about have has was were will would should could there their then them they its it is do to of in on a an or by be as at if my me i we our use using'.split(
    ' ',
  ),
);

export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((word) => word.length > 2 && !STOP_WORDS.has(word));
}

/** The folder of sample pages, found from the compiled or the source location alike. */
export function defaultDocsDir(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the emulator');
    dir = parent;
  }
  return path.join(dir, 'test', 'emulator', 'docs');
}

export class DocsIndex {
  private readonly pages = new Map<string, DocPage>();

  static fromFolder(folder: string): DocsIndex {
    const index = new DocsIndex();
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(full);
        // The live service's pages are MDX; some here are plain Markdown.
        else if (/\.mdx?$/.test(entry.name)) {
          const pagePath = path
            .relative(folder, full)
            .split(path.sep)
            .join('/')
            .replace(/\.mdx?$/, '');
          index.add(pagePath, fs.readFileSync(full));
        }
      }
    };
    visit(folder);
    return index;
  }

  add(pagePath: string, content: string | Buffer, groups?: readonly string[]): DocPage {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const text = bytes.toString('utf8');
    // An MDX page's title is in its front matter; a Markdown page's is its first heading.
    const title = (/^---\n(?:.*\n)*?title:\s*["']?(.+?)["']?\s*\n/.exec(text)?.[1] ?? /^#\s+(.+)$/m.exec(text)?.[1])?.trim() ?? pagePath;
    const marked = (name: string) => new RegExp(`<!--\\s*${name}:\\s*(.+?)\\s*-->`).exec(text)?.[1];
    const version = marked('version') ?? 'v2';
    const language = marked('language') ?? 'en';
    const tags = (marked('tags') ?? '').split(/[\s,]+/).filter(Boolean);
    const page: DocPage = { path: pagePath, title, bytes, text, version, language, tags, ...(groups ? { groups } : {}) };
    this.pages.set(pagePath, page);
    return page;
  }

  /** Takes a page a test added away again. */
  remove(pagePath: string): void {
    this.pages.delete(pagePath);
  }

  /** Exactly the path asked for; a leading slash is the only thing forgiven. */
  get(pagePath: string): DocPage | undefined {
    return this.pages.get(pagePath) ?? (pagePath.startsWith('/') ? this.pages.get(pagePath.slice(1)) : undefined);
  }

  all(): DocPage[] {
    return [...this.pages.values()];
  }

  /** The `limit` pages that share the most words with the query; at least one page (the assistant always finds something). */
  search(query: string, limit: number): DocPage[] {
    const scored = this.scored(query);
    const relevant = scored.filter((entry) => entry.score > 0);
    return (relevant.length > 0 ? relevant : scored.slice(0, 1)).slice(0, limit).map((entry) => entry.page);
  }

  /**
   * The pages that hold every word of the query (the last one may be half typed), best first; none
   * when none does. More words, fewer pages, as a search box should behave.
   */
  matching(query: string): DocPage[] {
    const wanted = words(query);
    if (wanted.length === 0) return [];
    return this.scored(query, true)
      .filter(({ page }) => {
        const have = words(`${page.title} ${page.text}`);
        return wanted.every((want) => have.some((word) => word.startsWith(want)));
      })
      .map((entry) => entry.page);
  }

  private scored(query: string, prefixes = false): { page: DocPage; score: number }[] {
    const wanted = words(query);
    const hit = (word: string) => wanted.some((want) => word === want || (prefixes && word.startsWith(want)));
    return this.all()
      .map((page) => {
        let score = 0;
        for (const word of words(page.text)) if (hit(word)) score += 1;
        for (const word of words(page.title)) if (hit(word)) score += 5;
        return { page, score };
      })
      .sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path));
  }
}
