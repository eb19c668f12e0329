// Search Docs: a quick pick whose results follow what the user types. Enter opens the page as a
// read-only document; a button on a result asks the chat about that page. Errors (rate limit, key,
// domain) show in the list, not as a notification per keystroke; the last query comes back next time.

import * as vscode from 'vscode';
import { commands, storageKeys } from '../../identifiers';
import { pagePathFromInput } from '../../pages/pagePath';
import type { PageDocuments } from '../../pages/vscode/pageDocuments';
import { DEFAULT_SEARCH_PAGE_SIZE } from '../../platform/client';
import type { Result } from '../../platform/errors';
import type { SearchResult } from '../../platform/searchResults';
import { scopeLabel } from '../../settings/filterScope';
import type { PlatformConnection } from '../../platform/connection';
import type { SettingsService } from '../../settings/vscode/settingsService';
import { actionForError, setupAction } from '../../settings/setupActions';
import { showPlatformError } from '../../settings/vscode/setupMessages';
import { inertText } from '../../util/inertText';
import { plainExcerpt } from '../../shared/plainText';
import { SearchAsYouType } from '../searchAsYouType';

export interface SearchDocsDeps {
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly pages: PageDocuments;
  /** Where the last query is kept for next time. */
  readonly state: vscode.Memento;
  /** Attaches a page to the chat's next question and puts the cursor in its box. */
  readonly askAboutPage: (pagePath: string) => Promise<void>;
}

/** A result, a sentence in place of results, or the button that fixes what the sentence says. */
interface Item extends vscode.QuickPickItem {
  readonly pagePath?: string;
  readonly run?: () => unknown;
}

function askButton(): vscode.QuickInputButton {
  return { iconPath: new vscode.ThemeIcon('comment-discussion'), tooltip: vscode.l10n.t('Ask the chat about this page') };
}

/** What readers searched for and did not find: a job of the docs agent can fix it. */
function fixButton(): vscode.QuickInputButton {
  return { iconPath: new vscode.ThemeIcon('sparkle'), tooltip: vscode.l10n.t('Fix with the Docs Agent') };
}

export function registerSearchDocs(context: vscode.ExtensionContext, deps: SearchDocsDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.searchDocs, (query?: unknown) =>
      searchDocs(deps, typeof query === 'string' ? query : undefined),
    ),
  );
}

function searchDocs(deps: SearchDocsDeps, given: string | undefined): Promise<void> {
  const pick = vscode.window.createQuickPick<Item>();
  const scope = scopeLabel(deps.settings.current.filter);
  // The scope is the user's setting, but a workspace may set it: its words are drawn inert.
  pick.title = scope ? vscode.l10n.t('Docs Assistant: Search Docs in {0}', inertText(scope)) : vscode.l10n.t('Docs Assistant: Search Docs');
  pick.placeholder = vscode.l10n.t('Search the documentation: results follow what you type; Enter opens the page');
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  const search = new SearchAsYouType<Result<SearchResult[]>>(
    (query, signal) => {
      const { domain, filter } = deps.settings.current;
      return deps.platform.current().discovery.search(domain, query, { pageSize: DEFAULT_SEARCH_PAGE_SIZE, filter }, { signal });
    },
    (state) => {
      pick.busy = state.kind === 'busy';
      if (state.kind === 'idle') pick.items = [];
      if (state.kind === 'answered') pick.items = itemsOf(state.query, state.answer);
    },
  );
  return new Promise((resolve) => {
    const listeners = [
      pick.onDidChangeValue((value) => search.type(value)),
      pick.onDidAccept(() => {
        const item = pick.activeItems[0];
        if (!item?.pagePath && !item?.run) return;
        pick.hide();
        if (item.pagePath) void openPage(deps, item.pagePath);
        else void item.run?.();
      }),
      pick.onDidTriggerItemButton(({ item, button }) => {
        if (button.tooltip === fixButton().tooltip) {
          const query = pick.value.trim();
          pick.hide();
          void vscode.commands.executeCommand(commands.fixWithDocsAgent, { query });
          return;
        }
        if (!item.pagePath) return;
        pick.hide();
        void deps.askAboutPage(item.pagePath);
      }),
      pick.onDidHide(() => {
        void deps.state.update(storageKeys.lastSearch, pick.value.trim() || undefined);
        search.dispose();
        for (const listener of listeners) listener.dispose();
        pick.dispose();
        resolve();
      }),
    ];
    pick.value = given ?? deps.state.get<string>(storageKeys.lastSearch) ?? '';
    pick.show();
    if (pick.value !== '') search.type(pick.value);
  });
}

/** What the list shows for an answer: the pages, or a sentence (with its fix, when there is one). */
function itemsOf(query: string, answer: Result<SearchResult[]>): Item[] {
  // Results are the server's: never filtered or hidden by the quick pick's own matching.
  const always = { alwaysShow: true } as const;
  if (!answer.ok) {
    if (answer.error.kind === 'cancelled') return [];
    const fix = actionForError(answer.error);
    const said: Item = { ...always, label: `$(warning) ${inertText(answer.error.message)}` };
    if (!fix) return [said];
    const { title, command, args = [] } = setupAction(fix);
    return [said, { ...always, label: `$(tools) ${title}`, run: () => vscode.commands.executeCommand(command, ...args) }];
  }
  if (answer.value.length === 0)
    return [
      {
        ...always,
        label: inertText(vscode.l10n.t('No pages match "{0}".', query)),
        description: vscode.l10n.t('Try other words, or fewer.'),
        buttons: [fixButton()],
      },
    ];
  const ask = askButton();
  const fixIt = fixButton();
  return answer.value.map((result) => {
    const parsed = pagePathFromInput(result.target);
    const pagePath = parsed.ok ? parsed.value : result.target;
    return {
      ...always,
      label: `$(book) ${inertText(result.title ?? pagePath)}`,
      description: inertText(pagePath),
      detail: inertText(plainExcerpt(result.content)),
      pagePath,
      buttons: [ask, fixIt],
    };
  });
}

async function openPage(deps: SearchDocsDeps, pagePath: string): Promise<void> {
  const opened = await deps.pages.open(pagePath);
  if (!opened.ok) showPlatformError(opened.error);
}
