// Shows new HTML in an element by changing only what differs from what it shows now. The streaming
// answer's unfinished tail is drawn anew a few times a second, and mostly only its last words
// change: replacing it whole would make the browser restyle and lay out every element of it each
// time, and would drop a reader's text selection in it. Kept nodes stay the same objects.

const parser = document.createElement('template');

export function morphInto(container: Element, html: string): void {
  parser.innerHTML = html;
  morphChildren(container, parser.content);
}

function morphChildren(current: Node, next: Node): void {
  let shown = current.firstChild;
  for (let wanted = next.firstChild; wanted;) {
    const following = wanted.nextSibling;
    if (!shown) current.appendChild(wanted);
    else {
      const after = shown.nextSibling;
      if (!shown.isEqualNode(wanted)) {
        if (sameShell(shown, wanted)) {
          if (shown.nodeType === Node.ELEMENT_NODE) morphChildren(shown, wanted);
          else setText(shown as CharacterData, (wanted as CharacterData).data);
        } else current.replaceChild(wanted, shown);
      }
      shown = after;
    }
    wanted = following;
  }
  while (shown) {
    const after = shown.nextSibling;
    current.removeChild(shown);
    shown = after;
  }
}

/** Streaming text mostly grows at its end: appended, a selection in what was there stays put. */
function setText(shown: CharacterData, text: string): void {
  if (text.startsWith(shown.data)) shown.appendData(text.slice(shown.data.length));
  else shown.data = text;
}

/** Text for text, or an element of the same name with the same attributes: only the inside differs. */
function sameShell(shown: Node, wanted: Node): boolean {
  if (shown.nodeType !== wanted.nodeType) return false;
  if (!(shown instanceof Element)) return true;
  const other = wanted as Element;
  if (shown.tagName !== other.tagName || shown.attributes.length !== other.attributes.length) return false;
  for (const attribute of other.attributes) if (shown.getAttribute(attribute.name) !== attribute.value) return false;
  return true;
}
