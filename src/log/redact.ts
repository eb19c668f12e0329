// Secrets must never reach a log, a report or an error message, even when a server echoes one back:
// platform keys, bearer tokens, and the user information of a web address (a proxy's password).

/**
 * A key's own characters: Latin letters (accents too), digits, `_` and `-`. A key pasted with a
 * curly quote, a no-break or invisible space, a dot or a slash inside is still a key, all of it:
 * such a character belongs to the key when more of the key follows it. Anything else ends it, so
 * that a sentence goes on after a key it names, in Japanese too (`「svc_dsc_」で始まる`).
 */
const KEY_PATTERN =
  /svc_(?:[\p{Script=Latin}\p{N}\p{M}_-]|[.~+/=\u00a0\u200b-\u200d\u2060\ufeff\u2018\u2019\u201c\u201d](?=[\p{Script=Latin}\p{N}\p{M}_-]))*/gu;
/** The words that describe a key ("it starts with svc_dsc_."), which are no key, a sentence's stop after them. */
const PREFIXES: ReadonlySet<string> = new Set(['svc_', 'svc_dsc', 'svc_dsc_']);
const BEARER_PATTERN = /(Bearer[ \t]+)[^ \t\r\n"',;]+/gi;
/** A web address's user information: from its scheme to the last `@` of the address, whatever it holds. */
const USER_INFO_PATTERN = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s"'<>]*@/gi;

/** Replaces anything shaped like a platform key, a bearer token or an address's credentials with a marker that keeps its kind. */
export function redactSecrets(text: string): string {
  return text
    .replace(KEY_PATTERN, (key) =>
      PREFIXES.has(key.replace(/[.:!?)\]]+$/, '')) ? key : key.startsWith('svc_dsc_') ? 'svc_dsc_[redacted]' : 'svc_[redacted]',
    )
    .replace(BEARER_PATTERN, '$1[redacted]')
    .replace(USER_INFO_PATTERN, '$1[redacted]@');
}
