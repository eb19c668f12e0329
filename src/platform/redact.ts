// Keys must never reach a log or an error message, even when a server echoes one back.

// A key runs to the next ASCII space or quote, whatever it holds: a key pasted with a smart quote
// or an invisible space inside is still a key, all of it.
const KEY_PATTERN = /svc_[^ \t\r\n"'`<>,;]*/g;
/** The words that describe a key ("it starts with svc_dsc_."), which are no key, a sentence's stop after them. */
const PREFIXES: ReadonlySet<string> = new Set(['svc_', 'svc_dsc', 'svc_dsc_']);
const BEARER_PATTERN = /(Bearer[ \t]+)[^ \t\r\n"',;]+/gi;

/** Replaces anything shaped like a platform key or a bearer token with a marker that keeps its kind. */
export function redactSecrets(text: string): string {
  return text
    .replace(KEY_PATTERN, (key) =>
      PREFIXES.has(key.replace(/[.:!?)\]]+$/, '')) ? key : key.startsWith('svc_dsc_') ? 'svc_dsc_[redacted]' : 'svc_[redacted]',
    )
    .replace(BEARER_PATTERN, '$1[redacted]');
}
