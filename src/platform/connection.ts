// The connection to the platform: the client for the base URL in force, made anew when the base URL
// changes, each reading keys for its own origin only. What was meant for one origin (a question, a
// job's read, a prompt) goes through `forOrigin` or `at`, so it is never sent to another.

import * as l10n from '@vscode/l10n';
import { PlatformClient } from './client';
import type { ConnectionHealth } from './connectionHealth';
import { fail, ok, platformError, type Result } from './errors';
import type { KeyKind } from './keys';
import type { Logger } from '../log/logger';
import type { TransportFactory } from './transport';
import { Disposable } from '../util/disposable';

/** Where the connection reads the base URL in force and the keys stored for an origin. */
export interface ConnectionSource {
  baseUrl(): string;
  key(origin: string, kind: KeyKind): Promise<string | undefined>;
}

export interface ConnectionOptions {
  readonly source: ConnectionSource;
  /** Told how each exchange ended, whichever client made it. */
  readonly health?: ConnectionHealth;
  readonly log: Logger;
  readonly userAgent: string;
  readonly transport: TransportFactory;
}

export class PlatformConnection extends Disposable {
  private cached: { baseUrl: string; client: PlatformClient } | undefined;

  constructor(private readonly options: ConnectionOptions) {
    super();
    this.register({ dispose: () => void this.cached?.client.dispose() });
  }

  /** The client for the base URL in force now. */
  current(): PlatformClient {
    const { source, transport, log, userAgent } = this.options;
    const baseUrl = source.baseUrl();
    if (this.cached?.baseUrl === baseUrl) return this.cached.client;
    void this.cached?.client.dispose();
    const client: PlatformClient = new PlatformClient({
      baseUrl,
      transport,
      logger: log,
      userAgent,
      // Only the client in force speaks for the platform: a replaced one's late answers are another's.
      onExchange: (kind, outcome) => this.cached?.client === client && this.options.health?.observe(kind, outcome),
      // Bound to this client's origin: switching the base URL can never carry a key across.
      keys: async (kind) => (client.origin ? source.key(client.origin, kind) : undefined),
    });
    this.cached = { baseUrl, client };
    this.options.health?.reset();
    return client;
  }

  /**
   * The client, if the base URL in force is still at `origin`; otherwise a `notConfigured` error
   * and nothing sent. Undefined: nothing was meant for any origin, as while the base URL is not set.
   */
  forOrigin(origin: string | undefined): Result<PlatformClient> {
    const client = this.current();
    if (origin !== undefined && client.origin === origin) return ok(client);
    return fail(
      platformError(
        'notConfigured',
        origin === undefined
          ? l10n.t('The platform base URL is not set.')
          : l10n.t('The platform base URL changed from {0} while this was on its way; nothing was sent to the new one. Try again.', origin),
        { setting: 'baseUrl' },
      ),
    );
  }

  /** `call` with the client for `origin`, or `forOrigin`'s error with nothing sent. */
  at<T>(origin: string | undefined, call: (client: PlatformClient) => Promise<Result<T>>): Promise<Result<T>> {
    const client = this.forOrigin(origin);
    return client.ok ? call(client.value) : Promise.resolve(client);
  }
}
