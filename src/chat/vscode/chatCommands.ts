// Ask, Ask About Selection, New Conversation and Stop Answer.

import * as vscode from 'vscode';
import type { SetupService } from '../../settings/vscode/setupService';
import { commands } from '../../identifiers';
import { assistantNeeds } from '../../settings/setupState';
import { editorSelection } from '../../selection/vscode/editorSelection';
import { showMessage } from '../../ui/vscode/notifications';
import { showSetupNeed } from '../../settings/vscode/setupMessages';
import type { ChatSession } from '../chatSession';
import type { ChatViewProvider } from './chatViewProvider';
import type { AttachedContext } from '../conversation';
import type { ShownTurn } from '../../shared/protocol';
import { attachSelection } from '../selectionContext';
import { shownTurn } from '../shownTurns';

export interface ChatCommandDeps {
  readonly session: ChatSession;
  readonly view: ChatViewProvider;
  readonly setup: SetupService;
}

export function registerChatCommands(context: vscode.ExtensionContext, deps: ChatCommandDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.ask, (question?: unknown) => ask(deps, typeof question === 'string' ? question : undefined)),
    vscode.commands.registerCommand(commands.askAboutSelection, () => askAboutSelection(deps)),
    vscode.commands.registerCommand(commands.newConversation, () => deps.session.newConversation()),
    vscode.commands.registerCommand(commands.stopAnswer, () => deps.session.stop()),
  );
}

/**
 * Asks a question typed in an input box. A question given as the command's argument (by a link,
 * a script, another extension) only fills the box: the user reads it, and what it would carry,
 * before anything is sent. Resolves with the finished turn.
 */
async function ask(deps: ChatCommandDeps, given: string | undefined): Promise<ShownTurn | undefined> {
  if (!(await ready(deps))) return undefined;
  const question = await vscode.window.showInputBox({
    title: vscode.l10n.t('Docs Assistant: Ask'),
    prompt: askPrompt(deps.session.pendingContext, given !== undefined),
    placeHolder: vscode.l10n.t('How do I…?'),
    value: given ?? '',
    ignoreFocusOut: true,
  });
  if (question === undefined || (question.trim() === '' && !deps.session.pendingContext)) return undefined;
  await deps.view.show();
  const turn = await deps.session.ask(question);
  return turn && shownTurn(turn);
}

/** What the input box says: what the question is about, and, for a question a command filled in, to read it first. */
function askPrompt(context: AttachedContext | undefined, filled: boolean): string {
  if (context) {
    return filled
      ? vscode.l10n.t('Ask about {0}. A command filled in this question: read it, then press Enter to send it.', context.label)
      : vscode.l10n.t('Ask about {0}', context.label);
  }
  return filled
    ? vscode.l10n.t('Ask the documentation. A command filled in this question: read it, then press Enter to send it.')
    : vscode.l10n.t('Ask the documentation');
}

/** Attaches the selection to the next question and puts the cursor in the chat's question box. */
async function askAboutSelection(deps: ChatCommandDeps): Promise<AttachedContext | undefined> {
  const selection = editorSelection(vscode.window.activeTextEditor);
  if (!selection) {
    showMessage('info', vscode.l10n.t('Select some code or text first, then ask about it.'));
    return undefined;
  }
  if (!(await ready(deps))) return undefined;
  const attached = attachSelection(selection);
  deps.session.attach(attached);
  await deps.view.focusQuestion();
  return attached;
}

/** Whether the chat can ask; if not, says what is missing with the button that fixes it. */
async function ready(deps: ChatCommandDeps): Promise<boolean> {
  await deps.setup.refresh();
  const needs = assistantNeeds(deps.setup.current);
  if (!needs) return true;
  showSetupNeed(needs);
  return false;
}
