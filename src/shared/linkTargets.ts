// Where a link from an answer, a source or a suggestion may lead. One rule for the webview (which
// renders only links that pass it) and the extension (which checks again before opening): the
// web over http(s), or a path of the documentation site. No other scheme, and no `//host` links.

import { safeDecode } from './safeDecode';

export type LinkTarget =
  /** A path of the documentation site, without query or fragment: opened as a page in the editor. */
  | { readonly kind: 'sitePath'; readonly path: string }
  /** An http(s) address: a page of the site if it names one, else the browser. */
  | { readonly kind: 'web'; readonly url: string }
  | { readonly kind: 'refused'; readonly reason: string };

export function linkTarget(raw: string): LinkTarget {
  const link = raw.trim();
  if (/^https?:\/\//i.test(link)) return { kind: 'web', url: link };
  if (/^[^/?#]*:/.test(link)) return { kind: 'refused', reason: 'only http and https links are opened' };
  if (link.startsWith('//') || link.startsWith('\\')) return { kind: 'refused', reason: 'a link to another host must say https://' };
  // Markdown percent-encodes what it renders (`café` becomes `caf%C3%A9`); the page is named as written.
  const path = link
    .replace(/[?#].*$/, '')
    .split('/')
    .map(safeDecode)
    .join('/');
  return { kind: 'sitePath', path };
}

/** Whether a link may be rendered as a link at all. */
export function isSafeLink(raw: string): boolean {
  return linkTarget(raw).kind !== 'refused';
}
