// Documentation pages as read-only Markdown documents at docs-assistant:/<path>.md. Content comes
// from the session's PageCache, so reopening a page sends nothing and Refresh fetches again.

import * as vscode from 'vscode';
import { pageScheme } from '../../identifiers';
import type { Logger } from '../../log/logger';
import type { CallOptions, Page } from '../../platform/client';
import { originOf } from '../../platform/endpoint';
import type { Result } from '../../platform/errors';
import type { SettingsService } from '../../settings/vscode/settingsService';
import { showMessage } from '../../ui/vscode/notifications';
import { withVisibleWaits } from './visibleWaits';
import { Disposable } from '../../util/disposable';
import type { PageCache } from '../pageCache';
import { pagePathOfUriPath, uriPathOfPage } from '../pagePath';

export class PageDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  /** Pages already warned about for bad UTF-8, so reopening one does not warn again. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly cache: PageCache,
    private readonly settings: SettingsService,
    private readonly log: Logger,
  ) {
    super();
  }

  static uriOf(pagePath: string): vscode.Uri {
    return vscode.Uri.from({ scheme: pageScheme, path: uriPathOfPage(pagePath) });
  }

  /** The page a document shows, or undefined when it is not a page document. */
  static pagePathOf(uri: vscode.Uri): string | undefined {
    return uri.scheme === pageScheme ? pagePathOfUriPath(uri.path) : undefined;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const pagePath = PageDocuments.pagePathOf(uri);
    if (pagePath === undefined) throw new Error(vscode.l10n.t('{0} is not a documentation page.', uri.toString()));
    const result = await this.fetch(pagePath, false);
    // VS Code shows this message in place of the document, e.g. for a page restored after a reload while offline.
    if (!result.ok) throw new Error(result.error.message);
    return result.value.content;
  }

  /** Fetches the page (or takes it from the cache), then shows it. Nothing is opened on failure. */
  async open(pagePath: string): Promise<Result<vscode.TextEditor>> {
    const result = await withVisibleWaits(vscode.l10n.t('Opening {0}', pagePath), (options) => this.fetch(pagePath, false, options));
    if (!result.ok) return result;
    const document = await vscode.workspace.openTextDocument(PageDocuments.uriOf(pagePath));
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    return { ok: true, value: editor };
  }

  /** The page's text, from the cache or the platform, without opening it. */
  read(pagePath: string, options?: CallOptions): Promise<Result<Page>> {
    return this.fetch(pagePath, false, options);
  }

  /** Fetches the page again and updates its document, if open. */
  async refresh(pagePath: string): Promise<Result<Page>> {
    const result = await withVisibleWaits(vscode.l10n.t('Refreshing {0}', pagePath), (options) => this.fetch(pagePath, true, options));
    if (result.ok) this.changed.fire(PageDocuments.uriOf(pagePath));
    return result;
  }

  private async fetch(pagePath: string, refresh: boolean, options?: CallOptions): Promise<Result<Page>> {
    const { baseUrl, domain } = this.settings.current;
    // No origin: the fetch fails with what to set, and failures are not cached.
    const result = await this.cache.get({ origin: originOf(baseUrl) ?? '', domain, path: pagePath }, refresh, options);
    if (!result.ok) {
      this.log.warn(`Page ${pagePath}: ${result.error.message}`);
      return result;
    }
    if (result.value.invalidUtf8 && (refresh || !this.warned.has(pagePath))) {
      this.warned.add(pagePath);
      showMessage('warning', vscode.l10n.t('The page {0} contains bytes that are not valid UTF-8; they are shown as �.', pagePath));
    }
    return result;
  }
}
