// The platform has two kinds of key, told apart by prefix. Each interface takes only its own.

import * as l10n from '@vscode/l10n';

export type KeyKind = 'adminKey' | 'assistantKey';

/** What each kind of key starts with: an assistant key's prefix is the longer, so it is tried first. */
export const ASSISTANT_PREFIX = 'svc_dsc_';
export const ADMIN_PREFIX = 'svc_';

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
  const admin = expected === 'adminKey';
  if (key.length === 0) return admin ? l10n.t('The admin key is empty.') : l10n.t('The assistant key is empty.');
  // A key goes into an HTTP header: whitespace or control characters would corrupt the request.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\s\x00-\x1f\x7f]/.test(key))
    return admin
      ? l10n.t('The admin key contains spaces or control characters; paste it again.')
      : l10n.t('The assistant key contains spaces or control characters; paste it again.');
  // Smart quotes, zero-width spaces and the like come with copying from documents; no header carries them.
  if (/[^\x21-\x7e]/.test(key))
    return admin
      ? l10n.t(
          'The admin key contains characters a key never has (such as curly quotes or invisible spaces); copy it again from the dashboard.',
        )
      : l10n.t(
          'The assistant key contains characters a key never has (such as curly quotes or invisible spaces); copy it again from the dashboard.',
        );
  const actual = kindOfKey(key);
  if (actual === expected) {
    const prefix = admin ? ADMIN_PREFIX : ASSISTANT_PREFIX;
    if (key.length > prefix.length) return undefined;
    return admin ? l10n.t('The admin key has nothing after its prefix.') : l10n.t('The assistant key has nothing after its prefix.');
  }
  if (actual) {
    return admin
      ? l10n.t(
          'That is an assistant key, but an admin key is expected here: an admin key starts with "{0}" but not "{1}".',
          ADMIN_PREFIX,
          ASSISTANT_PREFIX,
        )
      : l10n.t('That is an admin key, but an assistant key is expected here: an assistant key starts with "{0}".', ASSISTANT_PREFIX);
  }
  return admin
    ? l10n.t('That does not look like an admin key: an admin key starts with "{0}" but not "{1}".', ADMIN_PREFIX, ASSISTANT_PREFIX)
    : l10n.t('That does not look like an assistant key: an assistant key starts with "{0}".', ASSISTANT_PREFIX);
}
