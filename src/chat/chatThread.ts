// The conversation's thread on the platform: its id, saved with the conversation, and its key, a
// secret kept in the key store (SecretStorage) and in memory, never saved with the conversation.
// Every change to either goes through here, so the id and its stored key never drift apart.

/** Thread keys in secret storage, by thread id. Failures are the store's to log; the chat goes on without. */
export interface ThreadKeyStore {
  get(threadId: string): Promise<string | undefined>;
  store(threadId: string, key: string): Promise<void>;
  delete(threadId: string): Promise<void>;
}

/** What a turn sends to go on in the thread. */
export interface ThreadFields {
  readonly threadId: string;
  readonly threadKey?: string;
}

export class ChatThread {
  private key: string | undefined;
  /** Whether the key of this id was looked for in the store (after a reload, it is there). */
  private keyKnown = false;

  constructor(
    private readonly keys: ThreadKeyStore,
    private current?: string,
  ) {}

  get id(): string | undefined {
    return this.current;
  }

  /** The id and key the next turn sends; undefined while there is no thread yet. */
  async forNextTurn(): Promise<ThreadFields | undefined> {
    const threadId = this.current;
    if (threadId === undefined) return undefined;
    if (!this.keyKnown) {
      const key = await this.keys.get(threadId);
      // The thread may have been forgotten, or replaced, while the store was read.
      if (this.current === threadId) {
        this.key = key;
        this.keyKnown = true;
      }
    }
    return { threadId, ...(this.key === undefined ? {} : { threadKey: this.key }) };
  }

  /** A thread the platform has just made: its id and (when it sent one) its key, which is stored. */
  adopt(threadId: string, key: string | undefined): void {
    this.current = threadId;
    this.key = key;
    this.keyKnown = true;
    if (key !== undefined) void this.keys.store(threadId, key);
  }

  /** Forgets the thread: its key is deleted from the store. */
  async forget(): Promise<void> {
    const threadId = this.current;
    this.current = undefined;
    this.key = undefined;
    this.keyKnown = false;
    if (threadId !== undefined) await this.keys.delete(threadId);
  }

  /** Whether the store holds this thread's key (the key itself stays there). */
  async hasStoredKey(): Promise<boolean> {
    return this.current !== undefined && (await this.keys.get(this.current)) !== undefined;
  }
}

/** A store that keeps keys in memory only, for a conversation that is not saved (and for tests). */
export function memoryThreadKeys(): ThreadKeyStore & { readonly keys: Map<string, string> } {
  const keys = new Map<string, string>();
  return {
    keys,
    get: (threadId) => Promise.resolve(keys.get(threadId)),
    store: (threadId, key) => Promise.resolve(void keys.set(threadId, key)),
    delete: (threadId) => Promise.resolve(void keys.delete(threadId)),
  };
}
