// Docs Assistant lent to VS Code's own chat and agents as language model tools: search the docs with
// a scope per call, read a page, ask the platform's assistant, start, read and follow up agent jobs
// (each confirmed by the user before anything is sent), read what readers could not find, and
// deploy a branch as a preview. They use the extension's client, keys,
// page cache, Agent Jobs view and log; when something is not set up they answer with a sentence a
// model can relay, never a stack trace. activateWith registers them under their names (identifiers.ts)
// and hands calls on to these.

import type * as vscode from 'vscode';
import type { tools } from '../../identifiers';
import { type AgentJobToolDeps, followUpAgentJobTool, readAgentJobTool, startAgentJobTool } from './agentJobTools';
import { askTool } from './askTool';
import { previewBranchTool, readReaderSignalsTool, type ReaderToolDeps } from './readerTools';
import { type DocumentationToolDeps, readPageTool, searchDocsTool } from './searchTools';

export type DocsToolsDeps = DocumentationToolDeps & AgentJobToolDeps & ReaderToolDeps;

export type DocsTools = { readonly [name in keyof typeof tools]: vscode.LanguageModelTool<Record<string, unknown>> };

export function docsTools(deps: DocsToolsDeps): DocsTools {
  return {
    searchDocs: searchDocsTool(deps),
    readPage: readPageTool(deps),
    ask: askTool(deps),
    startAgentJob: startAgentJobTool(deps),
    readAgentJob: readAgentJobTool(deps),
    followUpAgentJob: followUpAgentJobTool(deps),
    readReaderSignals: readReaderSignalsTool(deps),
    previewBranch: previewBranchTool(deps),
  };
}
