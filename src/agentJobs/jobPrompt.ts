// The prompt for a new agent job: the user's instruction, then what they chose to attach (the
// selected code with its place, the uncommitted changes as a unified diff), as Markdown the agent
// reads and the user can edit before anything is sent.

import { formatKilobytes, MAX_PROMPT_BYTES } from '../platform/agentJob';

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

export function buildJobPrompt({ instruction, selection, changes }: PromptParts): string {
  const sections = [instruction.trim()];
  if (selection) {
    const lines =
      selection.startLine === selection.endLine ? `line ${selection.startLine}` : `lines ${selection.startLine}–${selection.endLine}`;
    sections.push(`## Selected from \`${selection.path}\`, ${lines}\n\n${fenced(selection.text, selection.language ?? '')}`);
  }
  if (changes) {
    const what = changes.scope === 'file' ? `\`${changes.label}\`` : `the repository ${changes.label}`;
    const lists = [
      ...(changes.files && changes.scope === 'repository' ? [`Files: ${codeList(changes.files)}.`] : []),
      ...(changes.leftOut?.length
        ? [`Left out, over the ${formatKilobytes(MAX_PROMPT_BYTES)} limit of a prompt: ${codeList(changes.leftOut)}.`]
        : []),
    ];
    const diff = changes.diff.trim() === '' ? [] : [fenced(changes.diff, 'diff')];
    sections.push([`## Uncommitted changes of ${what}`, ...lists, ...diff].join('\n\n'));
  }
  return `${sections.join('\n\n')}\n`;
}

/** `a.md`, `b.md`: each path in its own code span, so that none is read as Markdown. */
function codeList(paths: readonly string[]): string {
  return paths.map((path) => fenced(path, '', true)).join(', ');
}

/** A code block whose fence is longer than any run of backticks inside, so nothing can close it early. */
export function fenced(text: string, language: string, inline = false): string {
  const longest = Math.max(inline ? 0 : 2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  // An inline span whose text starts or ends with a backtick needs a space inside its fence.
  if (inline) return /^`|`$/.test(text) ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}
