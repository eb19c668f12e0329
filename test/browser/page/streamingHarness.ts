// Runs in Chromium for the streaming Markdown property test: renders an answer arriving in pieces,
// with frames at chosen moments, and the same answer arriving whole.

import { renderMarkdown } from '../../../src/webview/markdown';
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
  const markdown = new StreamingMarkdown(container, {
    request: (draw) => void (frames.length === 0 && frames.push(draw)),
    // Catching up at once: what the test reads is all that was drawn.
    soon: (step) => step(Number.POSITIVE_INFINITY),
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
  const html = [...container.querySelectorAll('.md-group')].map((group) => group.innerHTML).join('');
  container.remove();
  return { html, suggestionTargetsWhileStreaming: seen };
}

/** A streaming answer in the page, drawn when the test says: `drawWith` appends text, then draws. */
function drawnByHand(): { container: HTMLElement; markdown: StreamingMarkdown; drawWith: (text: string) => void } {
  const container = document.createElement('div');
  document.body.append(container);
  const frames: (() => void)[] = [];
  const markdown = new StreamingMarkdown(container, {
    request: (draw) => void frames.push(draw),
    soon: (step) => step(Number.POSITIVE_INFINITY),
    cancel: () => {},
  });
  return {
    container,
    markdown,
    drawWith: (text) => {
      markdown.append(text);
      frames.splice(0).forEach((frame) => frame());
    },
  };
}

/** Selects `selected` in a text node, as a reader would. */
function select(text: Node, selected: string): void {
  const start = (text.textContent ?? '').indexOf(selected);
  getSelection()?.setBaseAndExtent(text, start, text, start + selected.length);
}

/** The code of the block whose button has the focus, if one has. */
function focusedCode(): string | undefined {
  return document.activeElement?.closest('.code-block')?.querySelector('code')?.textContent ?? undefined;
}

/**
 * Draws an open paragraph, selects a word of it as a reader would, then draws more of it: whether
 * the paragraph's text node is the same object, and what is selected after the second draw.
 */
function keepsSelection(first: string, more: string, selected: string): { sameNode: boolean; selection: string; text: string } {
  const { container, drawWith } = drawnByHand();
  drawWith(first);
  const before = [...container.querySelectorAll('p')].at(-1)?.firstChild;
  if (!before) throw new Error('no paragraph drawn');
  select(before, selected);
  drawWith(more);
  const after = [...container.querySelectorAll('p')].at(-1)?.firstChild;
  const result = { sameNode: before === after, selection: getSelection()?.toString() ?? '', text: after?.textContent ?? '' };
  getSelection()?.removeAllRanges();
  container.remove();
  return result;
}

/**
 * Draws a paragraph and a code block, selects `selected` in the paragraph and focuses the code's
 * Copy button, as a reader would, then draws `more`, which finishes both: what is selected, and the
 * code of the block whose button has the focus.
 */
function keepsFinishedBlock(first: string, more: string, selected: string): { selection: string; focusedCode: string | undefined } {
  const { container, drawWith } = drawnByHand();
  drawWith(first);
  const text = container.querySelector('p')?.firstChild;
  const copy = container.querySelector<HTMLButtonElement>('button.code-action');
  if (!text || !copy) throw new Error('no paragraph or code drawn');
  select(text, selected);
  copy.focus();
  drawWith(more);
  const result = { selection: getSelection()?.toString() ?? '', focusedCode: focusedCode() };
  getSelection()?.removeAllRanges();
  container.remove();
  return result;
}

/**
 * Draws a group's worth of finished paragraphs and `first`, selects `selected` in the open
 * paragraph, if given, or else focuses the open code block's Copy button, as a reader would, then
 * draws `more`, which moves the unfinished block on to a new group: how many groups there are, what
 * is selected, and the code of the block whose button has the focus.
 */
function keepsAcrossGroups(first: string, more: string, selected?: string): { groups: number; selection: string; focusedCode?: string } {
  const { container, drawWith } = drawnByHand();
  const filler = Array.from({ length: 150 }, (_, i) => `Paragraph ${i}, which says what the retry policy does after a failure.\n\n`);
  // As a model writes it, a few paragraphs a draw: a group fills up as the answer streams.
  for (let i = 0; i < filler.length; i += 10) drawWith(filler.slice(i, i + 10).join(''));
  drawWith(first);
  const text = [...container.querySelectorAll('p')].at(-1)?.firstChild;
  if (selected && text) select(text, selected);
  else [...container.querySelectorAll<HTMLButtonElement>('button.code-action')].at(-1)?.focus();
  drawWith(more);
  const result = {
    groups: container.querySelectorAll('.md-group').length,
    selection: getSelection()?.toString() ?? '',
    focusedCode: focusedCode(),
  };
  getSelection()?.removeAllRanges();
  container.remove();
  return result;
}

/**
 * Draws `first`, which leaves a long code block open, then `more`, which finishes it: how many
 * chunks it was drawn in before and after, how many of the chunks before (but the last, still
 * growing) stayed the same nodes with the same HTML, and the code the Copy button takes.
 */
function growsCode(first: string, more: string): { chunksBefore: number; chunksAfter: number; kept: number; code: string } {
  const { container, drawWith } = drawnByHand();
  drawWith(first);
  const before = [...container.querySelectorAll('.code-chunk')].map((chunk) => ({ chunk, html: chunk.innerHTML }));
  drawWith(more);
  const after = [...container.querySelectorAll('.code-chunk')];
  const kept = before.slice(0, -1).filter(({ chunk, html }, i) => after[i] === chunk && chunk.innerHTML === html).length;
  const result = { chunksBefore: before.length, chunksAfter: after.length, kept, code: container.querySelector('code')?.textContent ?? '' };
  container.remove();
  return result;
}

/**
 * Draws `first`, which leaves a long code block open, takes its first chunk out of the page, then
 * draws `more`: the code shown, which is all of it only if the draw saw that a chunk it meant to
 * keep was not there.
 */
function redrawsMissingChunk(first: string, more: string): string {
  const { container, drawWith } = drawnByHand();
  drawWith(first);
  container.querySelector('.code-chunk')?.remove();
  drawWith(more);
  const code = container.querySelector('code')?.textContent ?? '';
  container.remove();
  return code;
}

/** Streams `text` in pieces of 40 characters, drawing after each: the HTML, and how many groups drew it. */
function drawnInGroups(text: string): { html: string; groups: number } {
  const { container, markdown, drawWith } = drawnByHand();
  for (const piece of text.match(/[^]{1,40}/g) ?? []) drawWith(piece);
  markdown.finish();
  const groups = [...container.querySelectorAll('.md-group')];
  const html = groups.map((group) => group.innerHTML).join('');
  container.remove();
  return { html, groups: groups.length };
}

/** When a flood's `end` showed, and what was shown then; how many steps the rest took; the HTML once all is drawn. */
interface Flooded {
  /** Steps of catching up before the end showed (0: in the first draw). */
  readonly stepsToEnd: number;
  readonly shownWithEnd: number;
  readonly catchingUpWithEnd: boolean;
  readonly steps: number;
  readonly catchingUpAtEnd: boolean;
  /** Once all the text was drawn: how much code was still plain, and whether the view said it was highlighting. */
  readonly plainWhenDrawn: number;
  readonly highlightingWhenDrawn: boolean;
  /** Once all the steps ran: the same. */
  readonly plainAtEnd: number;
  readonly highlightingAtEnd: boolean;
  readonly html: string;
}

/**
 * All of `text` arrives before a frame (`complete`: and the answer ends), as from a cache or a fast
 * model: the first draw, then each step of catching up that the throttle would run after a frame.
 */
function flood(text: string, complete: boolean, end: string): Flooded {
  const container = document.createElement('div');
  document.body.append(container);
  const frames: (() => void)[] = [];
  // Each step until what a frame leaves it, as in the view.
  const steps: (() => void)[] = [];
  const markdown = new StreamingMarkdown(container, {
    request: (draw) => void (frames.length === 0 && frames.push(draw)),
    soon: (step) => void (steps.length === 0 && steps.push(() => step(performance.now() + 12))),
    cancel: () => void frames.splice(0),
  });
  markdown.append(text);
  if (complete) markdown.finish();
  else frames.splice(0).forEach((frame) => frame());
  const blocks = container.querySelector('.md-blocks');
  let count = 0;
  let withEnd: { stepsToEnd: number; shownWithEnd: number; catchingUpWithEnd: boolean } | undefined;
  let whenDrawn: { plainWhenDrawn: number; highlightingWhenDrawn: boolean } | undefined;
  const plain = () => container.querySelectorAll('[data-plain-code]').length;
  const look = () => {
    const shown = container.textContent ?? '';
    if (!withEnd && shown.includes(end))
      withEnd = { stepsToEnd: count, shownWithEnd: shown.length, catchingUpWithEnd: blocks?.hasAttribute('data-catching-up') ?? false };
    if (!whenDrawn && !blocks?.hasAttribute('data-catching-up'))
      whenDrawn = { plainWhenDrawn: plain(), highlightingWhenDrawn: blocks?.hasAttribute('data-highlighting') ?? false };
  };
  look();
  for (let step = steps.shift(); step; step = steps.shift(), count++, look()) step();
  if (!complete) markdown.finish();
  for (let step = steps.shift(); step; step = steps.shift(), count++, look()) step();
  const result = {
    ...(withEnd ?? { stepsToEnd: -1, shownWithEnd: 0, catchingUpWithEnd: false }),
    ...(whenDrawn ?? { plainWhenDrawn: -1, highlightingWhenDrawn: false }),
    steps: count,
    catchingUpAtEnd: blocks?.hasAttribute('data-catching-up') ?? false,
    plainAtEnd: plain(),
    highlightingAtEnd: blocks?.hasAttribute('data-highlighting') ?? false,
    html: [...container.querySelectorAll('.md-group')].map((group) => group.innerHTML).join(''),
  };
  container.remove();
  return result;
}

(window as unknown as { streaming: unknown }).streaming = {
  flood,
  drawnInGroups,
  keepsAcrossGroups,
  growsCode,
  redrawsMissingChunk,
  keepsSelection,
  keepsFinishedBlock,
  inPieces: (pieces: string[], framesAfter: boolean[]) => render(pieces, framesAfter),
  whole: (text: string) => render([text], [false]),
  /** The text rendered at once, as one piece of Markdown, as the page would serialize it. */
  direct: (text: string) => {
    const parsed = document.createElement('template');
    parsed.innerHTML = renderMarkdown(text);
    return parsed.innerHTML;
  },
};
