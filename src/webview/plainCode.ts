// Code in the blocks of a flood that fill in above the newest (backfill.ts) is drawn as plain text
// first and highlighted once all the text is drawn: highlighting is most of what a flood's code
// costs (about 150 ms of highlight.js for a 100 KB code block), and a reader at the end meets that
// code only when they scroll up to it. It is highlighted a chunk of lines at a time (codeChunks.ts),
// the newest code first, as it is nearest a reader at the end, into the nodes it would have had if
// highlighted at once. Why, and what it buys: docs/rendering.md.

import { afterLines, CHUNK_LINES, chunkHtml, type HighlightedCode, nextChunk, restHtml } from './codeChunks';

/**
 * Marks code drawn plain, on a <span> inside its <code> that holds its text, with the language it is
 * to be highlighted in. Only our renderer writes it: answer text cannot (raw HTML is never rendered).
 */
const PLAIN_CODE = 'data-plain-code';

/**
 * The HTML of `code` drawn plain, inside its <code> element, to be highlighted in `language`. Its
 * lines go in pieces of CHUNK_LINES, where the chunks of its highlighting start (each CHUNK_LINES
 * lines from the last): a chunk highlighted takes the place of its pieces, and the lines after it
 * keep their layout (a piece is a `.code-chunk`, laid out on its own and not at all off screen).
 */
export function plainCodeHtml(code: string, language: string, escape: (text: string) => string): string {
  const pieces: string[] = [];
  let start = 0;
  for (let end = afterLines(code, start); end !== -1 && end < code.length; end = afterLines(code, end)) {
    pieces.push(code.slice(start, end));
    start = end;
  }
  pieces.push(code.slice(start));
  const html = pieces.length === 1 ? escape(pieces[0]) : pieces.map((piece) => `<span class="code-chunk">${escape(piece)}</span>`).join('');
  return `<span ${PLAIN_CODE}="${escape(language)}">${html}</span>`;
}

/** Plain code waiting to be highlighted: what of it is highlighted already. */
interface Waiting {
  /** The marked span: highlighted chunks go in before it, and the pieces still plain stay in it. */
  readonly span: Element;
  readonly text: string;
  readonly language: string;
  /** Where the text still plain starts, and its line. */
  from: number;
  line: number;
}

export class PlainCode {
  private readonly waiting: Waiting[] = [];
  private readonly known = new WeakSet<Element>();
  private readonly template = document.createElement('template');

  constructor(private readonly highlight: (code: string, language: string) => HighlightedCode) {}

  /** Whether code drawn plain is still to be highlighted. */
  get pending(): boolean {
    return this.waiting.length > 0;
  }

  /** Code drawn plain in `root` is to be highlighted. */
  add(root: Element): void {
    for (const span of root.querySelectorAll(`span[${PLAIN_CODE}]`)) {
      if (this.known.has(span)) continue;
      this.known.add(span);
      const language = span.getAttribute(PLAIN_CODE) ?? '';
      this.waiting.push({ span, text: span.textContent ?? '', language, from: 0, line: 0 });
    }
  }

  /** Highlights chunks, the newest code first, until `deadline` (performance.now()) or none is left. */
  highlightUntil(deadline: number): void {
    while (this.waiting.length > 0 && performance.now() < deadline) {
      if (this.highlightChunk(this.waiting[this.waiting.length - 1])) this.waiting.pop();
    }
  }

  /** Forgets what waits: the answer's nodes are about to be removed. */
  clear(): void {
    this.waiting.length = 0;
  }

  /** Highlights the next chunk of `code`'s text: whether it is all highlighted. */
  private highlightChunk(code: Waiting): boolean {
    const { span } = code;
    // Drawn again since (a link defined after it), highlighted then.
    if (!span.isConnected) return true;
    const highlight = (text: string) => this.highlight(text, code.language);
    const chunk = nextChunk(code.text, code.from, code.language, highlight);
    if (chunk === undefined) {
      const rest = restHtml(code.text, code.from, code.language, highlight);
      // As chunkedCode draws it: one run when no chunk could be cut, else chunks to the end.
      this.insertBefore(span, code.from === 0 ? rest : chunkHtml(rest, code.line));
      span.remove();
      return true;
    }
    this.insertBefore(span, chunkHtml(chunk.html, code.line));
    for (let piece = 0; piece < chunk.lines / CHUNK_LINES; piece++) span.firstChild?.remove();
    code.from = chunk.end;
    code.line += chunk.lines;
    return false;
  }

  private insertBefore(node: Element, html: string): void {
    this.template.innerHTML = html;
    node.before(this.template.content);
  }
}
