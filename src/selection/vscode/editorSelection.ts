// The selection of an editor as the features take it: its text, where it is (a workspace-relative
// path, or a documentation page) and its lines, counted as a reader counts them.

import * as vscode from 'vscode';
import { pageScheme } from '../../identifiers';
import { pagePathOfUriPath } from '../../pages/pagePath';
import type { Selection, SelectionSource } from '../selection';

export interface EditorSelection extends Selection {
  /** The editor's language id. */
  readonly language: string;
}

/** The editor's selection, or undefined when nothing is selected. */
export function editorSelection(editor: vscode.TextEditor | undefined): EditorSelection | undefined {
  if (!editor || editor.selection.isEmpty) return undefined;
  const { document, selection } = editor;
  // A selection that ends at the start of a line does not include that line.
  const endLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line : selection.end.line + 1;
  return {
    text: document.getText(selection),
    source: sourceOf(document.uri),
    startLine: selection.start.line + 1,
    endLine,
    language: document.languageId,
  };
}

/** A page's path, or the workspace-relative path of a file; outside a workspace (or unsaved), just the name. */
export function sourceOf(uri: vscode.Uri): SelectionSource {
  const pagePath = uri.scheme === pageScheme ? pagePathOfUriPath(uri.path) : undefined;
  if (pagePath !== undefined) return { kind: 'page', pagePath };
  return {
    kind: 'file',
    path: vscode.workspace.getWorkspaceFolder(uri) ? vscode.workspace.asRelativePath(uri, false) : (uri.path.split('/').pop() ?? uri.path),
  };
}
