// Search the documentation, with a scope per call, and read a page: the documentation lent to VS
// Code's chat and agents. What a call does not say (its version, language, tag) comes from the
// settings, and the answer says which scope was searched.

import * as vscode from 'vscode';
import { pagePathFromInput } from '../../pages/pagePath';
import type { PageDocuments } from '../../pages/vscode/pageDocuments';
import { DEFAULT_SEARCH_PAGE_SIZE } from '../../platform/client';
import type { PlatformConnection } from '../../platform/connection';
import { scopeLabel } from '../../settings/filterScope';
import { assistantNeeds } from '../../settings/setupState';
import type { SettingsService } from '../../settings/vscode/settingsService';
import type { SetupService } from '../../settings/vscode/setupService';
import type { Logger } from '../../log/logger';
import { quotedLine as quoted } from '../../util/inertText';
import { filterFor, readPageInput, readSearchInput } from '../toolInputs';
import { pagePart } from '../pageParts';
import { badInputText, failureText, pageText, searchText } from '../toolText';
import { runTool, textOf, type ToolRun } from './toolRun';

export interface DocumentationToolDeps {
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly pages: PageDocuments;
  readonly log: Logger;
}

type Tool = vscode.LanguageModelTool<Record<string, unknown>>;

/** What every documentation tool needs: the assistant key, and where the documentation is. */
export function documentationRun(deps: DocumentationToolDeps, what: string): ToolRun {
  return {
    log: deps.log,
    what,
    needs: async () => {
      await deps.setup.refresh();
      return assistantNeeds(deps.setup.current);
    },
  };
}

export function searchDocsTool(deps: DocumentationToolDeps): Tool {
  return {
    prepareInvocation: ({ input }) => {
      const read = readSearchInput(input);
      const scope = scopeLabel(filterFor(deps.settings.current.filter, read.ok ? read.value.scope : {}));
      const query = quoted(textOf(input.query), 100);
      return {
        invocationMessage: scope
          ? vscode.l10n.t('Searching the documentation ({0}) for {1}', quoted(scope, 80), query)
          : vscode.l10n.t('Searching the documentation for {0}', query),
      };
    },
    invoke: ({ input }, token) =>
      runTool(documentationRun(deps, 'search the documentation'), token, async (signal) => {
        const read = readSearchInput(input);
        if (!read.ok) return badInputText(read.problem);
        const { query, scope } = read.value;
        const { domain } = deps.settings.current;
        const filter = filterFor(deps.settings.current.filter, scope);
        const pageSize = read.value.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE;
        const found = await deps.platform.current().discovery.search(domain, query, { pageSize, filter }, { signal });
        if (!found.ok) return failureText('search the documentation', found.error.message);
        const results = found.value.map((result) => {
          const parsed = pagePathFromInput(result.target);
          return { ...result, pagePath: parsed.ok ? parsed.value : result.target };
        });
        return searchText({ query, domain, filter, pageSize }, results);
      }),
  };
}

export function readPageTool(deps: DocumentationToolDeps): Tool {
  return {
    prepareInvocation: ({ input }) => ({
      invocationMessage: vscode.l10n.t('Reading the documentation page {0}', quoted(textOf(input.path), 100)),
    }),
    invoke: ({ input }, token) =>
      runTool(documentationRun(deps, 'read the page'), token, async (signal) => {
        const read = readPageInput(input);
        if (!read.ok) return badInputText(read.problem);
        const { path, start } = read.value;
        const parsed = pagePathFromInput(path);
        if (!parsed.ok) return badInputText(`${quoted(path, 200)} is not the path of a page; give one as a search result names it.`);
        // Read once, then from the cache: reading a long page in parts costs one request.
        const page = await deps.pages.read(parsed.value, { signal });
        if (!page.ok) return failureText('read the page', page.error.message);
        const part = pagePart(page.value.content, start);
        return part.ok ? pageText(page.value, part.part) : badInputText(part.problem);
      }),
  };
}
