// Fix with the Docs Agent, wherever a problem is seen: on reader signals (one or several selected in
// the Reader Signals view), on an open page (its selection, if any, as the passage readers had
// trouble with), on a search that found nothing. It opens Start Agent Job's draft, filled with what
// the signal says, each reader's word quoted as data, for the user to edit and start as any draft;
// the job then remembers what it fixes.

import * as vscode from 'vscode';
import { commands, pageScheme } from '../../identifiers';
import { pagePathFromInput } from '../../pages/pagePath';
import { fixPrompt, type FixSource } from '../../readerSignals/fixPrompt';
import type { Signal } from '../../readerSignals/signals';
import type { SignalNode } from '../../readerSignals/vscode/signalsTree';
import { agentJobsNeeds } from '../../settings/setupState';
import { showSetupNeed } from '../../settings/vscode/setupMessages';
import type { SetupService } from '../../settings/vscode/setupService';
import { showMessage } from '../../ui/vscode/notifications';
import type { PromptDrafts } from './promptDrafts';

export interface FixDeps {
  readonly setup: SetupService;
  readonly drafts: PromptDrafts;
}

export function registerFixWithDocsAgent(context: vscode.ExtensionContext, deps: FixDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.fixWithDocsAgent, (argument?: unknown, selected?: unknown) => fix(deps, argument, selected)),
  );
}

/** Opens the draft; resolves to whether one was opened. */
async function fix(deps: FixDeps, argument: unknown, selected: unknown): Promise<boolean> {
  const source = sourceOf(argument, selected);
  if (!source) {
    showMessage(
      'info',
      vscode.l10n.t('Fix with the Docs Agent works on a reader signal, an open documentation page or a search: run it from one of them.'),
    );
    return false;
  }
  await deps.setup.refresh();
  const needs = agentJobsNeeds(deps.setup.current);
  if (needs) {
    showSetupNeed(needs);
    return false;
  }
  const { prompt, fixes } = fixPrompt(source);
  await deps.drafts.open(prompt, { fixes });
  return true;
}

/** What a fix starts from, from what the command was run with. */
function sourceOf(argument: unknown, selected: unknown): FixSource | undefined {
  // From the Reader Signals view: the rows selected, or the one clicked.
  const signals = (Array.isArray(selected) ? (selected as unknown[]) : [argument]).flatMap(signalOf);
  if (signals.length > 0) return { kind: 'signals', signals };
  // A signal given as it is (the view's own command), or a search's words (Search Docs).
  const given = argument as { kind?: unknown; query?: unknown } | undefined;
  if (typeof given?.query === 'string' && given.query.trim() !== '') return { kind: 'search', query: given.query.trim() };
  // From a page's editor: its path, and the passage selected in it.
  const uri = argument instanceof vscode.Uri ? argument : vscode.window.activeTextEditor?.document.uri;
  if (uri?.scheme !== pageScheme) return undefined;
  const path = pagePathFromInput(uri.path.replace(/\.md$/, ''));
  if (!path.ok) return undefined;
  const editor = vscode.window.visibleTextEditors.find((visible) => visible.document.uri.toString() === uri.toString());
  const passage = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
  return { kind: 'page', path: path.value, ...(passage?.trim() ? { passage } : {}) };
}

function signalOf(value: unknown): Signal[] {
  const node = value as Partial<SignalNode> | undefined;
  if (node?.kind === 'signal' && node.signal) return [node.signal];
  const signal = value as Partial<Signal> | undefined;
  return signal && typeof signal.key === 'string' && (signal.kind === 'question' || signal.kind === 'search' || signal.kind === 'page')
    ? [signal as Signal]
    : [];
}
