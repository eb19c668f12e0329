// Where fenced code blocks are, read line by line as CommonMark reads them: page headings, links in
// a page and the opening of an answer are all looked for outside them.

/** Follows the fences of a text given one line at a time, in order. */
export class CodeFences {
  private open: string | undefined;

  /** Whether `line` opens, is inside or closes a fenced code block. */
  isCode(line: string): boolean {
    if (this.open !== undefined) {
      // Only a run of the opening's marker, at least as long, with nothing after it, closes it.
      const closing = /^ {0,3}(`+|~+)\s*$/.exec(line)?.[1];
      if (closing && closing[0] === this.open[0] && closing.length >= this.open.length) this.open = undefined;
      return true;
    }
    this.open = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    return this.open !== undefined;
  }
}
