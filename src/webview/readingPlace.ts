// Where a reader who scrolled up is reading: the innermost block at the top of the view, and how
// far from the top it stood. When text above it reflows (the view got wider or narrower, its font
// changed, answers were measured again), scrolling that block back to where it stood keeps the same
// words in front of the reader. The view scrolls itself, so the browser's own scroll anchoring is
// off and cannot do this.

/** Elements that hold blocks: the place is looked for inside them, down to a paragraph, item or code. */
const HOLDERS = 'article, section, div, nav, ul, ol, blockquote';

export interface ReadingPlace {
  readonly block: Element;
  /** Its top, from the top of the view, when the place was taken. */
  readonly top: number;
}

/** The reader's place now: read after layout (in a scroll event), so reading it costs no layout of its own. */
export function placeAtTop(root: Element): ReadingPlace | undefined {
  let block: Element | undefined;
  for (let holder: Element | undefined = root; holder !== undefined;) {
    const crossing = firstShownBelowTop(holder.children);
    if (crossing === undefined) break;
    block = crossing;
    holder = crossing.matches(HOLDERS) ? crossing : undefined;
  }
  return block && { block, top: block.getBoundingClientRect().top };
}

/** How far the place has moved since it was taken: scrolling by this much puts it back. */
export function drift(place: ReadingPlace): number {
  return place.block.isConnected ? place.block.getBoundingClientRect().top - place.top : 0;
}

/** The first child that reaches below the top of the view; hidden ones (no box) are passed over. */
function firstShownBelowTop(children: HTMLCollection): Element | undefined {
  for (const child of children) {
    const box = child.getBoundingClientRect();
    if (box.height > 0 && box.bottom > 0) return child;
  }
  return undefined;
}
