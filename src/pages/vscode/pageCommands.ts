// Open Page (a path or a page's URL, at a heading after `#`), and in a page's editor title Refresh
// Page, Copy Page as Markdown and Open Page on Site.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import type { SettingsService } from '../../settings/vscode/settingsService';
import { setStatusMessage, showMessage } from '../../ui/vscode/notifications';
import { setupButton, showPlatformError } from '../../settings/vscode/setupMessages';
import { PageDocuments } from './pageDocuments';
import { headingLine } from '../headings';
import type { PageTarget } from '../pageLinks';
import { pagePathFromInput, pageTargetFromInput } from '../pagePath';

export function registerPageCommands(context: vscode.ExtensionContext, pages: PageDocuments, settings: SettingsService): void {
  const uriOf = (argument: unknown) => (argument instanceof vscode.Uri ? argument : undefined);
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.openPage, (argument?: unknown) => openPage(pages, pageArgument(argument))),
    vscode.commands.registerCommand(commands.refreshPage, (uri?: unknown) => refreshPage(pages, uriOf(uri))),
    vscode.commands.registerCommand(commands.copyPageAsMarkdown, (uri?: unknown) => copyPage(uriOf(uri))),
    vscode.commands.registerCommand(commands.openPageOnSite, (uri?: unknown) => openOnSite(settings, uriOf(uri))),
  );
}

/** The page document `uri` names, or the active editor's; says `notAPage` when there is none. */
function pageOf(uri: vscode.Uri | undefined, notAPage: () => string): { path: string; uri: vscode.Uri } | undefined {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  const path = target && PageDocuments.pagePathOf(target);
  if (target && path !== undefined) return { path, uri: target };
  showMessage('info', notAPage());
  return undefined;
}

async function copyPage(uri: vscode.Uri | undefined): Promise<boolean> {
  const page = pageOf(uri, () =>
    vscode.l10n.t('Copy Page as Markdown works on a documentation page opened with Docs Assistant: Open Page.'),
  );
  if (!page) return false;
  const document = await vscode.workspace.openTextDocument(page.uri);
  await vscode.env.clipboard.writeText(document.getText());
  setStatusMessage(vscode.l10n.t('Copied the page {0} as Markdown.', page.path));
  return true;
}

/** Opens the page at `<siteUrl>/<path>` in the browser; without a site address, says what to set. */
async function openOnSite(settings: SettingsService, uri: vscode.Uri | undefined): Promise<boolean> {
  const page = pageOf(uri, () => vscode.l10n.t('Open Page on Site works on a documentation page opened with Docs Assistant: Open Page.'));
  if (!page) return false;
  const { siteUrl } = settings.current;
  if (siteUrl === '') {
    showMessage(
      'info',
      vscode.l10n.t(
        "Set docsAssistant.siteUrl to your documentation site's public address (such as https://docs.example.com) to open pages there.",
      ),
      setupButton('openSettings', 'docsAssistant.siteUrl'),
    );
    return false;
  }
  const address = `${siteUrl.replace(/\/+$/, '')}/${page.path.split('/').map(encodeURIComponent).join('/')}`;
  return vscode.env.openExternal(vscode.Uri.parse(address, true));
}

/** Open Page's argument: a path or URL as typed (`guides/chat#threads`), or a PageTarget; anything else asks. */
function pageArgument(argument: unknown): string | PageTarget | undefined {
  if (typeof argument === 'string') return argument;
  if (typeof argument !== 'object' || argument === null) return undefined;
  const { page, anchor } = argument as Record<string, unknown>;
  if (typeof page !== 'string' || page === '' || (anchor !== undefined && typeof anchor !== 'string')) return undefined;
  return anchor ? { page, anchor } : { page };
}

/** Opens a page; resolves to its URI, or undefined when nothing was opened. */
async function openPage(pages: PageDocuments, given: string | PageTarget | undefined, previous = ''): Promise<vscode.Uri | undefined> {
  if (typeof given === 'object')
    return openTarget(pages, { path: given.page, ...(given.anchor ? { anchor: given.anchor } : {}) }, given.page);
  const input =
    given ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Docs Assistant: Open Page'),
      prompt: vscode.l10n.t('A page path such as guides/getting-started, or the full URL of a page of your documentation site.'),
      placeHolder: 'guides/getting-started',
      value: previous,
      ignoreFocusOut: true,
      validateInput: (value) => {
        const parsed = pagePathFromInput(value);
        return value.trim() === '' || parsed.ok ? undefined : parsed.error.message;
      },
    }));
  if (input === undefined || input.trim() === '') return undefined;
  const parsed = pageTargetFromInput(input);
  if (!parsed.ok) {
    showPlatformError(parsed.error);
    return undefined;
  }
  return openTarget(pages, parsed.value, input);
}

async function openTarget(
  pages: PageDocuments,
  target: { readonly path: string; readonly anchor?: string },
  input: string,
): Promise<vscode.Uri | undefined> {
  const opened = await pages.open(target.path);
  if (opened.ok) {
    if (target.anchor) revealHeading(opened.value, target.anchor);
    return opened.value.document.uri;
  }
  const tryAgain = { title: vscode.l10n.t('Try Another Path'), run: () => openPage(pages, undefined, input) };
  showPlatformError(opened.error, ...(opened.error.kind === 'notFound' || opened.error.kind === 'invalidRequest' ? [tryAgain] : []));
  return undefined;
}

/** Shows the heading `anchor` names at the top of the editor; a page without it stays at its top. */
function revealHeading(editor: vscode.TextEditor, anchor: string): void {
  const line = headingLine(editor.document.getText(), anchor);
  if (line === undefined) return;
  const position = new vscode.Position(line, 0);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.AtTop);
}

async function refreshPage(pages: PageDocuments, uri: vscode.Uri | undefined): Promise<boolean> {
  const page = pageOf(uri, () => vscode.l10n.t('Refresh Page works on a documentation page opened with Docs Assistant: Open Page.'));
  if (!page) return false;
  const result = await pages.refresh(page.path);
  if (!result.ok) showPlatformError(result.error);
  return result.ok;
}
