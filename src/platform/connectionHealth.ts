// How the platform's exchanges have been going, from what each one ended with: whether the network
// is failing (no answer at all: no route, a proxy, a certificate, a timeout) and which keys the
// platform refused (401). The status bar says so while it lasts; the next exchange that gets
// through, or a key set anew, ends it.

import type { PlatformError } from './errors';
import type { KeyKind } from './keys';
import { Emitter } from '../util/disposable';

/**
 * What one exchange ended with, once its response headers came: the platform's answer, or why
 * there was none. A body that stalls or breaks off after that is the call's own failure, not told.
 */
export type ExchangeOutcome = { readonly status: number } | { readonly error: PlatformError };

export interface Health {
  /** The last failed exchange's sentence, while no exchange has got through since. */
  readonly networkProblem?: PlatformError;
  /** The keys the platform refused, each until an exchange with it succeeds or it is set anew. */
  readonly refused: readonly KeyKind[];
}

export class ConnectionHealth {
  private readonly changes = new Emitter<Health>();
  readonly onDidChange = this.changes.event;
  private health: Health = { refused: [] };

  get current(): Health {
    return this.health;
  }

  /** An exchange with `keyKind` ended with `outcome`. */
  observe(keyKind: KeyKind, outcome: ExchangeOutcome): void {
    if ('error' in outcome) {
      const { kind } = outcome.error;
      if (kind === 'network' || kind === 'timeout') this.set({ ...this.health, networkProblem: outcome.error });
      return;
    }
    // Any answer but a 401 means the key was taken (a 404 too: Check Connection reads it so).
    const refused = this.health.refused.filter((kind) => kind !== keyKind);
    if (outcome.status === 401) refused.push(keyKind);
    this.set({ refused });
  }

  /** Another platform now: what was known of the last one says nothing of it. */
  reset(): void {
    this.set({ refused: [] });
  }

  /** A key was set or cleared: whether the platform takes it is not known until it is used. */
  keysChanged(): void {
    if (this.health.refused.length > 0) this.set({ ...this.health, refused: [] });
  }

  dispose(): void {
    this.changes.dispose();
  }

  private set(health: Health): void {
    const same =
      health.networkProblem?.message === this.health.networkProblem?.message &&
      health.refused.length === this.health.refused.length &&
      health.refused.every((kind) => this.health.refused.includes(kind));
    this.health = health;
    if (!same) this.changes.fire(health);
  }
}
