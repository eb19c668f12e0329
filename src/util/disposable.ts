// A base for objects that own disposables: everything registered goes when the owner goes.
// Structurally the same as vscode.Disposable, so it needs no import of `vscode`.

export interface DisposableLike {
  dispose(): unknown;
}

export abstract class Disposable implements DisposableLike {
  private readonly owned: DisposableLike[] = [];
  private disposed = false;

  protected register<T extends DisposableLike>(disposable: T): T {
    if (this.disposed) disposable.dispose();
    else this.owned.push(disposable);
    return disposable;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const disposable of this.owned.splice(0).reverse()) disposable.dispose();
  }
}

/** A minimal event emitter for the vscode-free core, shaped like vscode.Event. */
export class Emitter<T> implements DisposableLike {
  private listeners = new Set<(value: T) => void>();

  readonly event = (listener: (value: T) => void): DisposableLike => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  dispose(): void {
    this.listeners.clear();
  }
}
