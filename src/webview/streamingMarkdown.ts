// Renders an answer while it streams, at a cost per delta that does not grow with the answer: a
// finished block (cut at a blank line that nothing after it can carry on) is rendered once, and only
// the unfinished tail again, at most once a draw (drawThrottle). A block keeps the nodes the tail
// showed it in, so a reader's selection or focus stays on it. How and why: docs/rendering.md.

import { SUGGESTIONS_INFO } from '../shared/suggestions';
import { type DrawThrottle, drawThrottle } from './drawThrottle';
import { DrawnChunks } from './codeChunks';
import { AnswerReferences } from './linkReferences';
import { foldLabel, renderMarkdown } from './markdown';
import { morphFrom } from './morph';

/** A fence line: a run of backticks with none after it on the line (or it is inline code), or of tildes. */
const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})\s*(\S*)/;
/** Characters of rendered HTML a group of finished blocks holds before a new one starts. */
const GROUP_CHARS = 8_192;
/** A line that may carry on the block before a blank line: indented, a list item, a quote. */
const CONTINUES = /^(\s|[-+*](\s|$)|\d{1,9}[.)](\s|$)|>)/;
/** A last line that is, or may yet become, a fence. */
const FENCE_START = /^ {0,3}(`{3,}|~{3,}|`{1,2}$|~{1,2}$)/;

export class StreamingMarkdown {
  private readonly groups: HTMLElement;
  /**
   * The group finished blocks go into, then the tail's nodes after them; once it holds enough, a
   * new one starts. A link defined late draws again the groups that use it, not the whole answer.
   */
  private group: HTMLElement;
  private groupChars = 0;
  /** The group's last node of a finished block: the tail's nodes come after it. */
  private lastFinished: ChildNode | null = null;
  /** Text after the last committed block. */
  private pending = '';
  /** Where in `pending` the next unscanned line starts. */
  private scanned = 0;
  /** The open fence (its run of ` or ~), or undefined outside code. */
  private fence: string | undefined;
  /** The open fence's info string's first word. */
  private fenceInfo = '';
  /** After blank lines outside code: where the next block would start, if its first line starts afresh. */
  private candidate: number | undefined;

  /** The open tail's chunks of long code as last drawn, so that the next draw leaves them out. */
  private readonly drawnChunks = new DrawnChunks();
  /** The answer's link reference definitions, and the finished text that may use them. */
  private readonly references = new AnswerReferences(foldLabel);

  constructor(
    container: HTMLElement,
    private readonly throttle: DrawThrottle = drawThrottle(),
    /** After each draw, once the DOM holds the new text. */
    private readonly onDraw: () => void = () => {},
  ) {
    this.groups = container.appendChild(document.createElement('div'));
    this.groups.className = 'md-blocks';
    this.group = this.newGroup();
  }

  append(text: string): void {
    this.pending += text;
    this.throttle.request(() => this.flush());
  }

  /** Forgets the waiting draw: this answer's nodes are about to be removed. */
  abandon(): void {
    this.throttle.cancel();
  }

  /** Renders everything now: the answer is complete. What its end defines is final from now on. */
  finish(): void {
    this.throttle.cancel();
    this.flush(true);
  }

  private flush(final = false): void {
    let boundary = -1;
    let lineStart = this.scanned;
    for (let newline = this.pending.indexOf('\n', lineStart); newline >= 0; newline = this.pending.indexOf('\n', lineStart)) {
      const line = this.pending.slice(lineStart, newline);
      const match = FENCE.exec(line);
      const marker = match?.[1];
      if (this.fence === undefined) {
        if (line.trim() === '') this.candidate = newline + 1;
        else {
          if (this.candidate !== undefined && !CONTINUES.test(line)) boundary = this.candidate;
          this.candidate = undefined;
          if (marker) {
            this.fence = marker;
            this.fenceInfo = match?.[2] ?? '';
          }
        }
      } else if (marker && marker[0] === this.fence[0] && marker.length >= this.fence.length && line.trim() === marker) {
        this.fence = undefined;
      }
      lineStart = newline + 1;
    }
    this.scanned = lineStart;
    let finished = '';
    if (boundary > 0) {
      finished = this.pending.slice(0, boundary);
      this.pending = this.pending.slice(boundary);
      this.scanned -= boundary;
      if (this.candidate !== undefined) this.candidate -= boundary;
    }
    if (this.groupChars > GROUP_CHARS) this.startGroup();
    let drawn = this.draw(finished, final);
    if (drawn.kept < this.drawnChunks.placeholders) {
      // A chunk found nothing at its place to keep (the blocks before it changed shape): all in full.
      this.drawnChunks.forget();
      drawn = this.draw(finished, final);
    }
    this.drawnChunks.drawn();
    for (let i = 0; i < drawn.finishedNodes; i++) this.lastFinished = this.tailStart();
    this.groupChars += drawn.finishedChars;
    if (finished !== '') this.references.drawn(this.group, finished, drawn.knew);
    this.redrawUsers(final);
    if (final) this.references.complete();
    this.onDraw();
  }

  /**
   * Draws the blocks just finished, in the place of the tail that showed them, then the tail: how
   * many nodes and characters of HTML the finished blocks made, how many link definitions were made
   * when they were rendered, and how many drawn chunks were kept.
   */
  private draw(finished: string, final: boolean): { finishedNodes: number; finishedChars: number; knew: number; kept: number } {
    this.drawnChunks.start();
    const html = finished === '' ? '' : renderMarkdown(finished, { drawn: this.drawnChunks, references: this.references.made });
    const knew = this.references.known();
    const finishedChars = html.length + this.drawnChunks.placeholderChars;
    this.drawnChunks.finishBlocks();
    return { ...morphFrom(this.group, this.tailStart(), html, this.tailHtml(final, this.drawnChunks)), finishedChars, knew };
  }

  /**
   * Draws again the finished blocks that may use a link definition made after they were drawn.
   * Rare (an answer's definitions mostly come together, at its end), so a group is drawn again
   * whole, and morph keeps what did not change.
   */
  private redrawUsers(final: boolean): void {
    for (const { group, texts } of this.references.stale()) {
      const html = texts.map((text) => renderMarkdown(text, { references: this.references.made })).join('');
      if (group !== this.group) {
        morphFrom(group, group.firstChild, html, '');
        continue;
      }
      // The tail as well, in full: morph keeps its drawn chunks of code, as they are the same.
      const { finishedNodes } = morphFrom(group, group.firstChild, html, this.tailHtml(final));
      this.lastFinished = finishedNodes === 0 ? null : group.childNodes[finishedNodes - 1];
    }
  }

  /**
   * Finished blocks go into groups of a few kilobytes; a full group changes again only for a link
   * defined after it. The tail's nodes move on to the new group, keeping the reader's selection and
   * focus in them.
   */
  private startGroup(): void {
    const tail: ChildNode[] = [];
    for (let node = this.tailStart(); node; node = node.nextSibling) tail.push(node);
    keepingSelection(tail, () => {
      for (const node of tail) node.remove();
      this.group = this.newGroup();
      this.group.append(...tail);
    });
    this.lastFinished = null;
    this.groupChars = 0;
  }

  /** The tail's first node, if it has any. */
  private tailStart(): ChildNode | null {
    return this.lastFinished ? this.lastFinished.nextSibling : this.group.firstChild;
  }

  private newGroup(): HTMLElement {
    const group = this.groups.appendChild(document.createElement('div'));
    group.className = 'md-group';
    return group;
  }

  /**
   * The tail's HTML as it may be shown now. Until the answer is complete, a half-arrived fence line
   * is held back (it is not yet known whether it opens code or suggestions), and so is the
   * half-arrived line of an open suggestions block, which would flash a wrong link. Once it is
   * complete, the tail's link definitions are made, and blocks before it may use them.
   */
  private tailHtml(final: boolean, drawn?: DrawnChunks): string {
    let shown = this.pending;
    if (!final) {
      const lastLineStart = shown.lastIndexOf('\n') + 1;
      const holdLastLine = this.fence === undefined ? FENCE_START.test(shown.slice(lastLineStart)) : this.fenceInfo === SUGGESTIONS_INFO;
      if (holdLastLine) shown = shown.slice(0, lastLineStart);
    }
    const references = final ? this.references.made : this.references.draft();
    return renderMarkdown(shown.trim() === '' ? '' : shown, { drawn, references });
  }
}

/**
 * Runs `move`, which takes `nodes` out of the page and puts them back elsewhere, and gives back the
 * selection that ended in them and the focus that was in them: nodes taken out lose both.
 */
function keepingSelection(nodes: readonly Node[], move: () => void): void {
  const within = (node: Node | null) => node !== null && nodes.some((moved) => moved.contains(node));
  const selection = document.getSelection();
  const ends =
    selection && selection.rangeCount > 0 && (within(selection.anchorNode) || within(selection.focusNode))
      ? ([selection.anchorNode!, selection.anchorOffset, selection.focusNode!, selection.focusOffset] as const)
      : undefined;
  const focused = document.activeElement instanceof HTMLElement && within(document.activeElement) ? document.activeElement : undefined;
  move();
  focused?.focus({ preventScroll: true });
  if (ends) selection?.setBaseAndExtent(...ends);
}
