// Runs in Chromium for the streaming Markdown property test: renders an answer arriving in pieces,
// with frames at chosen moments, and the same answer arriving whole.

import { StreamingMarkdown } from '../../../src/webview/streamingMarkdown';

interface Rendered {
  readonly html: string;
  /** Suggestion links seen while the answer streamed, before it was complete. */
  readonly suggestionTargetsWhileStreaming: string[];
}

function render(pieces: readonly string[], framesAfter: readonly boolean[]): Rendered {
  const container = document.createElement('div');
  document.body.append(container);
  const frames: (() => void)[] = [];
  const markdown = new StreamingMarkdown(container, undefined, {
    request: (draw) => void (frames.length === 0 && frames.push(draw)),
    cancel: () => void frames.splice(0),
  });
  const seen: string[] = [];
  pieces.forEach((piece, i) => {
    markdown.append(piece);
    if (framesAfter[i]) {
      for (const frame of frames.splice(0)) frame();
      container.querySelectorAll<HTMLElement>('.suggestion-link').forEach((link) => seen.push(link.dataset.href ?? ''));
    }
  });
  markdown.finish();
  // What is rendered, whatever groups the finished blocks were gathered in as they arrived.
  const blocks = [...container.querySelectorAll('.md-group')].map((group) => group.innerHTML).join('');
  const html = `${blocks}|${container.querySelector('.md-tail')?.innerHTML ?? ''}`;
  container.remove();
  return { html, suggestionTargetsWhileStreaming: seen };
}

/**
 * Draws an open paragraph, then more of it: whether the second draw changed the first one's text
 * node in place (the same object, so a reader's selection in it survives) rather than replacing it.
 */
function keepsTextNode(first: string, more: string): { sameNode: boolean; text: string } {
  const container = document.createElement('div');
  document.body.append(container);
  const frames: (() => void)[] = [];
  const markdown = new StreamingMarkdown(container, undefined, { request: (draw) => void frames.push(draw), cancel: () => {} });
  const draw = () => frames.splice(0).forEach((frame) => frame());
  markdown.append(first);
  draw();
  const before = container.querySelector('.md-tail p')?.firstChild;
  markdown.append(more);
  draw();
  const after = container.querySelector('.md-tail p')?.firstChild;
  container.remove();
  return { sameNode: before !== undefined && before === after, text: after?.textContent ?? '' };
}

(window as unknown as { streaming: unknown }).streaming = {
  keepsTextNode,
  inPieces: (pieces: string[], framesAfter: boolean[]) => render(pieces, framesAfter),
  whole: (text: string) => render([text], [false]),
};
