// Prompts for new agent jobs, shown in an editor before anything is sent: an untitled Markdown
// document the user edits, with Start Agent Job in its title bar and above its first line, and
// its size against the limit in the status bar. Nothing the user wrote is lost: a draft stays open
// until its job has started.

import * as vscode from 'vscode';
import { commands, contextKeys } from '../identifiers';
import { formatKilobytes, MAX_PROMPT_BYTES } from '../platform/agentJob';
import { Disposable } from '../util/disposable';

export class PromptDrafts extends Disposable implements vscode.CodeLensProvider {
  private readonly drafts = new Set<string>();
  private readonly lensesChanged = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly size = this.register(
    vscode.window.createStatusBarItem('docsAssistant.promptSize', vscode.StatusBarAlignment.Right, 100),
  );

  constructor() {
    super();
    this.size.name = 'Agent Job Prompt Size';
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
  async open(prompt: string): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: prompt });
    this.drafts.add(document.uri.toString());
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
    if (!this.has(document.uri)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, { title: '$(rocket) Start Agent Job', command: commands.startAgentJob, arguments: [document.uri] }),
      new vscode.CodeLens(top, { title: `${sizeText(document)} · edit the prompt, then start the job`, command: '' }),
    ];
  }

  /** The editor title's Start Agent Job shows on drafts only: their URIs go into a context key. */
  private publish(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', contextKeys.jobPromptDrafts, [...this.drafts]);
  }

  private showSize(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || !this.has(document.uri)) return this.size.hide();
    const over = Buffer.byteLength(document.getText(), 'utf8') > MAX_PROMPT_BYTES;
    this.size.text = `${over ? '$(warning)' : '$(rocket)'} Prompt ${sizeText(document)}`;
    this.size.tooltip = over
      ? 'The prompt is over the limit: it would be refused. Attach less.'
      : 'The size of the agent job prompt; the agent takes at most 100 KB.';
    this.size.backgroundColor = over ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.size.command = { command: commands.startAgentJob, title: 'Start Agent Job', arguments: [document.uri] };
    this.size.show();
  }
}

function sizeText(document: vscode.TextDocument): string {
  return `${formatKilobytes(Buffer.byteLength(document.getText(), 'utf8'))} of ${formatKilobytes(MAX_PROMPT_BYTES)}`;
}
