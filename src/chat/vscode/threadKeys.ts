// Thread keys in VS Code's SecretStorage. A key grants access to its conversation, so it is kept
// with the API keys, not in workspace state. When secret storage fails, the chat goes on: the key
// lives in memory, and after a reload the thread is simply started anew.

import type * as vscode from 'vscode';
import { storageKeys } from '../../identifiers';
import type { Logger } from '../../log/logger';
import { threadKeyName, type ThreadKeyStore, type ThreadRef } from '../chatThread';

export class SecretThreadKeys implements ThreadKeyStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Logger,
  ) {}

  async get(thread: ThreadRef): Promise<string | undefined> {
    return this.attempt('read', () => this.secrets.get(secretName(thread))).then((key) => key || undefined);
  }

  async store(thread: ThreadRef, key: string): Promise<void> {
    await this.attempt('store', () => this.secrets.store(secretName(thread), key));
  }

  async delete(thread: ThreadRef): Promise<void> {
    await this.attempt('delete', () => this.secrets.delete(secretName(thread)));
  }

  private async attempt<T>(action: string, run: () => Thenable<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      this.log.warn(
        `Could not ${action} the conversation's thread key in secret storage (${error instanceof Error ? error.message : String(error)}); the conversation goes on without it.`,
      );
      return undefined;
    }
  }
}

function secretName(thread: ThreadRef): string {
  return storageKeys.threadKeyPrefix + threadKeyName(thread);
}
