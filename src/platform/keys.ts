// The platform has two kinds of key, told apart by prefix. Each interface takes only its own.

export type KeyKind = 'adminKey' | 'assistantKey';

const ASSISTANT_PREFIX = 'svc_dsc_';
const ADMIN_PREFIX = 'svc_';

export const keyLabels: Readonly<Record<KeyKind, string>> = {
  adminKey: 'admin key',
  assistantKey: 'assistant key',
};

export const keyPrefixDescriptions: Readonly<Record<KeyKind, string>> = {
  adminKey: `starts with "${ADMIN_PREFIX}" but not "${ASSISTANT_PREFIX}"`,
  assistantKey: `starts with "${ASSISTANT_PREFIX}"`,
};

export function kindOfKey(key: string): KeyKind | undefined {
  if (key.startsWith(ASSISTANT_PREFIX)) return 'assistantKey';
  if (key.startsWith(ADMIN_PREFIX)) return 'adminKey';
  return undefined;
}

/**
 * Why `key` cannot be used as a key of kind `expected`, as a sentence; undefined when it can.
 * The sentence never repeats the key.
 */
export function keyProblem(expected: KeyKind, key: string): string | undefined {
  const label = keyLabels[expected];
  if (key.length === 0) return `The ${label} is empty.`;
  // A key goes into an HTTP header: whitespace or control characters would corrupt the request.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\s\x00-\x1f\x7f]/.test(key)) return `The ${label} contains spaces or control characters; paste it again.`;
  // Smart quotes, zero-width spaces and the like come with copying from documents; no header carries them.
  if (/[^\x21-\x7e]/.test(key))
    return `The ${label} contains characters a key never has (such as curly quotes or invisible spaces); copy it again from the dashboard.`;
  const actual = kindOfKey(key);
  if (actual === expected) {
    const prefix = expected === 'assistantKey' ? ASSISTANT_PREFIX : ADMIN_PREFIX;
    return key.length > prefix.length ? undefined : `The ${label} has nothing after its prefix.`;
  }
  if (actual) {
    return `That is an ${keyLabels[actual]}, but an ${label} is expected here: an ${label} ${keyPrefixDescriptions[expected]}.`;
  }
  return `That does not look like an ${label}: an ${label} ${keyPrefixDescriptions[expected]}.`;
}
