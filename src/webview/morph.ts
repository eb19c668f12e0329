// Shows new HTML in an element by changing only what differs from what it shows now. The streaming
// answer's unfinished block is drawn anew a few times a second, and mostly only its last words
// change: replacing it whole would make the browser restyle and lay out every element of it each
// time, and would drop a reader's text selection in it. Kept nodes stay the same objects.

import { KEY, PLACEHOLDER_FOR } from './placeholder';

/** Parse detached and inert (nothing loads, no script runs), without touching the live element. */
const parser = document.createElement('template');
const tailParser = document.createElement('template');

/**
 * Leaves `container`'s children from `from` on (none, if it is null) as if they were set to the
 * HTML `finished` then `tail`, for flow content such as renderMarkdown's (not table parts, and no
 * <template>, whose content is not compared). Returns how many nodes `finished` made (they come
 * first), and how many placeholders kept a node drawn at their place: one that found none is left
 * in, and the caller draws again.
 */
export function morphFrom(
  container: Element,
  from: ChildNode | null,
  finished: string,
  tail: string,
): { finishedNodes: number; kept: number } {
  parser.innerHTML = finished;
  const count = parser.content.childNodes.length;
  tailParser.innerHTML = tail;
  parser.content.append(tailParser.content);
  const kept = morphChildren(container, parser.content, from);
  parser.content.replaceChildren();
  return { finishedNodes: count, kept };
}

/**
 * Children are matched by position: the text grows at its end, so what changes is at the end too.
 * A wanted node that is used is moved out of the parser, so each next sibling is read first.
 * Returns how many placeholders kept a node.
 */
function morphChildren(current: Node, wanted: Node, from = current.firstChild): number {
  let kept = 0;
  let shown = from;
  for (let next = wanted.firstChild; next;) {
    const nextWanted = next.nextSibling;
    if (!shown) current.appendChild(next);
    else {
      const nextShown = shown.nextSibling;
      const keep = next instanceof Element ? next.getAttribute(PLACEHOLDER_FOR) : null;
      if (keep !== null && shown instanceof Element && shown.getAttribute(KEY) === keep) kept++;
      else if (!shown.isEqualNode(next)) {
        if (!sameShell(shown, next)) current.replaceChild(next, shown);
        else if (shown instanceof CharacterData) setText(shown, (next as CharacterData).data);
        else kept += morphChildren(shown, next);
      }
      shown = nextShown;
    }
    next = nextWanted;
  }
  while (shown) {
    const nextShown = shown.nextSibling;
    current.removeChild(shown);
    shown = nextShown;
  }
  return kept;
}

/** Text that grew at its end is appended to, so that a selection in what was there stays put. */
function setText(shown: CharacterData, text: string): void {
  if (text.startsWith(shown.data)) shown.appendData(text.slice(shown.data.length));
  else shown.data = text;
}

/** Text or a comment for the same, or an element of the same name and attributes: only the inside differs. */
function sameShell(shown: Node, wanted: Node): boolean {
  if (shown.nodeType !== wanted.nodeType) return false;
  if (!(shown instanceof Element)) return true;
  const other = wanted as Element;
  if (shown.tagName !== other.tagName || shown.attributes.length !== other.attributes.length) return false;
  for (const attribute of other.attributes) if (shown.getAttribute(attribute.name) !== attribute.value) return false;
  return true;
}
