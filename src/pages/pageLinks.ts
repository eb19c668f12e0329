// Where a link in a documentation page leads, as the site would take it: another page (`/guides/x`,
// `guides/x`, `../x`, with or without `.md`/`.mdx` and `#anchor`), the web over http(s), or
// nowhere (any other scheme, `//host`). The same rule as the chat's links (linkTarget).
// The preview's plugin, the editor's links and the tests use it.

import { linkTarget } from '../shared/linkTargets';
import { safeDecode } from '../shared/safeDecode';

export type PageLink =
  | { readonly kind: 'page'; readonly path: string; readonly anchor?: string }
  | { readonly kind: 'web'; readonly url: string }
  | { readonly kind: 'inert'; readonly reason: string };

/** A page already resolved (by a link between pages, a link into VS Code): Open Page opens it as it is. */
export interface PageTarget {
  readonly page: string;
  readonly anchor?: string;
}

/** A base that only relative paths resolve against: the site's own paths are all that is kept. */
const SITE = 'https://site.invalid/';

/** Where `href`, written in the page `fromPage` (`guides/chat`), leads. */
export function pageLink(href: string, fromPage: string): PageLink {
  const raw = href.trim();
  const target = linkTarget(raw);
  if (target.kind === 'refused') return { kind: 'inert', reason: target.reason };
  if (target.kind === 'web') {
    try {
      return { kind: 'web', url: new URL(target.url).toString() };
    } catch {
      return { kind: 'inert', reason: 'it is not a valid address' };
    }
  }
  const hash = raw.indexOf('#');
  const anchor = hash >= 0 ? safeDecode(raw.slice(hash + 1)) : '';
  const pathPart = raw.replace(/[?#].*$/, '');
  let path: string;
  if (pathPart === '') path = fromPage;
  else {
    // A page `guides/chat` is at `/guides/chat` on the site: a relative link resolves from there.
    const resolved = new URL(pathPart, `${SITE}${fromPage.split('/').map(encodeURIComponent).join('/')}`);
    if (resolved.origin !== new URL(SITE).origin) return { kind: 'inert', reason: 'a link to another host must say https://' };
    path = resolved.pathname
      .split('/')
      .map(safeDecode)
      .join('/')
      .replace(/^\/+|\/+$/g, '')
      .replace(/\.mdx?$/i, '');
  }
  if (path === '') return { kind: 'inert', reason: 'it names no page' };
  return anchor === '' ? { kind: 'page', path } : { kind: 'page', path, anchor };
}

/**
 * The same link written relative to the page document of `fromPage` (`/guides/chat.md`), as VS
 * Code's Markdown preview resolves links: `../reference/retry.md#limits`.
 */
export function relativeDocumentHref(link: { readonly path: string; readonly anchor?: string }, fromPage: string): string {
  const from = fromPage.split('/').slice(0, -1);
  const to = link.path.split('/');
  let shared = 0;
  while (shared < from.length && shared < to.length - 1 && from[shared] === to[shared]) shared++;
  const up = from.slice(shared).map(() => '..');
  const relative = [...up, ...to.slice(shared)].map(encodeURIComponent).join('/');
  const href = `${up.length === 0 ? './' : ''}${relative}.md`;
  return link.anchor ? `${href}#${encodeURIComponent(link.anchor)}` : href;
}
