// Where fenced code blocks are, read line by line as CommonMark reads them: page headings, links in
// a page and the opening of an answer are all looked for outside them.

/** Follows the fences of a text given one line at a time, in order. */
export class CodeFences {
  private open: string | undefined;
  private readonly opening: RegExp;
  private readonly closing: RegExp;

  /**
   * With `anyIndent`, a run indented by any spaces or tabs is a fence's, as in an MDX page, whose
   * components indent the code they hold (and the preview reads it so); else at most three spaces.
   */
  constructor({ anyIndent = false } = {}) {
    const indent = anyIndent ? '[ \\t]*' : ' {0,3}';
    this.opening = new RegExp(`^${indent}(\`{3,}|~{3,})(.*)`);
    // Only a run of the opening's marker, at least as long, with nothing after it, closes it.
    this.closing = new RegExp(`^${indent}(\`+|~+)[ \\t]*$`);
  }

  /** Whether `line` opens, is inside or closes a fenced code block. */
  isCode(line: string): boolean {
    if (this.open !== undefined) {
      const closing = this.closing.exec(line)?.[1];
      if (closing && closing[0] === this.open[0] && closing.length >= this.open.length) this.open = undefined;
      return true;
    }
    const opening = this.opening.exec(line);
    // A backtick fence's language may not hold a backtick (the line is then code spans, not a fence).
    this.open = opening && !(opening[1][0] === '`' && opening[2].includes('`')) ? opening[1] : undefined;
    return this.open !== undefined;
  }
}
