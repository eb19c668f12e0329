// The prompt of an agent job as Start Agent Job and the agent job tool write it: the instruction,
// and what the user (or a model) chose to attach from the editor and its repository (the selection,
// a file's or the repository's uncommitted changes), with what its draft says above it.

import * as vscode from 'vscode';
import { selectionLabel } from '../../selection/selection';
import { editorSelection } from '../../selection/vscode/editorSelection';
import { type Attachment, type AttachmentFacts, attachmentOffers } from '../attachmentOffers';
import { buildJobPrompt, type PromptParts, withChanges } from '../jobPrompt';
import { type ChangedFile, repositoryChangesOf, type RepositoryChanges } from './gitChanges';
import type { DraftNotes } from './promptDrafts';

/** What an editor offers to attach: its selection, and its repository's uncommitted changes. */
export interface EditorAttachments {
  readonly editor: vscode.TextEditor | undefined;
  readonly changes: RepositoryChanges | undefined;
  readonly facts: AttachmentFacts;
}

/** A prompt made, with its notes and what it holds. */
export interface JobPromptDraft {
  readonly prompt: string;
  readonly notes: DraftNotes;
  /** What was asked to be attached and could be. */
  readonly attached: readonly Attachment[];
}

/**
 * What `editor` has to attach; when not given, the active text editor's, or (with a chat open in the
 * editor area, the active one) the first file's editor in sight.
 */
export async function editorAttachments(
  editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors.find((visible) => visible.document.uri.scheme === 'file'),
): Promise<EditorAttachments> {
  const uri = editor?.document.uri;
  const changes = uri?.scheme === 'file' ? await repositoryChangesOf(uri) : undefined;
  return { editor, changes, facts: factsOf(editor, changes) };
}

/** The prompt for `instruction` with what `attach` asks for, as far as the editor has it. */
export async function draftJobPrompt(instruction: string, attach: readonly Attachment[], from: EditorAttachments): Promise<JobPromptDraft> {
  const offered = attachmentOffers(from.facts);
  const attached = attach.filter((kind) => offered.some((offer) => offer.attachment === kind));
  const { parts, notes } = await promptParts(instruction, attached, from.editor, from.changes);
  return { prompt: buildJobPrompt(parts), notes, attached };
}

/** What the editor and its repository have to attach, for the picker. */
function factsOf(editor: vscode.TextEditor | undefined, changes: RepositoryChanges | undefined) {
  const selection = editorSelection(editor);
  const file = editor && changes?.fileOf(editor.document.uri);
  return {
    ...(selection ? { selection: selectionLabel(selection) } : {}),
    ...(changes && editor
      ? {
          file: {
            path: vscode.workspace.asRelativePath(editor.document.uri, false),
            changed: file !== undefined,
            ...(file?.secret ? { secret: file.secret } : {}),
          },
          repository: {
            name: changes.name,
            files: changes.files.length,
            secrets: changes.files.filter((f) => f.secret).map((f) => f.path),
          },
        }
      : {}),
  };
}

/** The prompt's parts, and what its draft says above it: what was attached, left out, or may hold secrets. */
async function promptParts(
  instruction: string,
  attach: readonly Attachment[],
  editor: vscode.TextEditor | undefined,
  changes: RepositoryChanges | undefined,
): Promise<{ parts: PromptParts; notes: DraftNotes }> {
  const selection = attach.includes('selection') ? editorSelection(editor) : undefined;
  const base: PromptParts = {
    instruction,
    ...(selection
      ? {
          selection: {
            path: selection.source.kind === 'file' ? selection.source.path : selection.source.pagePath,
            startLine: selection.startLine,
            endLine: selection.endLine,
            text: selection.text,
            language: selection.language,
          },
        }
      : {}),
  };
  const whole = attach.includes('repositoryChanges');
  const file = editor && changes?.fileOf(editor.document.uri);
  const files: readonly ChangedFile[] | undefined = !changes
    ? undefined
    : whole
      ? changes.files
      : attach.includes('fileChanges') && file
        ? [file]
        : undefined;
  if (!changes || !files) return { parts: base, notes: {} };
  return withChanges(
    base,
    files,
    { scope: whole ? 'repository' : 'file', label: whole ? changes.name : files[0].path },
    (changed, budget) => changes.diffOf(changed, budget),
  );
}
