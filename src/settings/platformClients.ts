// The platform client for the base URL in force. A new client is made when the base URL changes,
// and each client reads keys for its own origin only.

import { PlatformClient } from '../platform/client';
import type { Logger } from '../platform/logger';
import { Disposable } from '../util/disposable';
import type { KeyStore } from './keyStore';
import type { SettingsService } from './settingsService';

export class PlatformClients extends Disposable {
  private cached: { baseUrl: string; client: PlatformClient } | undefined;

  constructor(
    private readonly settings: SettingsService,
    private readonly keys: KeyStore,
    private readonly log: Logger,
    private readonly userAgent: string,
  ) {
    super();
    this.register({ dispose: () => void this.cached?.client.dispose() });
  }

  /** The client for the base URL in force now. */
  current(): PlatformClient {
    const baseUrl = this.settings.current.baseUrl;
    if (this.cached?.baseUrl === baseUrl) return this.cached.client;
    void this.cached?.client.dispose();
    const client: PlatformClient = new PlatformClient({
      baseUrl,
      logger: this.log,
      userAgent: this.userAgent,
      // Bound to this client's origin: switching the base URL can never carry a key across.
      keys: async (kind) => (client.origin ? this.keys.get(client.origin, kind) : undefined),
    });
    this.cached = { baseUrl, client };
    return client;
  }
}
