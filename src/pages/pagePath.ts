// Page paths and the URIs of page documents: `docs-assistant:/<page path>.md`. The mapping is
// exact both ways, so the chat can recover a page's path from its document.

import * as l10n from '@vscode/l10n';
import { fail, ok, platformError, type Result } from '../platform/errors';
import { trimSlashes } from '../util/paths';
import { safeDecode } from '../shared/safeDecode';

const SUFFIX = '.md';

/**
 * What the user typed: a page path, or the full URL of a page, reduced to its path. Nothing
 * else is normalised: `..` and spaces are sent exactly as given.
 */
export function pagePathFromInput(input: string): Result<string> {
  const text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return fail(platformError('invalidRequest', l10n.t('"{0}" is not a valid URL.', text)));
    }
    const path = trimSlashes(
      url.pathname
        .split('/')
        .map((segment) => safeDecode(segment))
        .join('/'),
    );
    return path === '' ? fail(platformError('invalidRequest', l10n.t('The URL {0} has no page path.', text))) : ok(path);
  }
  const path = text.replace(/^\/+/, '');
  return path === ''
    ? fail(platformError('invalidRequest', l10n.t('Type a page path such as guides/getting-started, or paste the URL of a page.')))
    : ok(path);
}

/** What the user typed, and the heading it names after `#`, if any (`guides/chat#threads`). */
export function pageTargetFromInput(input: string): Result<{ readonly path: string; readonly anchor?: string }> {
  const text = input.trim();
  const hash = text.indexOf('#');
  const anchor = hash >= 0 ? safeDecode(text.slice(hash + 1)) : '';
  const parsed = pagePathFromInput(hash >= 0 ? text.slice(0, hash) : text);
  if (!parsed.ok) return parsed;
  return ok(anchor === '' ? { path: parsed.value } : { path: parsed.value, anchor });
}

/** The path of the page a document URI shows: `/guides/chat.md` → `guides/chat`. */
export function pagePathOfUriPath(uriPath: string): string | undefined {
  if (!uriPath.startsWith('/') || !uriPath.endsWith(SUFFIX) || uriPath.length <= SUFFIX.length + 1) return undefined;
  return uriPath.slice(1, -SUFFIX.length);
}

export function uriPathOfPage(pagePath: string): string {
  return `/${pagePath}${SUFFIX}`;
}
