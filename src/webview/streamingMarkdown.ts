// Renders an answer while it streams, at a cost per delta that does not grow with the answer.
// Text is cut into blocks at blank lines outside code fences: a finished block is rendered once
// and never touched again; only the unfinished tail is rendered again, at most once a frame.
//
// A blank line ends a block only if what follows cannot carry it on: a list item after a blank
// line makes the list loose, an indented line continues an item or a code block. So a cut is made
// once the next block's first line has arrived whole and starts afresh, and the text renders the
// same however it arrives.

import { SUGGESTIONS_INFO } from '../chat/suggestions';
import { type FrameScheduler, throttledFrames } from './frames';
import { renderMarkdown } from './markdown';
import { morphInto } from './morph';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*(\S*)/;
/** Characters of rendered HTML a group of finished blocks holds before it is settled. */
const GROUP_CHARS = 8_192;
/** The class of a settled group: see settle(). */
const SETTLED = 'md-settled';
/** A line that may carry on the block before a blank line: indented, a list item, a quote. */
const CONTINUES = /^(\s|[-+*](\s|$)|\d{1,9}[.)](\s|$)|>)/;
/** A last line that is, or may yet become, a fence. */
const FENCE_START = /^ {0,3}(`{3,}|~{3,}|`{1,2}$|~{1,2}$)/;

export class StreamingMarkdown {
  private readonly committed: HTMLElement;
  /** The group finished blocks go into; once it holds enough, it is settled and a new one starts. */
  private group: HTMLElement | undefined;
  private groupChars = 0;
  private readonly tail: HTMLElement;
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

  constructor(
    container: HTMLElement,
    private readonly render: (markdown: string) => string = renderMarkdown,
    private readonly frames: FrameScheduler = throttledFrames(),
    /** After each draw, once the DOM holds the new text. */
    private readonly onDraw: () => void = () => {},
  ) {
    this.committed = container.appendChild(document.createElement('div'));
    this.tail = container.appendChild(document.createElement('div'));
    this.committed.className = 'md-blocks';
    this.tail.className = 'md-tail';
  }

  append(text: string): void {
    this.pending += text;
    this.frames.request(() => this.flush());
  }

  /** Renders everything now: the answer is complete, or the caller needs it drawn. */
  finish(): void {
    this.frames.cancel();
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
    if (boundary > 0) {
      this.commit(this.render(this.pending.slice(0, boundary)));
      this.pending = this.pending.slice(boundary);
      this.scanned -= boundary;
      if (this.candidate !== undefined) this.candidate -= boundary;
    }
    morphInto(this.tail, this.shownTail(final));
    this.onDraw();
  }

  /**
   * Adds finished blocks. They go into groups of a few kilobytes; a full group is settled (the
   * browser may then skip it while it is off screen) and never changes again. Settling groups, not
   * blocks, keeps the browser from checking each new block's visibility in a frame of its own.
   */
  private commit(html: string): void {
    if (!this.group || this.groupChars > GROUP_CHARS) {
      if (this.group) settle(this.group);
      this.group = this.committed.appendChild(document.createElement('div'));
      this.group.className = 'md-group';
      this.groupChars = 0;
    }
    this.group.insertAdjacentHTML('beforeend', html);
    this.groupChars += html.length;
  }

  /**
   * The tail as it may be shown now. Until the answer is complete, a half-arrived fence line is held
   * back (it is not yet known whether it opens code or suggestions), and so is the half-arrived line
   * of an open suggestions block, which would flash a wrong link.
   */
  private shownTail(final: boolean): string {
    let shown = this.pending;
    if (!final) {
      const lastLineStart = shown.lastIndexOf('\n') + 1;
      const holdLastLine = this.fence === undefined ? FENCE_START.test(shown.slice(lastLineStart)) : this.fenceInfo === SUGGESTIONS_INFO;
      if (holdLastLine) shown = shown.slice(0, lastLineStart);
    }
    return shown.trim() === '' ? '' : this.render(shown);
  }
}

/**
 * Lets the browser skip a group while it is off screen. A skipped group is as tall as its
 * contain-intrinsic-size says: a group settled at the stylesheet's placeholder size as it leaves the
 * screen would shrink the conversation by thousands of pixels, and a view following the answer would
 * scroll to a wrong end and stop following. So the group is given the height it has, read now,
 * while nothing of this draw has changed the view yet. The height is given without `auto`: with
 * it, the browser would keep using the height it last saw, even after remeasureSettled.
 */
function settle(group: HTMLElement, height = laidOutHeight(group)): void {
  // A view not shown measures nothing; its groups keep the placeholder until they are measured.
  if (height > 0) group.style.containIntrinsicSize = `${height}px`;
  group.classList.add(SETTLED);
}

/**
 * A group's height once settled: as laid out now, plus the top margin of its first block, which
 * collapses through the group's edge until the group is contained. 0 if it is not shown.
 */
function laidOutHeight(group: HTMLElement): number {
  if (group.getClientRects().length === 0) return 0;
  const first = group.firstElementChild;
  return group.getBoundingClientRect().height + (first ? parseFloat(getComputedStyle(first).marginTop) || 0 : 0);
}

/**
 * A settled group off screen is as tall as it was at the width it was settled at. Once the view is
 * wider or narrower, that height is wrong, and a reader scrolling up would skip text, or see it
 * twice, as each group came into view at its true height. So after the view changes size, every
 * settled group is laid out and measured again (one layout of them all). Text in view moves as
 * groups above it grow or shrink: the caller keeps the reader's place.
 */
export function remeasureSettled(root: ParentNode): void {
  const groups = [...root.querySelectorAll<HTMLElement>(`.${SETTLED}`)];
  for (const group of groups) group.classList.remove(SETTLED);
  const heights = groups.map(laidOutHeight);
  groups.forEach((group, i) => settle(group, heights[i]));
}
