// Keys live in VS Code's SecretStorage, one entry per key kind and base-URL origin, so a key saved
// for one origin can never be read, let alone sent, for another.

import * as vscode from 'vscode';
import { storageKeys } from '../../identifiers';
import type { KeyKind } from '../../platform/keys';
import { Disposable } from '../../util/disposable';

const KEY_KINDS: readonly KeyKind[] = ['adminKey', 'assistantKey'];

/** SecretStorage failed: usually no keyring on Linux. The message says what to do. */
export class KeyStorageError extends Error {
  constructor(action: 'read' | 'store' | 'delete', cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const failed =
      action === 'read'
        ? vscode.l10n.t('VS Code could not read the key in its secret storage ({0}).', reason)
        : action === 'store'
          ? vscode.l10n.t('VS Code could not store the key in its secret storage ({0}).', reason)
          : vscode.l10n.t('VS Code could not delete the key in its secret storage ({0}).', reason);
    super(
      `${failed} ${vscode.l10n.t(
        'On Linux this needs a running keyring such as GNOME Keyring or KWallet: start one, or choose a password store with "Preferences: Configure Runtime Arguments" (argv.json, "password-store"), then restart VS Code. Stored keys were not changed.',
      )}`,
    );
    this.name = 'KeyStorageError';
  }
}

export class KeyStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when any Docs Assistant key changes, in this window or another. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    // Only the API keys: the chat keeps thread keys in the same storage.
    this.register(
      secrets.onDidChange((event) => KEY_KINDS.some((kind) => event.key.startsWith(storageKeys.apiKey(kind, ''))) && this.changed.fire()),
    );
  }

  /** The key, or undefined when none is stored. Throws KeyStorageError when storage fails. */
  async get(origin: string, kind: KeyKind): Promise<string | undefined> {
    try {
      return (await this.secrets.get(storageKeys.apiKey(kind, origin))) || undefined;
    } catch (error) {
      throw new KeyStorageError('read', error);
    }
  }

  async store(origin: string, kind: KeyKind, key: string): Promise<void> {
    try {
      await this.secrets.store(storageKeys.apiKey(kind, origin), key);
    } catch (error) {
      throw new KeyStorageError('store', error);
    }
  }

  async delete(origin: string, kind: KeyKind): Promise<void> {
    try {
      await this.secrets.delete(storageKeys.apiKey(kind, origin));
    } catch (error) {
      throw new KeyStorageError('delete', error);
    }
  }
}
