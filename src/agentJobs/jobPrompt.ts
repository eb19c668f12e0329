// The prompt for a new agent job: the user's instruction, then what they chose to attach (the
// selected code with its place, the uncommitted changes as a unified diff), as Markdown the agent
// reads and the user can edit before anything is sent. The prompt's own headings stay English
// whatever VS Code's language, as the tools' words to a model do: they are the agent's to read.
// The note about the draft (attachedNote) is the user's, and in their language.

import * as l10n from '@vscode/l10n';
import { formatKilobytes, MAX_PROMPT_BYTES } from '../platform/agentJob';
import { quotedLine } from '../util/inertText';
import { utf8Bytes } from '../util/utf8';
import { gatherDiffs } from './attachedChanges';
import { firstAndMore } from '../shared/counting';
import { plural } from '../shared/language';
import { codeSpan, fenced } from '../shared/codeFences';
import { MAX_SELECTION_CHARS } from '../selection/selection';

export interface SelectionAttachment {
  /** Workspace-relative. */
  readonly path: string;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
  readonly text: string;
  /** The editor's language id, for the code fence. */
  readonly language?: string;
}

export interface ChangesAttachment {
  /** `src/app.ts`, or the repository's name. */
  readonly label: string;
  readonly scope: 'file' | 'repository';
  /** A unified diff. */
  readonly diff: string;
  /** The files whose diffs are attached, workspace-relative: listed before the diff. */
  readonly files?: readonly string[];
  /** Files left out because the prompt would have been over the limit. */
  readonly leftOut?: readonly string[];
}

export interface PromptParts {
  readonly instruction: string;
  readonly selection?: SelectionAttachment;
  readonly changes?: ChangesAttachment;
}

/** The bytes each list of files may take in a prompt; the names past it are counted, not listed. */
const LIST_BYTES = 3 * 1024;
/** A name longer than this is cut, so that one path cannot fill a list. */
const LISTED_NAME_CHARS = 200;
/** What a prompt's lists of files take at most, sentences included: kept free of diffs. */
export const LIST_ROOM_BYTES = 2 * LIST_BYTES + 512;

export function buildJobPrompt({ instruction, selection, changes }: PromptParts): string {
  const sections = [instruction.trim()];
  if (selection) {
    const lines =
      selection.startLine === selection.endLine ? `line ${selection.startLine}` : `lines ${selection.startLine}–${selection.endLine}`;
    // Cut as a selection sent with a question is, and said: the agent reads what it was not given.
    const cut = selection.text.length > MAX_SELECTION_CHARS;
    const text = cut ? selection.text.slice(0, MAX_SELECTION_CHARS) : selection.text;
    const said = cut
      ? ` (cut: its first ${MAX_SELECTION_CHARS.toLocaleString('en-US')} of ${selection.text.length.toLocaleString('en-US')} characters)`
      : '';
    sections.push(`## Selected from ${codeSpan(selection.path)}, ${lines}${said}\n\n${fenced(text, selection.language ?? '')}`);
  }
  if (changes) {
    const what = changes.scope === 'file' ? codeSpan(changes.label) : `the repository ${codeSpan(changes.label)}`;
    const lists = [
      ...(changes.files && changes.scope === 'repository' ? [`Files: ${codeList(changes.files)}.`] : []),
      ...(changes.leftOut?.length
        ? [`Left out, over the ${MAX_PROMPT_BYTES / 1024} KB limit of a prompt: ${codeList(changes.leftOut)}.`]
        : []),
    ];
    const diff = changes.diff.trim() === '' ? [] : [fenced(changes.diff, 'diff')];
    sections.push([`## Uncommitted changes of ${what}`, ...lists, ...diff].join('\n\n'));
  }
  return `${sections.join('\n\n')}\n`;
}

/**
 * `a.md`, `b.md`: each path in its own code span, so that none is read as Markdown, as many as fit
 * in LIST_BYTES; the rest are counted.
 */
function codeList(paths: readonly string[]): string {
  const listed: string[] = [];
  let bytes = 0;
  for (const path of paths) {
    const name = codeSpan(path.length > LISTED_NAME_CHARS ? `${path.slice(0, LISTED_NAME_CHARS)}…` : path);
    bytes += utf8Bytes(name) + 2;
    if (bytes > LIST_BYTES) break;
    listed.push(name);
  }
  const more = paths.length - listed.length;
  return more > 0 ? `${listed.join(', ')}${listed.length > 0 ? ', ' : ''}and ${more} more` : listed.join(', ');
}

/** A changed file, as far as a prompt needs it. */
export interface PromptFile {
  /** Workspace-relative. */
  readonly path: string;
  /** Why it may hold secrets; undefined when nothing says so. */
  readonly secret?: string;
}

/** What the draft says above a prompt: what was attached and left out, and which files may hold secrets. */
export interface PromptNotes {
  readonly attached?: string;
  readonly secrets?: readonly string[];
}

/**
 * The prompt with the changes of `files` attached, read a few at a time up to what a prompt holds
 * (the instruction and the selection first), and what its draft says of them.
 */
export async function withChanges<F extends PromptFile>(
  base: PromptParts,
  files: readonly F[],
  { scope, label }: Pick<ChangesAttachment, 'scope' | 'label'>,
  diffOf: (file: F, budgetBytes: number) => Promise<string | null>,
): Promise<{ parts: PromptParts; notes: PromptNotes }> {
  const budget = MAX_PROMPT_BYTES - utf8Bytes(buildJobPrompt(base)) - LIST_ROOM_BYTES;
  const gathered = await gatherDiffs(files, (file) => diffOf(file, budget), budget);
  const attached = gathered.attached.map(({ file }) => file.path);
  const leftOut = gathered.leftOut.map((file) => file.path);
  const unreadable = gathered.unreadable.map((file) => file.path);
  const changes: ChangesAttachment = { scope, label, diff: gathered.attached.map(({ diff }) => diff).join('\n'), files: attached, leftOut };
  return {
    parts: { ...base, changes },
    notes: {
      attached: attachedNote(attached.length, leftOut.length, unreadable),
      secrets: gathered.attached.filter(({ file }) => file.secret).map(({ file }) => `${file.path} (${file.secret})`),
    },
  };
}

/** Files named as holding secrets, at most: the rest are counted. */
const NAMED_SECRETS = 3;

/**
 * What is said of the attached files that may hold secrets (each `<path> (<why>)`), wherever a
 * prompt is shown before it is sent (its draft, the question an agent's call asks): the first few
 * by name.
 */
export function secretSentences(secrets: readonly string[]): string[] {
  const named = secrets.slice(0, NAMED_SECRETS).map((secret) => l10n.t('{0} may hold secrets: read its diff before starting', secret));
  const more = secrets.length - named.length;
  if (more === 0) return named;
  return [
    ...named,
    plural(
      more,
      l10n.t('{0} more file that may hold secrets: read their diffs before starting', more),
      l10n.t('{0} more files that may hold secrets: read their diffs before starting', more),
    ),
  ];
}

/** What the draft says was attached, left out (counted) and could not be read (named), in a line. */
function attachedNote(attached: number, leftOut: number, unreadable: readonly string[]): string {
  const limit = formatKilobytes(MAX_PROMPT_BYTES);
  if (unreadable.length === 0) {
    if (leftOut === 0)
      return plural(
        attached,
        l10n.t('Attached: the changes of {0} file', attached),
        l10n.t('Attached: the changes of {0} files', attached),
      );
    return plural(
      attached,
      l10n.t('Attached: the changes of {0} file; left out, over the {1} limit: {2}', attached, limit, leftOut),
      l10n.t('Attached: the changes of {0} files; left out, over the {1} limit: {2}', attached, limit, leftOut),
    );
  }
  const unread = unreadableText(unreadable);
  if (leftOut === 0) {
    return plural(
      attached,
      l10n.t('Attached: the changes of {0} file; could not be read: {1}', attached, unread),
      l10n.t('Attached: the changes of {0} files; could not be read: {1}', attached, unread),
    );
  }
  return plural(
    attached,
    l10n.t(
      'Attached: the changes of {0} file; left out, over the {1} limit: {2}; could not be read: {3}',
      attached,
      limit,
      leftOut,
      unread,
    ),
    l10n.t(
      'Attached: the changes of {0} files; left out, over the {1} limit: {2}; could not be read: {3}',
      attached,
      limit,
      leftOut,
      unread,
    ),
  );
}

/** The first few files that could not be read, by name (quoted: a path is anyone's text). */
function unreadableText(paths: readonly string[]): string {
  return firstAndMore(
    paths.map((path) => quotedLine(path, 80)),
    3,
  );
}

/** The cost of anything sent to a job, in the words every question and every draft shows. */
export function costLine(): string {
  return l10n.t(
    "Cost: an agent job spends your documentation platform's credits, and the platform starts at most 100 jobs and follow-ups per project an hour.",
  );
}
