// Links from answers, sources and suggestions, checked again here whatever the webview did: a
// path of the documentation site opens as a page in the editor, an http(s) address that is a page
// of the site too, anything else in the browser.

import * as vscode from 'vscode';
import type { PageDocuments } from '../../pages/vscode/pageDocuments';
import { pagePathFromInput } from '../../pages/pagePath';
import type { Logger } from '../../log/logger';
import { showMessage } from '../../ui/vscode/notifications';
import { showPlatformError } from '../../settings/vscode/setupMessages';
import { linkTarget } from '../../shared/linkTargets';

export type LinkOutcome = 'page' | 'browser' | 'refused';

export async function openLink(raw: string, pages: PageDocuments, log: Logger): Promise<LinkOutcome> {
  const target = linkTarget(raw);
  if (target.kind === 'refused') {
    log.warn(`Refused to open a link (${target.reason}): ${raw.trim().slice(0, 100)}`);
    showMessage('warning', vscode.l10n.t('Docs Assistant opens only http and https links and pages of your documentation.'));
    return 'refused';
  }
  const absolute = target.kind === 'web';
  const link = absolute ? target.url : target.path;
  if (!absolute && link.replace(/^\/+/, '') === '') return 'refused';
  const pagePath = pagePathFromInput(link);
  if (pagePath.ok) {
    const opened = await pages.open(pagePath.value);
    if (opened.ok) return 'page';
    if (!absolute) {
      log.warn(`Could not open the page ${pagePath.value}: ${opened.error.message}`);
      showPlatformError(opened.error);
      return 'refused';
    }
  }
  // Not a page of this site (or the site could not be asked): the browser decides.
  await vscode.env.openExternal(vscode.Uri.parse(link, true));
  return 'browser';
}
