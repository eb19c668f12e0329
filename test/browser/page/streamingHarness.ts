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
 * Draws an open paragraph, selects a word of it as a reader would, then draws more of it: whether
 * the paragraph's text node is the same object, and what is selected after the second draw.
 */
function keepsSelection(first: string, more: string, selected: string): { sameNode: boolean; selection: string; text: string } {
  const container = document.createElement('div');
  document.body.append(container);
  const frames: (() => void)[] = [];
  const markdown = new StreamingMarkdown(container, undefined, { request: (draw) => void frames.push(draw), cancel: () => {} });
  const draw = () => frames.splice(0).forEach((frame) => frame());
  markdown.append(first);
  draw();
  const before = container.querySelector('.md-tail p')?.firstChild;
  if (!before) throw new Error('no paragraph drawn');
  const start = first.indexOf(selected);
  getSelection()?.setBaseAndExtent(before, start, before, start + selected.length);
  markdown.append(more);
  draw();
  const after = container.querySelector('.md-tail p')?.firstChild;
  const result = { sameNode: before === after, selection: getSelection()?.toString() ?? '', text: after?.textContent ?? '' };
  getSelection()?.removeAllRanges();
  container.remove();
  return result;
}

(window as unknown as { streaming: unknown }).streaming = {
  keepsSelection,
  inPieces: (pieces: string[], framesAfter: boolean[]) => render(pieces, framesAfter),
  whole: (text: string) => render([text], [false]),
};
