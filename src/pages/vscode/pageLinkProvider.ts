// Links between pages in a page's editor: a link to another page of the site opens it as a page
// document (at its heading, for `#anchor`), an http(s) link opens in the browser, anything else is
// not a link. The same rule as the preview's (pageLink).

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import { pageLink, type PageTarget } from '../pageLinks';
import { linkSpans } from '../linkSpans';
import { PageDocuments } from './pageDocuments';
import { inertText, quotedLine } from '../../util/inertText';

export class PageLinkProvider implements vscode.DocumentLinkProvider {
  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const from = PageDocuments.pagePathOf(document.uri);
    if (from === undefined) return [];
    const links: vscode.DocumentLink[] = [];
    for (const span of linkSpans(document.getText())) {
      const target = pageLink(span.href, from);
      if (target.kind === 'inert') continue;
      const range = new vscode.Range(document.positionAt(span.start), document.positionAt(span.end));
      const link =
        target.kind === 'web'
          ? new vscode.DocumentLink(range, vscode.Uri.parse(target.url, true))
          : new vscode.DocumentLink(range, openPageUri({ page: target.path, ...(target.anchor ? { anchor: target.anchor } : {}) }));
      // The hover draws the tooltip as Markdown, and a page's path is the page's text.
      link.tooltip =
        target.kind === 'web'
          ? vscode.l10n.t('Open in the browser')
          : inertText(vscode.l10n.t('Open the page {0}', quotedLine(target.path, 120)));
      links.push(link);
    }
    return links;
  }
}

/** A link that runs Open Page with the page it resolved to, checked again by the command. */
function openPageUri(target: PageTarget): vscode.Uri {
  return vscode.Uri.from({ scheme: 'command', path: commands.openPage, query: encodeURIComponent(JSON.stringify([target])) });
}
