// What a request in VS Code's Chat view brings @docs: the history of its earlier questions and
// answers (as the platform is sent them), and the code the question is about (the files and
// selections it refers to, else the active editor's selection), as context items with their paths.

import * as vscode from 'vscode';
import type { AttachedContext } from '../../chat/conversation';
import { attachSelection } from '../../chat/selectionContext';
import { PageDocuments } from '../../pages/vscode/pageDocuments';
import { editorSelection, sourceOf } from '../../selection/vscode/editorSelection';
import type { HistoryTurn } from '../participantHistory';

/** Files a question refers to beyond this many are not sent. */
const MAX_REFERENCES = 5;

/** The Chat view's history of @docs: each question and the answer shown, with its result. */
export function historyOf(context: vscode.ChatContext): HistoryTurn[] {
  const turns: HistoryTurn[] = [];
  let question: string | undefined;
  for (const entry of context.history) {
    if (entry instanceof vscode.ChatRequestTurn) question = entry.command === undefined ? entry.prompt : undefined;
    else if (entry instanceof vscode.ChatResponseTurn && question !== undefined) {
      turns.push({
        question,
        answer: responseText(entry),
        metadata: entry.result.metadata,
        failed: entry.result.errorDetails !== undefined,
      });
      question = undefined;
    }
  }
  return turns;
}

/** An answer as it was shown, back into Markdown: its text, and its pages as links. */
function responseText(turn: vscode.ChatResponseTurn): string {
  return turn.response
    .map((part) => {
      if (part instanceof vscode.ChatResponseMarkdownPart) return part.value.value;
      if (part instanceof vscode.ChatResponseAnchorPart) {
        const uri = part.value instanceof vscode.Uri ? part.value : part.value.uri;
        const path = PageDocuments.pagePathOf(uri);
        return path === undefined ? (part.title ?? '') : `[${part.title ?? path}](/${path})`;
      }
      return '';
    })
    .join('');
}

/**
 * What a question is about: the locations and files it refers to (`#file`, `#selection`), else the
 * active editor's selection, each a context item with its path, cut as the sidebar's chat cuts a
 * selection. What goes is listed as the answer's references.
 */
export async function contextOf(
  references: readonly vscode.ChatPromptReference[],
  stream: vscode.ChatResponseStream,
): Promise<AttachedContext | undefined> {
  const attached: AttachedContext[] = [];
  for (const reference of references) {
    if (attached.length >= MAX_REFERENCES) break;
    const { value } = reference;
    const location =
      value instanceof vscode.Location
        ? value
        : value instanceof vscode.Uri
          ? new vscode.Location(value, new vscode.Range(0, 0, 0, 0))
          : undefined;
    if (!location) continue;
    try {
      const document = await vscode.workspace.openTextDocument(location.uri);
      const whole = location.range.isEmpty;
      const range = whole ? new vscode.Range(0, 0, document.lineCount, 0) : location.range;
      attached.push(
        attachSelection({
          text: document.getText(range),
          source: sourceOf(location.uri),
          startLine: range.start.line + 1,
          endLine: Math.min(
            document.lineCount,
            range.end.character === 0 && range.end.line > range.start.line ? range.end.line : range.end.line + 1,
          ),
        }),
      );
    } catch {
      // A reference that cannot be read as text (a folder, an image) is not sent.
    }
  }
  if (attached.length === 0) {
    const editor = vscode.window.activeTextEditor;
    const selection = editorSelection(editor);
    if (!selection || !editor) return undefined;
    stream.reference(new vscode.Location(editor.document.uri, editor.selection));
    return attachSelection(selection);
  }
  const [first, ...rest] = attached;
  const more = rest.flatMap((context) => (context.item ? [context.item] : []));
  return { ...first, ...(more.length > 0 ? { more } : {}) };
}
