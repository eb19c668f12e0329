// Thread keys in VS Code's SecretStorage. A key grants access to its conversation, so it is kept
// with the API keys, not in workspace state. When secret storage fails, the chat goes on: the key
// lives in memory, and after a reload the thread is simply started anew.

import type * as vscode from 'vscode';
import { storageKeys } from '../../identifiers';
import type { Logger } from '../../platform/logger';
import type { ThreadKeyStore } from '../chatThread';

export class SecretThreadKeys implements ThreadKeyStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Logger,
  ) {}

  async get(threadId: string): Promise<string | undefined> {
    return this.attempt('read', () => this.secrets.get(storageKeys.threadKeyPrefix + threadId)).then((key) => key || undefined);
  }

  async store(threadId: string, key: string): Promise<void> {
    await this.attempt('store', () => this.secrets.store(storageKeys.threadKeyPrefix + threadId, key));
  }

  async delete(threadId: string): Promise<void> {
    await this.attempt('delete', () => this.secrets.delete(storageKeys.threadKeyPrefix + threadId));
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
