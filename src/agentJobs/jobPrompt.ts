// The prompt for a new agent job: the user's instruction, then what they chose to attach (the
// selected code with its place, the uncommitted changes as a unified diff), as Markdown the agent
// reads and the user can edit before anything is sent.

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
    sections.push(`## Uncommitted changes of ${what}\n\n${fenced(changes.diff, 'diff')}`);
  }
  return `${sections.join('\n\n')}\n`;
}

/** A code block whose fence is longer than any run of backticks inside, so nothing can close it early. */
export function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}
