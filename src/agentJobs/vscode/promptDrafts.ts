// Prompts for new agent jobs, shown in an untitled Markdown editor before anything is sent, with
// Start Agent Job in its title bar and above its first line, its size in the status bar, and above
// it what must be seen first: the project it goes to, what was attached or left out, files that may
// hold secrets. A draft stays open until its job has started: nothing the user wrote is lost.

import { utf8Bytes } from '../../util/utf8';
import * as vscode from 'vscode';
import { commands, contextKeys, statusBarItems } from '../../identifiers';
import { formatKilobytes, MAX_PROMPT_BYTES } from '../../platform/agentJob';
import { Disposable } from '../../util/disposable';
import { inertText } from '../../util/inertText';
import { type JobProject, projectText } from './jobProject';
import { costLine, secretSentences } from '../jobPrompt';
import type { FixedWhat } from '../trackedJob';

/** What a draft says above its prompt, besides the project. */
export interface DraftNotes {
  /** What was attached, and what left out, in a line. */
  readonly attached?: string;
  /** Files that may hold secrets, each as `<path> (<why>)`. */
  readonly secrets?: readonly string[];
  /** Put in the editor by a command's argument (another extension, a link): starting it asks first. */
  readonly fromArgument?: boolean;
  /** What readers could not find that the job will fix (Fix with the Docs Agent): kept with the job. */
  readonly fixes?: FixedWhat;
}

export class PromptDrafts extends Disposable implements vscode.CodeLensProvider {
  /** The open drafts, by URI, with their notes. */
  private readonly drafts = new Map<string, DraftNotes>();
  private readonly lensesChanged = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly size = this.register(vscode.window.createStatusBarItem(statusBarItems.promptSize, vscode.StatusBarAlignment.Right, 100));

  constructor(
    /** The project a draft would be sent to now. */
    private readonly project: () => JobProject | undefined,
    /** Fires when the project may have changed: the drafts say so at once. */
    projectChanged: vscode.Event<unknown>,
  ) {
    super();
    this.register(projectChanged(() => this.lensesChanged.fire()));
    this.size.name = vscode.l10n.t('Agent Job Prompt Size');
    this.register(vscode.languages.registerCodeLensProvider({ scheme: 'untitled', language: 'markdown' }, this));
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.showSize()));
    this.register(
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (!this.has(document.uri)) return;
        this.showSize();
        this.lensesChanged.fire();
      }),
    );
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (this.drafts.delete(document.uri.toString())) void this.publish();
      }),
    );
  }

  has(uri: vscode.Uri): boolean {
    return this.drafts.has(uri.toString());
  }

  /** Opens a new draft holding `prompt`, in the active editor group. */
  async open(prompt: string, notes: DraftNotes = {}): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: prompt });
    // A new untitled document takes the name of one just closed, and VS Code fills it from that
    // one's backup while the backup is not yet deleted: a draft opened right after another was
    // discarded (its job started) would hold, and could send, the old prompt. (VS Code gives a
    // document one kind of line ending, so those are no difference.)
    if (oneLineEnding(document.getText()) !== oneLineEnding(prompt)) await replaceText(document, prompt);
    this.drafts.set(document.uri.toString(), notes);
    await this.publish();
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    this.showSize();
    return editor;
  }

  /** Closes a draft whose job has started, without asking to save it. */
  async discard(document: vscode.TextDocument): Promise<void> {
    this.drafts.delete(document.uri.toString());
    await this.publish();
    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const notes = this.drafts.get(document.uri.toString());
    if (!notes) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const note = (title: string) => new vscode.CodeLens(top, { title, command: '' });
    const project = this.project();
    return [
      new vscode.CodeLens(top, {
        title: `$(rocket) ${vscode.l10n.t('Start Agent Job')}`,
        command: commands.startAgentJob,
        arguments: [document.uri],
      }),
      note(vscode.l10n.t('{0} · edit the prompt, then start the job', sizeText(document))),
      note(
        project
          ? vscode.l10n.t('Destination: {0}', inertText(projectText(project)))
          : vscode.l10n.t('No project is set: set the project id to start it'),
      ),
      ...(notes.fromArgument
        ? [note(`$(warning) ${vscode.l10n.t('A command put this prompt here, not you: read all of it before starting')}`)]
        : []),
      ...(notes.attached ? [note(inertText(notes.attached))] : []),
      ...(notes.fixes ? [note(`$(lightbulb) ${inertText(vscode.l10n.t('Fixes: {0}', notes.fixes.label))}`)] : []),
      note(`$(credit-card) ${costLine()}`),
      ...secretSentences(notes.secrets ?? []).map((sentence) => note(`$(warning) ${inertText(sentence)}`)),
    ];
  }

  /** What the draft says above its prompt (for tests, and for whoever asks). */
  notesOf(uri: vscode.Uri): DraftNotes | undefined {
    return this.drafts.get(uri.toString());
  }

  /** The editor title's Start Agent Job shows on drafts only: their URIs go into a context key. */
  private publish(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', contextKeys.jobPromptDrafts, [...this.drafts.keys()]);
  }

  private showSize(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || !this.has(document.uri)) return this.size.hide();
    const over = utf8Bytes(document.getText()) > MAX_PROMPT_BYTES;
    this.size.text = `${over ? '$(warning)' : '$(rocket)'} ${vscode.l10n.t('Prompt {0}', sizeText(document))}`;
    this.size.tooltip = over
      ? vscode.l10n.t('The prompt is over the limit: it would be refused. Attach less.')
      : vscode.l10n.t('The size of the agent job prompt; the agent takes at most 100 KB.');
    this.size.backgroundColor = over ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.size.command = { command: commands.startAgentJob, title: vscode.l10n.t('Start Agent Job'), arguments: [document.uri] };
    this.size.show();
  }
}

function sizeText(document: vscode.TextDocument): string {
  return vscode.l10n.t('{0} of {1}', formatKilobytes(utf8Bytes(document.getText())), formatKilobytes(MAX_PROMPT_BYTES));
}

function oneLineEnding(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`Could not put the prompt in ${document.uri.toString()}`);
}
