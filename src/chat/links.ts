// Links from answers and sources. Only http(s) and relative links are opened: a page of the
// documentation site opens in the editor, anything else in the browser.

import * as vscode from 'vscode';
import type { PageDocuments } from '../pages/pageDocuments';
import { pagePathFromInput } from '../pages/pagePath';
import type { Logger } from '../platform/logger';

export type LinkOutcome = 'page' | 'browser' | 'refused';

export async function openLink(raw: string, pages: PageDocuments, log: Logger): Promise<LinkOutcome> {
  const link = raw.trim();
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(link);
  if (absolute && !/^https?:\/\//i.test(link)) {
    log.warn(`Refused to open a link that is not http or https: ${link.slice(0, 100)}`);
    void vscode.window.showWarningMessage('Docs Assistant opens only http and https links.');
    return 'refused';
  }
  const pagePath = pagePathFromInput(absolute ? link : link.replace(/[?#].*$/, ''));
  if (pagePath.ok) {
    const opened = await pages.open(pagePath.value);
    if (opened.ok) return 'page';
    if (!absolute) {
      log.warn(`Could not open the page ${pagePath.value}: ${opened.error.message}`);
      void vscode.window.showWarningMessage(opened.error.message);
      return 'refused';
    }
  }
  // Not a page of this site (or the site could not be asked): the browser decides.
  await vscode.env.openExternal(vscode.Uri.parse(link, true));
  return 'browser';
}
