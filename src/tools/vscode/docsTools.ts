// Docs Assistant's documentation, lent to VS Code's own chat and agents as language model tools:
// search the docs, read a page. They use the extension's client, keys, page cache and log; when
// something is not set up they answer with a sentence a model can relay, never a stack trace.
// activateWith registers them under their names and hands calls on to these.

import * as vscode from 'vscode';
import { scopeLabel } from '../../settings/filterScope';
import type { tools } from '../../identifiers';
import { pagePathFromInput } from '../../pages/pagePath';
import type { PageDocuments } from '../../pages/vscode/pageDocuments';
import { DEFAULT_SEARCH_PAGE_SIZE } from '../../platform/client';
import type { Logger } from '../../log/logger';
import type { PlatformConnection } from '../../platform/vscode/platformConnection';
import type { SettingsService } from '../../settings/vscode/settingsService';
import type { SetupService } from '../../settings/vscode/setupService';
import { assistantNeeds } from '../../settings/setupState';
import { badInputText, failureText, MAX_PATH_INPUT_CHARS, MAX_QUERY_CHARS, pageText, searchText, setupNeededText } from '../toolText';
import { quotedLine as quoted } from '../../util/inertText';

export interface DocsToolsDeps {
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly pages: PageDocuments;
  readonly log: Logger;
}

export type DocsTools = { readonly [name in keyof typeof tools]: vscode.LanguageModelTool<Record<string, unknown>> };

export function docsTools(deps: DocsToolsDeps): DocsTools {
  return {
    searchDocs: {
      prepareInvocation: ({ input }) => {
        const scope = scopeLabel(deps.settings.current.filter);
        const query = quoted(textOf(input.query), 100);
        return {
          invocationMessage: scope
            ? vscode.l10n.t('Searching the documentation ({0}) for {1}', quoted(scope, 80), query)
            : vscode.l10n.t('Searching the documentation for {0}', query),
        };
      },
      invoke: ({ input }, token) =>
        answer(deps, 'search', token, async (signal) => {
          const query = typeof input.query === 'string' ? input.query.trim() : '';
          if (query === '') return badInputText('give a query, the words to search the documentation for.');
          if (query.length > MAX_QUERY_CHARS)
            return badInputText(`the query is ${query.length} characters long; give a short one, of at most ${MAX_QUERY_CHARS}.`);
          const { domain, filter } = deps.settings.current;
          const found = await deps.platform
            .current()
            .discovery.search(domain, query, { pageSize: DEFAULT_SEARCH_PAGE_SIZE, filter }, { signal });
          if (!found.ok) return failureText('search the documentation', found.error.message);
          const results = found.value.map((result) => {
            const parsed = pagePathFromInput(result.target);
            return { ...result, pagePath: parsed.ok ? parsed.value : result.target };
          });
          return searchText(query, domain, results);
        }),
    },
    readPage: {
      prepareInvocation: ({ input }) => ({
        invocationMessage: vscode.l10n.t('Reading the documentation page {0}', quoted(textOf(input.path), 100)),
      }),
      invoke: ({ input }, token) =>
        answer(deps, 'read the page', token, async (signal) => {
          const path = typeof input.path === 'string' ? input.path : '';
          if (path.length > MAX_PATH_INPUT_CHARS)
            return badInputText(`the path is ${path.length} characters long; give the path of a page, as a search result names it.`);
          const parsed = pagePathFromInput(path);
          if (!parsed.ok) return badInputText(`${quoted(path, 200)} is not the path of a page; give one as a search result names it.`);
          const page = await deps.pages.read(parsed.value, { signal });
          return page.ok ? pageText(page.value) : failureText('read the page', page.error.message);
        }),
    },
  };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Runs a tool: set-up checked first, cancellation passed on, every outcome a text result. */
async function answer(
  deps: DocsToolsDeps,
  what: string,
  token: vscode.CancellationToken,
  run: (signal: AbortSignal) => Promise<string>,
): Promise<vscode.LanguageModelToolResult> {
  await deps.setup.refresh();
  const needs = assistantNeeds(deps.setup.current);
  const controller = new AbortController();
  const cancel = token.onCancellationRequested(() => controller.abort());
  try {
    const text = needs ? setupNeededText(needs) : await run(controller.signal);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  } catch (error) {
    deps.log.error(`The tool could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(failureText(what, 'Something went wrong; try again.'))]);
  } finally {
    cancel.dispose();
  }
}
