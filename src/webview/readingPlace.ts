// Where a reader who scrolled up is reading: the innermost block at the top of the view, and where
// it stood. When text above it reflows (the view got wider or narrower, its font changed, answers
// were measured again), scrolling that block back to where it stood keeps the same words in front
// of the reader. The view scrolls itself, so the browser's own scroll anchoring is off and cannot.
// What scrolls starts at the top of the page, and the page itself never scrolls (chat.css), so the
// top of the view is at 0.

/** Elements that hold blocks: the place is looked for inside them, down to a paragraph, item or code. */
const HOLDERS = 'article, section, div, nav, ul, ol, blockquote';

export interface ReadingPlace {
  readonly block: Element;
  /** Its top, from the top of the view, when the place was taken. */
  readonly top: number;
  readonly height: number;
}

/**
 * The reader's place now. Taken in a scroll event, when layout is mostly done already. The root's
 * children (turns) may be hundreds, all shown and in order down the page, so halving finds the one
 * at the top; inside it, a few children at a time are looked at, some hidden.
 */
export function placeAtTop(root: Element): ReadingPlace | undefined {
  let block = childAtTop(root.children);
  while (block?.matches(HOLDERS)) {
    const inner = [...block.children].find(reachesIntoView);
    if (inner === undefined) break;
    block = inner;
  }
  if (block === undefined) return undefined;
  const { top, height } = block.getBoundingClientRect();
  return { block, top, height };
}

/**
 * How far the place has moved since it was taken: scrolling by this much puts it back. A block
 * that starts above the view is put back with as much of it above as before, in proportion: a
 * paragraph taller than the view may be half as tall once the view is wider, and would otherwise
 * leave the view altogether. Nothing moves for a block no longer shown.
 */
export function drift(place: ReadingPlace): number {
  // A block removed, or hidden, has no boxes.
  if (place.block.getClientRects().length === 0) return 0;
  const { top, height } = place.block.getBoundingClientRect();
  const wanted = place.top >= 0 || place.height === 0 ? place.top : (place.top * height) / place.height;
  return top - wanted;
}

function reachesIntoView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0;
}

/** The first of `children`, all shown and in order down the page, that reaches into the view. */
function childAtTop(children: HTMLCollection): Element | undefined {
  let low = 0;
  let high = children.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (children[middle].getBoundingClientRect().bottom > 0) high = middle;
    else low = middle + 1;
  }
  return children[low];
}
