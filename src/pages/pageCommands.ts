// Open Page (a path or a page's URL) and Refresh Page (in a page's editor title).

import * as vscode from 'vscode';
import { commands } from '../identifiers';
import { showMessage } from '../ui/messages';
import { showPlatformError } from '../settings/setupMessages';
import { PageDocuments } from './pageDocuments';
import { pagePathFromInput } from './pagePath';

export function registerPageCommands(context: vscode.ExtensionContext, pages: PageDocuments): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.openPage, (path?: unknown) => openPage(pages, typeof path === 'string' ? path : undefined)),
    vscode.commands.registerCommand(commands.refreshPage, (uri?: unknown) =>
      refreshPage(pages, uri instanceof vscode.Uri ? uri : undefined),
    ),
  );
}

/** Opens a page; resolves to its URI, or undefined when nothing was opened. */
async function openPage(pages: PageDocuments, given: string | undefined, previous = ''): Promise<vscode.Uri | undefined> {
  const input =
    given ??
    (await vscode.window.showInputBox({
      title: 'Docs Assistant: Open Page',
      prompt: 'A page path such as guides/getting-started, or the full URL of a page of your documentation site.',
      placeHolder: 'guides/getting-started',
      value: previous,
      ignoreFocusOut: true,
      validateInput: (value) => {
        const parsed = pagePathFromInput(value);
        return value.trim() === '' || parsed.ok ? undefined : parsed.error.message;
      },
    }));
  if (input === undefined || input.trim() === '') return undefined;
  const parsed = pagePathFromInput(input);
  if (!parsed.ok) {
    showPlatformError(parsed.error);
    return undefined;
  }
  const opened = await pages.open(parsed.value);
  if (opened.ok) return opened.value.document.uri;
  const tryAgain = { title: 'Try Another Path', run: () => openPage(pages, undefined, input) };
  showPlatformError(opened.error, ...(opened.error.kind === 'notFound' || opened.error.kind === 'invalidRequest' ? [tryAgain] : []));
  return undefined;
}

async function refreshPage(pages: PageDocuments, uri: vscode.Uri | undefined): Promise<boolean> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  const pagePath = target && PageDocuments.pagePathOf(target);
  if (pagePath === undefined) {
    showMessage('info', 'Refresh Page works on a documentation page opened with Docs Assistant: Open Page.');
    return false;
  }
  const result = await pages.refresh(pagePath);
  if (!result.ok) showPlatformError(result.error);
  return result.ok;
}
