// Finished blocks that arrived faster than a frame can draw them (a cached answer, a fast model, a
// restored conversation): the newest are drawn first, where a reader at the end is reading, and
// these, older, fill in before them, in order, a slice of a few milliseconds a task, so that the
// view answers a key, a scroll or Stop between slices. Their code goes in plain, to be highlighted
// once all the text is drawn (plainCode.ts); a code block too long for a slice goes in a slice at a
// time, hidden until it is whole. Why, and what it costs: docs/rendering.md.

import type { AnswerReferences } from './linkReferences';
import { renderMarkdown } from './markdown';
import { morphFrom } from './morph';

/** Characters of Markdown drawn at a time: a few milliseconds of rendering, parsing and layout. */
export const SLICE_CHARS = 4_096;
/** Characters of rendered HTML a group holds before a new one starts. */
export const GROUP_CHARS = 8_192;
/** A block with a fenced code block in it, which a step can cut at a line's end (other long blocks are drawn whole). */
const HAS_FENCE = /^ {0,3}(`{3,}|~{3,})/m;

/** A block of code too long for a slice: drawn in steps of lines. */
const isLongCode = (block: string): boolean => block.length > SLICE_CHARS && HAS_FENCE.test(block);

/** Where a backfill puts what it draws, and what it is drawn with. */
export interface BackfillPlace {
  /** The blocks' container: the groups the backfill makes go in it. */
  readonly groups: HTMLElement;
  /** The group drawn already that the backfill's blocks come before. */
  readonly before: HTMLElement;
  readonly references: AnswerReferences;
  newGroup(): HTMLElement;
  /** `root` holds code drawn plain, to be highlighted once all the text is drawn. */
  highlightLater(root: Element): void;
}

export class Backfill {
  /** The group being filled, and what it holds. */
  private group: HTMLElement | undefined;
  private groupChars = 0;
  /** A long code block drawn in steps, in a group of its own: how much of it is drawn. */
  private partial: { readonly group: HTMLElement; drawnTo: number } | undefined;

  constructor(
    private readonly blocks: string[],
    private readonly place: BackfillPlace,
  ) {}

  get done(): boolean {
    return this.blocks.length === 0;
  }

  /**
   * Draws blocks, in order, up to `budget` characters of Markdown (at least one block, or one step of
   * a long code block): what is left of the budget. Blocks are rendered and put in together, a
   * group's worth at most: one call of each costs less than many small ones.
   */
  drawSome(budget: number): number {
    let left = budget;
    while (this.blocks.length > 0 && left > 0) {
      if (this.partial || isLongCode(this.blocks[0])) {
        left -= this.drawStep(this.blocks[0]);
        continue;
      }
      let count = 1;
      let chars = this.blocks[0].length;
      const most = Math.min(left, GROUP_CHARS);
      for (; count < this.blocks.length && !isLongCode(this.blocks[count]) && chars + this.blocks[count].length <= most; count++)
        chars += this.blocks[count].length;
      const text = this.blocks.slice(0, count).join('');
      const html = renderMarkdown(text, { references: this.place.references.made, plainCode: true });
      const group = this.fillGroup(html.length);
      group.insertAdjacentHTML('beforeend', html);
      this.place.highlightLater(group);
      this.finished(group, text, count, html.length);
      left -= chars;
    }
    return left;
  }

  /**
   * One step of a long code block: its next slice, cut at a line's end; what it drew. The block's
   * group stays hidden until all its lines are there: a step then costs no style, layout or paint
   * of what it adds, and the block shows at once, above a reader at the end.
   */
  private drawStep(block: string): number {
    if (!this.partial) {
      const group = this.addGroup();
      group.hidden = true;
      this.partial = { group, drawnTo: 0 };
    }
    const partial = this.partial;
    const group = partial.group;
    const next = block.indexOf('\n', partial.drawnTo + SLICE_CHARS);
    const to = next < 0 ? block.length : next + 1;
    // The code is plain, so the block so far renders as cheaply as it escapes; morph appends its new lines.
    morphFrom(group, group.firstChild, '', renderMarkdown(block.slice(0, to), { references: this.place.references.made, plainCode: true }));
    const step = to - partial.drawnTo;
    partial.drawnTo = to;
    if (to === block.length) {
      this.partial = undefined;
      group.hidden = false;
      this.place.highlightLater(group);
      this.finished(group, block, 1, block.length);
    }
    return step;
  }

  /** The first `count` blocks, `text`, are drawn in `group`: the next go on. */
  private finished(group: HTMLElement, text: string, count: number, chars: number): void {
    this.blocks.splice(0, count);
    this.groupChars += chars;
    this.place.references.drawn(group, text, this.place.references.known());
  }

  /** The group the next block goes in: a new one before the place's, once the last is full. */
  private fillGroup(adding: number): HTMLElement {
    return this.group && !(this.groupChars > 0 && this.groupChars + adding > GROUP_CHARS) ? this.group : this.addGroup();
  }

  /** A new group, after those this backfill made and before the place's. */
  private addGroup(): HTMLElement {
    this.group = this.place.newGroup();
    this.place.groups.insertBefore(this.group, this.place.before);
    this.groupChars = 0;
    return this.group;
  }
}
