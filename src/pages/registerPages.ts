// The pages feature: page documents served from a cache, and Open Page / Refresh Page.

import type * as vscode from 'vscode';
import { fail, platformError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import type { KeyStore } from '../settings/keyStore';
import type { PlatformClients } from '../settings/platformClients';
import type { SettingsService } from '../settings/settingsService';
import { PageCache } from './pageCache';
import { registerPageCommands } from './pageCommands';
import { PageDocuments } from './pageDocuments';

export interface PagesDeps {
  readonly clients: PlatformClients;
  readonly settings: SettingsService;
  readonly keys: KeyStore;
  readonly log: Logger;
}

export function registerPages(context: vscode.ExtensionContext, { clients, settings, keys, log }: PagesDeps): PageDocuments {
  const cache = new PageCache(({ origin, domain, path }, options) => {
    const client = clients.current();
    if (client.origin !== origin)
      return Promise.resolve(
        fail(platformError('invalidRequest', 'The base URL changed while the page was being fetched. Open it again.')),
      );
    return client.retrievePage(domain, path, options);
  });
  const pages = new PageDocuments(cache, settings, log);
  // Pages read with keys that are gone, or replaced, are not served again.
  context.subscriptions.push(
    pages,
    keys.onDidChange(() => cache.clear()),
  );
  registerPageCommands(context, pages);
  return pages;
}
