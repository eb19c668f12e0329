// Runs tasks one after another, each after the one before has settled. A task that fails is
// reported and does not stop the ones after it: one bad run must not poison the queue for good.

export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Resolves when `task` has run; never rejects. */
  run(task: () => Promise<void>): Promise<void> {
    const next = this.tail.then(task).catch((error: unknown) => this.onError(error));
    this.tail = next;
    return next;
  }
}
