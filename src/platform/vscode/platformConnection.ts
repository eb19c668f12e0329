// The connection to the platform: the client for the base URL in force, made anew when the base URL
// changes, each reading keys for its own origin only. What was meant for one origin (a question, a
// job's read, a prompt) goes through forOrigin, so it is never sent to another.

import * as vscode from 'vscode';
import { PlatformClient } from '../client';
import { fail, ok, platformError, type Result } from '../errors';
import type { Logger } from '../../log/logger';
import type { TransportFactory } from '../transport';
import { Disposable } from '../../util/disposable';
import type { KeyStore } from '../../settings/vscode/keyStore';
import type { SettingsService } from '../../settings/vscode/settingsService';

export class PlatformConnection extends Disposable {
  private cached: { baseUrl: string; client: PlatformClient } | undefined;

  constructor(
    private readonly settings: SettingsService,
    private readonly keys: KeyStore,
    private readonly log: Logger,
    private readonly userAgent: string,
    private readonly transport: TransportFactory,
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
      transport: this.transport,
      logger: this.log,
      userAgent: this.userAgent,
      // Bound to this client's origin: switching the base URL can never carry a key across.
      keys: async (kind) => (client.origin ? this.keys.get(client.origin, kind) : undefined),
    });
    this.cached = { baseUrl, client };
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
          ? vscode.l10n.t('The platform base URL is not set.')
          : vscode.l10n.t(
              'The platform base URL changed from {0} while this was on its way; nothing was sent to the new one. Try again.',
              origin,
            ),
        { setting: 'baseUrl' },
      ),
    );
  }
}
