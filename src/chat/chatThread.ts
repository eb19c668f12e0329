// The conversation's thread on the platform: its id, saved with the conversation, and its key, a
// secret kept in the key store (SecretStorage) and in memory, never saved with the conversation.
// Every change to either goes through here, so the id and its stored key never drift apart.
//
// A thread belongs to the platform (base-URL origin) that made it, and its key is kept under that
// origin with its id, as API keys are: another platform that names the same id as its own thread
// is never sent this one's key, and a thread never continues across origins.

/** A thread of the platform at `origin`. */
export interface ThreadRef {
  readonly origin: string;
  readonly id: string;
}

/** Thread keys in secret storage, by origin and thread id. Failures are the store's to log; the chat goes on without. */
export interface ThreadKeyStore {
  get(thread: ThreadRef): Promise<string | undefined>;
  store(thread: ThreadRef, key: string): Promise<void>;
  delete(thread: ThreadRef): Promise<void>;
}

/** What a turn sends to go on in the thread. */
export interface ThreadFields {
  readonly threadId: string;
  readonly threadKey?: string;
}

export class ChatThread {
  private key: string | undefined;
  /** Whether the key of this thread was looked for in the store (after a reload, it is there). */
  private keyKnown = false;

  constructor(
    private readonly keys: ThreadKeyStore,
    private current?: ThreadRef,
  ) {}

  get id(): string | undefined {
    return this.current?.id;
  }

  /**
   * The id and key the next turn to `origin` sends; undefined while there is no thread yet, or
   * when the thread is another origin's.
   */
  async forNextTurn(origin: string): Promise<ThreadFields | undefined> {
    const thread = this.current;
    if (thread === undefined || thread.origin !== origin) return undefined;
    if (!this.keyKnown) {
      const key = await this.keys.get(thread);
      // The thread may have been forgotten, or replaced, while the store was read.
      if (this.current === thread) {
        this.key = key;
        this.keyKnown = true;
      }
    }
    return { threadId: thread.id, ...(this.key === undefined ? {} : { threadKey: this.key }) };
  }

  /** A thread the platform at `origin` has just made: its id and (when it sent one) its key, which is stored. */
  adopt(origin: string, threadId: string, key: string | undefined): void {
    this.current = { origin, id: threadId };
    this.key = key;
    this.keyKnown = true;
    if (key !== undefined) void this.keys.store(this.current, key);
  }

  /** Forgets the thread: its key is deleted from the store. */
  async forget(): Promise<void> {
    const thread = this.current;
    this.current = undefined;
    this.key = undefined;
    this.keyKnown = false;
    if (thread !== undefined) await this.keys.delete(thread);
  }

  /** Whether the store holds this thread's key (the key itself stays there). */
  async hasStoredKey(): Promise<boolean> {
    return this.current !== undefined && (await this.keys.get(this.current)) !== undefined;
  }
}

/** A store that keeps keys in memory only, for a conversation that is not saved (and for tests). */
export function memoryThreadKeys(): ThreadKeyStore & { readonly keys: Map<string, string> } {
  const keys = new Map<string, string>();
  const name = threadKeyName;
  return {
    keys,
    get: (thread) => Promise.resolve(keys.get(name(thread))),
    store: (thread, key) => Promise.resolve(void keys.set(name(thread), key)),
    delete: (thread) => Promise.resolve(void keys.delete(name(thread))),
  };
}

/** One name per origin and thread: an origin holds no `|`, so no two pairs share a name. */
export function threadKeyName(thread: ThreadRef): string {
  return `${thread.origin}|${thread.id}`;
}
