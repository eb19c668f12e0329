// Keys must never reach a log or an error message, even when a server echoes one back.

const KEY_PATTERN = /\bsvc_[A-Za-z0-9_\-.~+/=]*/g;
const BEARER_PATTERN = /(Bearer\s+)[^\s"',;]+/gi;

/** Replaces anything shaped like a platform key or a bearer token with a marker that keeps its kind. */
export function redactSecrets(text: string): string {
  return text
    .replace(KEY_PATTERN, (key) => (key.startsWith('svc_dsc_') ? 'svc_dsc_[redacted]' : 'svc_[redacted]'))
    .replace(BEARER_PATTERN, '$1[redacted]');
}
