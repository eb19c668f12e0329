// Text shown as a read-only plain-text document that wraps (a reader's conversation with the assistant, a
// preview deployment's log, a prompt about to be sent): never Markdown, so nothing in it is drawn as
// a link, an image or markup, and never editable. Each is kept while its document is open.

import * as vscode from 'vscode';

export class ReadOnlyTexts implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private opened = 0;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;
  private readonly closing: vscode.Disposable;

  /** `scheme` and `language`: the documents' own (identifiers.ts's `textScheme` and `textLanguage`). */
  constructor(
    private readonly scheme: string,
    private readonly language: string,
  ) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this);
    this.closing = vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === scheme) this.texts.delete(document.uri.toString());
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('This text is no longer kept: open it again from where it came.');
  }

  /**
   * Opens `text` as a read-only document called `name` (a file's name, shown on its tab), beside the
   * editor when asked. A `unique` one never shares its document with another of the same name (a
   * prompt about to be sent must show its own text, whatever is opened after it).
   */
  async show(name: string, text: string, { beside = false, unique = false } = {}): Promise<vscode.TextEditor> {
    const folder = unique ? `/${++this.opened}` : '';
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `${folder}/${name.replace(/[\\/]/g, '-')}.txt` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, this.language);
    return vscode.window.showTextDocument(document, { preview: true, ...(beside ? { viewColumn: vscode.ViewColumn.Beside } : {}) });
  }

  dispose(): void {
    this.registration.dispose();
    this.closing.dispose();
    this.changed.dispose();
  }
}
