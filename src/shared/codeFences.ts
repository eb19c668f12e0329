// Code fences as CommonMark reads them, in one place: what opens one (a run of three or more
// backticks or tildes, indented at most three spaces; a backtick run's info string holds no
// backtick), what closes it (a run of the same character, at least as long, and nothing after),
// and the language its info string names. Every reader of Markdown here builds on these rules: the
// line reader below (page headings, links in a page, the opening of an answer), the stream reader
// of @docs' answers (AnswerParts), and the writer of agent prompts (fenceFor).

/** A line that opens a fence: the spaces before its run, the run (the closing one to write), and its info string. */
export interface FenceOpening {
  readonly indent: number;
  readonly run: string;
  readonly info: string;
}

/**
 * How far a fence's run may be indented: CommonMark's three spaces, or (`anyIndent`) any spaces or
 * tabs, as in an MDX page, whose components indent the code they hold (and the preview reads it so).
 */
export interface FenceIndent {
  readonly anyIndent?: boolean;
}

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const OPENING_ANY_INDENT = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/** The fence `line` opens, if it opens one. */
export function fenceOpening(line: string, { anyIndent = false }: FenceIndent = {}): FenceOpening | undefined {
  const fence = (anyIndent ? OPENING_ANY_INDENT : OPENING).exec(line);
  // A backtick fence's info string may not hold a backtick: the line is then code spans, not a fence.
  if (!fence || (fence[2][0] === '`' && fence[3].includes('`'))) return undefined;
  return { indent: fence[1].length, run: fence[2], info: fence[3] };
}

/** Whether a whole line closes the fence opened by `run`: a run of its character, at least as long, and nothing after. */
export function closesFence(line: string, run: string, { anyIndent = false }: FenceIndent = {}): boolean {
  const closing = (anyIndent ? /^[ \t]*(`+|~+)[ \t]*$/ : /^ {0,3}(`+|~+)[ \t]*$/).exec(line)?.[1];
  return closing !== undefined && closing[0] === run[0] && closing.length >= run.length;
}

/** The first word of an info string: what renderers read as the fence's language. */
export function infoWord(info: string): string {
  return info.trim().split(/\s/)[0];
}

/** The backtick run that encloses `text` in a fence (or, `inline`, a code span) nothing inside can close. */
export function fenceFor(text: string, { inline = false } = {}): string {
  const longest = Math.max(inline ? 0 : 2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(longest + 1);
}

/** Follows the fences of a text given one line at a time, in order. */
export class CodeFences {
  private open: string | undefined;

  constructor(private readonly indent: FenceIndent = {}) {}

  /** Whether `line` opens, is inside or closes a fenced code block. */
  isCode(line: string): boolean {
    if (this.open !== undefined) {
      if (closesFence(line, this.open, this.indent)) this.open = undefined;
      return true;
    }
    this.open = fenceOpening(line, this.indent)?.run;
    return this.open !== undefined;
  }
}

/** A code block whose fence is longer than any run of backticks inside, so nothing can close it early. */
export function fenced(text: string, language: string): string {
  const fence = fenceFor(text);
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/** A code span (a path, a name) whose run is longer than any inside it. */
export function codeSpan(text: string): string {
  const fence = fenceFor(text, { inline: true });
  // A span whose text starts or ends with a backtick needs a space inside its fence.
  return /^`|`$/.test(text) ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}
