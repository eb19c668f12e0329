// Where a streaming answer's blocks end: a blank line outside code that nothing after it carries on
// (an indented line, a list item, a quote would). Scans each line once, however the text arrives,
// and a flood a slice at a time; what is before the last such blank line is finished, and never
// changes as more text comes.

/** Characters of new text a draw or step scans for its blocks' ends, at most: a few milliseconds. */
export const SCAN_CHARS = 64 * 1024;

/** A fence line: a run of backticks with none after it on the line (or it is inline code), or of tildes. */
const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})\s*(\S*)/;
/** A line that may carry on the block before a blank line: indented, a list item, a quote. */
const CONTINUES = /^(\s|[-+*](\s|$)|\d{1,9}[.)](\s|$)|>)/;

export class BlockScanner {
  /** The text after the last finished block taken. */
  private tail = '';
  /** Where in `tail` the next unscanned line starts. */
  private scanned = 0;
  /** The open fence (its run of ` or ~), or undefined outside code. */
  private fence: string | undefined;
  /** The open fence's info string's first word. */
  private info = '';
  /** After blank lines outside code: where the next block would start, if its first line starts afresh. */
  private candidate: number | undefined;

  /** The unfinished text: what follows the finished blocks taken so far. */
  get text(): string {
    return this.tail;
  }

  /** Whether whole lines are left to scan: what came was more than a call scans. */
  get behind(): boolean {
    return this.tail.indexOf('\n', this.scanned) >= 0;
  }

  /** Whether the text ends inside a fenced block. */
  get inCode(): boolean {
    return this.fence !== undefined;
  }

  /** The open fenced block's info string's first word ('' outside code). */
  get fenceInfo(): string {
    return this.fence === undefined ? '' : this.info;
  }

  append(text: string): void {
    this.tail += text;
  }

  /**
   * The blocks finished in the next `most` characters (or so, to a line's end) of what came since
   * the last call, in order; `text` keeps the rest.
   */
  takeFinished(most = Number.POSITIVE_INFINITY): string[] {
    const boundaries: number[] = [];
    let lineStart = this.scanned;
    const stop = lineStart + most;
    for (let newline = this.tail.indexOf('\n', lineStart); newline >= 0 && lineStart < stop; newline = this.tail.indexOf('\n', lineStart)) {
      const line = this.tail.slice(lineStart, newline);
      const match = FENCE.exec(line);
      const marker = match?.[1];
      if (this.fence === undefined) {
        if (line.trim() === '') this.candidate = newline + 1;
        else {
          if (this.candidate !== undefined && !CONTINUES.test(line)) boundaries.push(this.candidate);
          this.candidate = undefined;
          if (marker) {
            this.fence = marker;
            this.info = match?.[2] ?? '';
          }
        }
      } else if (marker && marker[0] === this.fence[0] && marker.length >= this.fence.length && line.trim() === marker) {
        this.fence = undefined;
      }
      lineStart = newline + 1;
    }
    this.scanned = lineStart;
    const blocks: string[] = [];
    let from = 0;
    for (const boundary of boundaries) {
      blocks.push(this.tail.slice(from, boundary));
      from = boundary;
    }
    this.cut(from);
    return blocks;
  }

  /** Puts finished blocks back before the text, unscanned as blocks until `rescan`. */
  putBack(text: string): void {
    this.tail = text + this.tail;
    this.scanned += text.length;
    if (this.candidate !== undefined) this.candidate += text.length;
  }

  /** Scans the text again from its start, which is a block's (and so outside code): blocks put back are found again. */
  rescan(): void {
    this.scanned = 0;
    this.fence = undefined;
    this.info = '';
    this.candidate = undefined;
  }

  private cut(length: number): void {
    if (length === 0) return;
    this.tail = this.tail.slice(length);
    this.scanned -= length;
    if (this.candidate !== undefined) this.candidate -= length;
  }
}
