// Long code, highlighted and shown in chunks of lines: a draw of a growing block highlights and lays
// out only its last chunk, and leaves out the chunks it drew before (placeholders that morph keeps).
// A chunk ends only where highlight.js is back at the language's top level, and where depends on
// the text alone, so a block renders the same however it arrives. Why: docs/rendering.md.

import { KEY, PLACEHOLDER_FOR } from './placeholder';

/** Complete lines a chunk holds before a cut is tried; the cut is tried again after as many more. */
export const CHUNK_LINES = 40;
/**
 * Cuts tried from one place before the rest of the block is left whole: each try highlights the
 * chunk from its start, so an endless comment would otherwise cost a try for every CHUNK_LINES.
 */
const TRIES = 4;
/** Chunks whose highlighting is kept: a few thousand lines of code. */
const CACHED_CHUNKS = 200;

export interface HighlightedCode {
  readonly html: string;
  /** Whether the highlighter ended at the language's top level, so that what follows can start afresh. */
  readonly atTopLevel: boolean;
}

/** Chunks' highlighting, by language and text. */
const cache = new Map<string, HighlightedCode>();

/**
 * The chunks of one draw, in order, and those of the draw before it: the same text grown at its end,
 * so that a chunk the same as the one at its place before becomes a placeholder. A placeholder is
 * kept against the node at its place whose key (the chunk's first line) matches; keys repeat from
 * one block to the next, so this relies on what is drawn before a block not changing shape as text
 * is added after it. A placeholder that finds nothing to keep makes the caller draw again in full.
 *
 * A draw calls start(), renders its finished blocks with it (html() for each chunk), calls
 * finishBlocks(), renders its tail with it, then calls drawn(), or forget() if what it shows is not
 * what it rendered.
 */
export class DrawnChunks {
  private before: readonly string[] = [];
  /** This draw's chunks' highlighted HTML. */
  private now: string[] = [];
  /** How many of this draw's chunks are in finished blocks, which the next draw does not render. */
  private finished = 0;
  /** Placeholders in this draw: morph must keep as many nodes, or the draw is wrong. */
  placeholders = 0;
  /** Characters of highlighted code the placeholders stand for (without their chunks' elements). */
  placeholderChars = 0;

  /** A draw begins. */
  start(): void {
    this.now = [];
    this.finished = 0;
    this.placeholders = 0;
    this.placeholderChars = 0;
  }

  /** The HTML for the draw's next chunk, highlighted as `html`, which starts at the block's line `line`. */
  html(html: string, line: number): string {
    const index = this.now.push(html) - 1;
    if (this.before[index] !== html) return chunkHtml(html, line);
    this.placeholders++;
    this.placeholderChars += html.length;
    return `<span ${PLACEHOLDER_FOR}="${line}"></span>`;
  }

  /** The chunks so far are in blocks that are finished now. */
  finishBlocks(): void {
    this.finished = this.now.length;
  }

  /** The draw is shown: the next compares with its unfinished part. */
  drawn(): void {
    this.before = this.now.slice(this.finished);
  }

  /** What is shown is not what was rendered: the next draw keeps nothing. */
  forget(): void {
    this.before = [];
  }
}

/**
 * The HTML of `code` inside its <code> element: as one run if it is short, else in chunks, which
 * `drawn` may turn into placeholders.
 */
export function chunkedCode(code: string, language: string, highlight: (code: string) => HighlightedCode, drawn?: DrawnChunks): string {
  const chunks: { readonly html: string; readonly line: number }[] = [];
  let start = 0;
  let line = 0;
  for (let chunk = nextChunk(code, start, language, highlight); chunk; chunk = nextChunk(code, start, language, highlight)) {
    chunks.push({ html: chunk.html, line });
    start = chunk.end;
    line += chunk.lines;
  }
  const rest = restHtml(code, start, language, highlight);
  if (chunks.length === 0) return rest;
  chunks.push({ html: rest, line });
  return chunks.map((chunk) => (drawn ? drawn.html(chunk.html, chunk.line) : chunkHtml(chunk.html, chunk.line))).join('');
}

/**
 * The chunk of `code` that starts at `start`: its highlighting, where it ends and how many lines it
 * holds; undefined when none ends before the code does, or none could be cut (the rest is then
 * highlighted whole, restHtml).
 */
export function nextChunk(
  code: string,
  start: number,
  language: string,
  highlight: (code: string) => HighlightedCode,
): { readonly html: string; readonly end: number; readonly lines: number } | undefined {
  let lines = 0;
  for (
    let end = afterLines(code, start), tries = 0;
    end !== -1 && end < code.length && tries < TRIES;
    end = afterLines(code, end), tries++
  ) {
    lines += CHUNK_LINES;
    const html = cachedChunk(code.slice(start, end), language, highlight);
    if (html !== undefined) return { html, end, lines };
  }
  return undefined;
}

/**
 * The highlighting of `code` from `start` to its end, after the chunks. A last chunk of whole lines,
 * as a block drawn a chunk at a time ends, is kept: the next draw cuts it there, and finds it
 * highlighted.
 */
export function restHtml(code: string, start: number, language: string, highlight: (code: string) => HighlightedCode): string {
  const rest = code.slice(start);
  return (afterLines(code, start) === code.length ? cached(rest, language, highlight) : highlight(rest)).html;
}

/** A chunk's element, keyed by its first line so that a draw can tell it is at its place. */
export function chunkHtml(html: string, line: number): string {
  return `<span class="code-chunk" ${KEY}="${line}">${html}</span>`;
}

/** The index just after CHUNK_LINES more line ends from `from`, or -1 if there are not as many. */
export function afterLines(text: string, from: number): number {
  let index = from;
  for (let line = 0; line < CHUNK_LINES; line++) {
    const newline = text.indexOf('\n', index);
    if (newline === -1) return -1;
    index = newline + 1;
  }
  return index;
}

/** A chunk's highlighting, or undefined if it cannot end where it does. */
function cachedChunk(text: string, language: string, highlight: (code: string) => HighlightedCode): string | undefined {
  const highlighted = cached(text, language, highlight);
  return highlighted.atTopLevel ? highlighted.html : undefined;
}

/** Lines' highlighting, from the cache, or highlighted and kept there. */
function cached(text: string, language: string, highlight: (code: string) => HighlightedCode): HighlightedCode {
  const key = `${language}\n${text}`;
  const found = cache.get(key);
  if (found) {
    // Used again: it moves to the end of the order in which entries are dropped.
    cache.delete(key);
    cache.set(key, found);
    return found;
  }
  const highlighted = highlight(text);
  cache.set(key, highlighted);
  if (cache.size > CACHED_CHUNKS) cache.delete(cache.keys().next().value as string);
  return highlighted;
}
