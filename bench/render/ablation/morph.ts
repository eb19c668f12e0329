// Ablation: the unfinished tail is replaced at each draw, not morphed: its nodes are removed and
// the new HTML's put in their place.

const parser = document.createElement('template');

export function morphFrom(
  container: Element,
  from: ChildNode | null,
  finished: string,
  tail: string,
): { finishedNodes: number; kept: number } {
  for (let node = from; node;) {
    const next = node.nextSibling;
    node.remove();
    node = next;
  }
  parser.innerHTML = finished;
  const finishedNodes = parser.content.childNodes.length;
  container.append(parser.content);
  parser.innerHTML = tail;
  container.append(parser.content);
  return { finishedNodes, kept: 0 };
}
