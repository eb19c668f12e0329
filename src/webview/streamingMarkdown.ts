// Renders an answer while it streams, at a cost per delta that does not grow with the answer: a
// finished block (cut at a blank line that nothing after it can carry on) is rendered once, and only
// the unfinished tail again, at most once a draw (drawThrottle). A block keeps the nodes the tail
// showed it in, so a reader's selection or focus stays on it. Text that comes faster than a frame
// can draw it is drawn in slices that each fit a frame: the newest first, the rest filling in before
// it (backfill.ts) with its code plain, highlighted once all the text is drawn (plainCode.ts), and a
// long unfinished tail in steps of lines. How and why: docs/rendering.md.

import { SUGGESTIONS_INFO } from '../shared/suggestions';
import { Backfill, type BackfillPlace, GROUP_CHARS, SLICE_CHARS } from './backfill';
import { BlockScanner, SCAN_CHARS } from './blockScanner';
import { type DrawThrottle, drawThrottle } from './drawThrottle';
import { DrawnChunks } from './codeChunks';
import { keepingSelection } from './dom';
import { AnswerReferences } from './linkReferences';
import { foldLabel, highlightCode, renderMarkdown } from './markdown';
import { morphFrom } from './morph';
import { PlainCode } from './plainCode';

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
  /** The text after the last finished block drawn (or being drawn): the tail. */
  private readonly scanner = new BlockScanner();
  /** How much of the tail is shown: a long tail that came at once is drawn in steps. */
  private tailShown = 0;
  /** Finished blocks that came faster than they could be drawn, filling in before newer ones, oldest first. */
  private readonly backfills: Backfill[] = [];
  /** The answer is complete: what its end defines is final, once everything is drawn. */
  private final = false;
  /** The tail was last drawn as the answer's end, with its definitions final. */
  private tailDrawnFinal = false;
  /** Characters of finished blocks at the start of the tail, kept with the tail until older blocks are drawn. */
  private keptInTail = 0;
  /** Blocks finished in a flood scanned so far, while the rest of it is scanned, a slice a step. */
  private found: string[] = [];

  /** The open tail's chunks of long code as last drawn, so that the next draw leaves them out. */
  private readonly drawnChunks = new DrawnChunks();
  /** The answer's link reference definitions, and the finished text that may use them. */
  private readonly references = new AnswerReferences(foldLabel);
  /** Code of the backfills, drawn plain, to be highlighted once all the text is drawn. */
  private readonly plainCode = new PlainCode(highlightCode);

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
    this.scanner.append(text);
    this.throttle.request(() => this.flush());
  }

  /** Forgets the waiting draw: this answer's nodes are about to be removed. */
  abandon(): void {
    this.throttle.cancel();
    this.backfills.length = 0;
    this.found = [];
    this.plainCode.clear();
  }

  /**
   * The answer is complete: what is left is drawn now, in slices when it is more than a frame's
   * worth. What its end defines is final from now on.
   */
  finish(): void {
    this.throttle.cancel();
    this.final = true;
    this.flush();
  }

  /** Draws what came since the last draw: at most a slice's worth of new blocks, the newest, and the tail. */
  private flush(): void {
    if (this.backfills.length === 0 && this.keptInTail > 0) {
      // The older blocks are all drawn: the newest, kept with the tail meanwhile, are found again.
      this.scanner.rescan();
      this.keptInTail = 0;
    }
    for (const block of this.scan()) this.found.push(block);
    // Which blocks are the newest is known once all that came is scanned: nothing is drawn till then.
    if (this.scanner.behind) return this.settle();
    const blocks = this.found;
    this.found = [];
    let chars = blocks.reduce((sum, block) => sum + block.length, 0);
    if (this.backfills.length === 0 && chars <= SLICE_CHARS) this.drawNewest(blocks.join(''));
    else {
      // More than a frame can draw: the newest blocks now, with the tail, where a reader at the end
      // reads; the others fill in before them (a new group keeps their place). Until they have, the
      // newest stay part of the tail: an answer's first definition of a link must win, and the
      // older blocks come first.
      let split = blocks.length;
      for (chars = 0; split > 0 && chars + blocks[split - 1].length <= SLICE_CHARS;) chars += blocks[--split].length;
      if (split > 0) {
        this.startGroup();
        this.backfills.push(new Backfill(blocks.slice(0, split), this.backfillPlace()));
      }
      const newest = blocks.slice(split).join('');
      this.scanner.putBack(newest);
      this.tailShown += newest.length;
      this.keptInTail += newest.length;
      this.drawNewest('');
    }
    this.settle();
  }

  /**
   * One step of catching up: the newest text and the tail's next lines first; else older blocks,
   * SLICE_CHARS at a time until `deadline` (what is left of the frame, frameSteps); once all the
   * text is drawn, the code drawn plain is highlighted.
   */
  private readonly catchUp = (deadline: number): void => {
    if (this.scanner.text.length > this.tailShown) return this.flush();
    while (this.backfills.length > 0 && performance.now() < deadline) {
      this.backfills[0].drawSome(SLICE_CHARS);
      if (this.backfills[0].done) this.backfills.shift();
    }
    if (this.backfills.length === 0 && this.keptInTail > 0) return this.flush();
    if (this.backfills.length === 0) this.plainCode.highlightUntil(deadline);
    this.settle();
  };

  /**
   * After a draw or a step: once nothing is left to draw, the links that may use a definition made
   * after them are drawn again (and, once the answer is complete, never after); the view follows
   * (a reader at the end stays there, however what is filled in above moves the browser's scroll
   * anchor); and the next step, of text or of highlighting, waits for the next frame.
   */
  private settle(): void {
    const catchingUp = this.backfills.length > 0 || this.scanner.text.length > this.tailShown;
    if (!catchingUp) {
      // The end of a complete answer drawn while older blocks were still to come: once more, as its end.
      if (this.final && !this.tailDrawnFinal) this.drawNewest('');
      this.redrawUsers(this.final);
      if (this.final) this.references.complete();
    }
    // For what waits for the whole answer to be drawn, or highlighted too (tests, the benchmark).
    this.groups.toggleAttribute('data-catching-up', catchingUp);
    this.groups.toggleAttribute('data-highlighting', this.plainCode.pending);
    this.onDraw();
    if (catchingUp || this.plainCode.pending) this.throttle.soon(this.catchUp);
  }

  /** The blocks finished in what came since: the tail keeps the rest. */
  private scan(): string[] {
    const blocks = this.scanner.takeFinished(SCAN_CHARS);
    const cut = blocks.reduce((sum, block) => sum + block.length, 0);
    this.tailShown = Math.max(0, this.tailShown - cut);
    this.keptInTail = Math.max(0, this.keptInTail - cut);
    return blocks;
  }

  /** Draws `finished` (the newest blocks finished) in the place of the tail that showed them, then the tail. */
  private drawNewest(finished: string): void {
    const final = this.final;
    this.showMoreTail();
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
  }

  /** Where the blocks of a backfill go: before the group drawn now, which holds newer ones. */
  private backfillPlace(): BackfillPlace {
    const [groups, before, references] = [this.groups, this.group, this.references];
    return { groups, before, references, newGroup: () => this.newGroup(false), highlightLater: (root) => this.plainCode.add(root) };
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

  /** A group of finished blocks, appended after the others unless `append` is false. */
  private newGroup(append = true): HTMLElement {
    const group = document.createElement('div');
    group.className = 'md-group';
    if (append) this.groups.appendChild(group);
    return group;
  }

  /**
   * The tail's HTML as it may be shown now. Until the answer is complete, a half-arrived fence line
   * is held back (it is not yet known whether it opens code or suggestions), and so is the
   * half-arrived line of an open suggestions block, which would flash a wrong link. Once it is
   * complete, the tail's link definitions are made, and blocks before it may use them.
   */
  private tailHtml(final: boolean, drawn?: DrawnChunks): string {
    let shown = this.scanner.text.slice(0, this.tailShown);
    if (!final || shown.length < this.scanner.text.length) {
      const lastLineStart = shown.lastIndexOf('\n') + 1;
      const holdLastLine = !this.scanner.inCode
        ? FENCE_START.test(shown.slice(lastLineStart))
        : this.scanner.fenceInfo === SUGGESTIONS_INFO;
      if (holdLastLine) shown = shown.slice(0, lastLineStart);
    }
    // The answer's last definitions count once everything before them is drawn.
    this.tailDrawnFinal = final && shown.length === this.scanner.text.length && this.backfills.length === 0;
    const references = this.tailDrawnFinal ? this.references.made : this.references.draft();
    return renderMarkdown(shown.trim() === '' ? '' : shown, { drawn, references });
  }

  /**
   * How much of the tail the next draw shows: a slice more than the last draw showed, cut at a
   * line's end (a long code block that came at once grows as if it were arriving), or all of it.
   */
  private showMoreTail(): void {
    const end = this.scanner.text.indexOf('\n', this.tailShown + SLICE_CHARS);
    this.tailShown = end < 0 ? this.scanner.text.length : end + 1;
  }
}
