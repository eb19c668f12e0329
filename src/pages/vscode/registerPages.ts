// The pages feature: page documents served from a cache, links between them, and their commands.

import * as vscode from 'vscode';
import { pageScheme } from '../../identifiers';
import type { Logger } from '../../log/logger';
import type { KeyStore } from '../../settings/vscode/keyStore';
import type { PlatformConnection } from '../../platform/connection';
import type { SettingsService } from '../../settings/vscode/settingsService';
import { PageCache } from '../pageCache';
import { registerPageCommands } from './pageCommands';
import { PageDocuments } from './pageDocuments';
import { PageLinkProvider } from './pageLinkProvider';

export interface PagesDeps {
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly keys: KeyStore;
  readonly log: Logger;
}

export function registerPages(context: vscode.ExtensionContext, { platform, settings, keys, log }: PagesDeps): PageDocuments {
  const cache = new PageCache(({ origin, domain, path }, options) => {
    const client = platform.forOrigin(origin);
    return client.ok ? client.value.discovery.page(domain, path, options) : Promise.resolve(client);
  });
  const pages = new PageDocuments(cache, settings, log);
  // Pages read with keys that are gone, or replaced, are not served again.
  context.subscriptions.push(
    pages,
    keys.onDidChange(() => cache.clear()),
  );
  registerPageCommands(context, pages, settings);
  context.subscriptions.push(vscode.languages.registerDocumentLinkProvider({ scheme: pageScheme }, new PageLinkProvider()));
  return pages;
}
