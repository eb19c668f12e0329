/** Creates an element with a class and, optionally, text (never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(label: string, className: string, onClick: () => void, ariaLabel?: string): HTMLButtonElement {
  const node = el('button', className, label);
  node.type = 'button';
  if (ariaLabel) node.setAttribute('aria-label', ariaLabel);
  node.addEventListener('click', onClick);
  return node;
}

/**
 * What a translated sentence is given for a part of it shown as an element of its own (a label in
 * bold, a name): `l10n.t('Answers from {0}', SLOT)`. aroundSlot() gives the words before and after it.
 */
export const SLOT = '\uE000';

/** The words of `sentence` before and after its SLOT (all of them before, if a translation left it out). */
export function aroundSlot(sentence: string): [before: string, after: string] {
  const at = sentence.indexOf(SLOT);
  return at < 0 ? [sentence, ''] : [sentence.slice(0, at), sentence.slice(at + SLOT.length)];
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A 16×16 line icon drawn in the text colour. Drawn rather than typed, because symbol characters
 * are missing from many fonts and codicons would be a font to ship for one glyph.
 */
export function lineIcon(className: string, pathData: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const path = document.createElementNS(SVG_NS, 'path');
  setAttributes(svg, { class: className, viewBox: '0 0 16 16', width: '12', height: '12', 'aria-hidden': 'true' });
  setAttributes(path, {
    d: pathData,
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.5',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
  svg.append(path);
  return svg;
}

function setAttributes(element: Element, attributes: Record<string, string>): void {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/** The `</>` mark of an attached selection. */
export const SELECTION_ICON = 'M5.5 4 2 8l3.5 4M10.5 4 14 8l-3.5 4M9 3 7 13';

/**
 * Runs `move`, which takes `nodes` out of the page and puts them back elsewhere, and gives back the
 * selection that ended in them and the focus that was in them: nodes taken out lose both.
 */
export function keepingSelection(nodes: readonly Node[], move: () => void): void {
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
