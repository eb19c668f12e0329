// Where requests go: the base URL, checked once, and paths built so that no parameter can
// change which resource is addressed.

import * as l10n from '@vscode/l10n';
import { fail, ok, platformError, type Result } from './errors';

export interface BaseUrl {
  /** `https://host:port`, what keys are stored under. */
  readonly origin: string;
  /** Any path the base URL carries, without a trailing slash (`''` or `/api`). */
  readonly pathPrefix: string;
}

/** Parses the `docsAssistant.baseUrl` setting; the error says what is wrong with it in words. */
export function parseBaseUrl(raw: string): Result<BaseUrl> {
  const text = raw.trim();
  if (text === '') {
    return fail(platformError('notConfigured', l10n.t('The platform base URL is not set.'), { setting: 'baseUrl' }));
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(badBaseUrl(l10n.t('The platform base URL is not valid: "{0}" is not a URL.', text)));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail(badBaseUrl(l10n.t('The platform base URL is not valid: it must start with https://, not {0}//.', url.protocol)));
  }
  // Over plain http the keys would cross the network readable by anyone on the way.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return fail(
      badBaseUrl(
        l10n.t(
          'The platform base URL is not valid: it must start with https://; http:// is allowed only for this machine (localhost, 127.0.0.1 or [::1]), since keys would otherwise travel in the clear.',
        ),
      ),
    );
  }
  if (url.username || url.password)
    return fail(badBaseUrl(l10n.t('The platform base URL is not valid: it must not contain a user name or password.')));
  if (url.search || url.hash)
    return fail(badBaseUrl(l10n.t('The platform base URL is not valid: it must not contain a query (?) or fragment (#).')));
  return ok({ origin: url.origin, pathPrefix: url.pathname.replace(/\/+$/, '') });
}

/**
 * This machine, named so that no lookup can send it elsewhere: `localhost` (which Node resolves
 * from the hosts file) and the two loopback addresses. Not names under `.localhost`: Node asks
 * the network's DNS for those, and a hostile answer would carry the key to another machine.
 */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** The origin keys and conversations belong to, or undefined when the base URL is unset or not valid. */
export function originOf(baseUrl: string): string | undefined {
  const parsed = parseBaseUrl(baseUrl);
  return parsed.ok ? parsed.value.origin : undefined;
}

/** `message`: the whole sentence, "The platform base URL is not valid: …". */
function badBaseUrl(message: string) {
  return platformError('notConfigured', message, { setting: 'baseUrl' });
}

/**
 * Encodes one path segment. encodeURIComponent leaves `.` alone, and a segment of only dots
 * would be resolved as `.` or `..` by anything that normalises the URL; encoding the dots keeps
 * it a literal name where the path is sent as is (undici). fetch parses the URL and reads `%2E%2E`
 * as `..` all the same, so the client refuses `.` and `..` as parameters before any call.
 */
export function encodeSegment(value: string): string {
  const encoded = encodeURIComponent(value);
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

/** Joins literal path text with parameters: path`/v2/agent/${projectId}/job/${id}`. */
export function path(literals: TemplateStringsArray, ...params: string[]): string {
  return literals.reduce((out, literal, i) => out + literal + (i < params.length ? encodeSegment(params[i]) : ''), '');
}
