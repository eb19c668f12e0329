// An answer streaming into VS Code's Chat view, as the parts the view can show safely: its Markdown
// as it comes (text and web links), its pages as anchors, the `suggestions` block as links to the
// pages it names. Text goes out once nothing in it can still be open. What it guarantees, against
// which renderer, and how it is proven: docs/answer-parts.md.

import { linkTarget } from '../shared/linkTargets';
import { parseSuggestions, type Suggestion, SUGGESTIONS_INFO } from '../shared/suggestions';
import {
  closesFence,
  closingRun,
  couldBeDefinition,
  couldBeFenceRun,
  couldOpenFence,
  fenceOpening,
  inertTags,
  isDefinition,
  looksLikeFence,
  scanAutolink,
  scanLink,
  tagStartAtEnd,
} from './markdownScan';
import { codeLanguage } from '../shared/codeLanguages';
import { codeSpanHolds, escapePair, linkAs, linkDestination, suggestionsHeading, WordInProgress } from './safeMarkdown';
import { type Fence, lineStart } from './readerState';

export type AnswerPart =
  | { readonly kind: 'markdown'; readonly text: string }
  /** A page of the documentation site, by its path: an anchor with `title` that opens it. */
  | { readonly kind: 'page'; readonly path: string; readonly title: string };

/** A construct still open after this many characters is not one: it is text. */
const MAX_OPEN_CHARS = 4_096;
/** How much looking a line may cost before the rest of it is read as text: per character, and once. */
const LOOKS_PER_CHAR = 8;
const LOOKS_PER_LINE = 65_536;
/** Where something other than plain text may start within a line. */
const SPECIAL = /[\n\\`<![~]/g;

/** The state: the text not yet read and decided, the open fence, and where the reader is in the line. */
export class AnswerParts {
  private pending = '';
  /** A \r that ended the last delta, not yet known to be a line's end of its own. */
  private heldReturn = false;
  private fence: Fence | undefined;
  /** Decided text not yet sent. */
  private text = '';
  private line = lineStart();
  private readonly word = new WordInProgress();
  /** The pages the answer's `suggestions` block named. */
  readonly suggestions: Suggestion[] = [];

  constructor(private readonly emit: (part: AnswerPart) => void) {}

  push(delta: string): void {
    // Markdown ends a line at \r too: one word for it, so that a line here is a line there. A
    // last \r waits for what follows, which may be the \n of the same line's end.
    const text = (this.heldReturn ? '\r' : '') + delta;
    this.heldReturn = text.endsWith('\r');
    this.pending += (this.heldReturn ? text.slice(0, -1) : text).replace(/\r\n?/g, '\n');
    this.drain(false);
  }

  /** The answer is complete: what is left goes out as it is, and a fence left open is closed. */
  end(): void {
    if (this.heldReturn) this.pending += '\n';
    this.heldReturn = false;
    this.drain(true);
    if (this.fence?.suggestions) this.emitSuggestions(this.fence.suggestions);
    else if (this.fence) this.text += `${this.line.atStart ? '' : '\n'}${this.fence.run}\n`;
    this.fence = undefined;
    this.flushText();
  }

  private drain(final: boolean): void {
    while (this.pending !== '') {
      const consumed = this.fence ? this.inFence(final) : this.line.atStart ? this.lineStart(final) : this.inline(final);
      if (consumed === 0) break;
      this.pending = this.pending.slice(consumed);
    }
    this.flushText();
  }

  /**
   * Inside a fence: its lines go out as they come; a line that may close it waits to be whole. A
   * line that one renderer or another could read as the fence's end, and that does not end it
   * here, is indented past what any would.
   */
  private inFence(final: boolean): number {
    const fence = this.fence!;
    const newline = this.pending.indexOf('\n');
    const line = newline < 0 ? this.pending : this.pending.slice(0, newline);
    const whole = newline >= 0 || final;
    const taken = newline < 0 ? line.length : newline + 1;
    const closes = whole && this.line.atStart && closesFence(line, fence.run);
    if (fence.suggestions) {
      if (!whole) return 0;
      if (closes) {
        this.emitSuggestions(fence.suggestions);
        this.fence = undefined;
      } else fence.suggestions.push(line);
      this.newLine();
      return taken;
    }
    if (this.line.atStart && !whole && couldBeFenceRun(line.trimEnd()) && line.length < MAX_OPEN_CHARS) return 0;
    if (this.line.atStart && closes) {
      this.text += `${fence.run}\n`;
      this.fence = undefined;
      this.newLine();
      return taken;
    }
    // A tag of VS Code's split between deltas waits to be whole, to be made text whole.
    const consumed = whole ? taken : taken - tagStartAtEnd(line);
    if (consumed === 0) return 0;
    let written = this.pending.slice(0, consumed);
    if (this.line.atStart) {
      written = written.slice(Math.min(fence.indent, /^ */.exec(written)![0].length));
      if (looksLikeFence(written, fence.run)) written = `    ${written}`;
    }
    this.text += inertTags(written);
    if (newline >= 0) this.newLine();
    else this.line.atStart = false;
    return consumed;
  }

  private newLine(): void {
    this.word.newLine();
    this.line = lineStart();
  }

  /** The start of a line outside a fence: a fence or a link reference definition is read whole. */
  private lineStart(final: boolean): number {
    const newline = this.pending.indexOf('\n');
    const whole = newline >= 0 || final;
    const line = newline < 0 ? this.pending : this.pending.slice(0, newline);
    const taken = newline < 0 ? line.length : newline + 1;
    if (!whole && line.length < MAX_OPEN_CHARS && (couldOpenFence(line) || couldBeDefinition(line))) return 0;
    const fence = fenceOpening(line);
    if (fence) {
      const suggestions = fence.info === SUGGESTIONS_INFO;
      this.fence = { ...fence, ...(suggestions ? { suggestions: [] } : {}) };
      if (!suggestions) this.text += `${fence.run}${codeLanguage(fence.info)}\n`;
      this.newLine();
      return taken;
    }
    if (isDefinition(line)) {
      this.newLine();
      return taken;
    }
    this.line.atStart = false;
    return this.inline(final);
  }

  /**
   * Text within a line, up to its end or to a construct the text so far cannot settle. The start
   * of a construct that turns out to be none is escaped, so that VS Code's renderer, which reads
   * the parts joined, cannot make one of it with what follows. A line whose constructs have cost
   * more looking than its length allows is read as text from there on: linear time, whatever it holds.
   */
  private inline(final: boolean): number {
    const text = this.pending;
    let at = 0;
    let out = '';
    const put = (written: string) => {
      out += written;
      this.word.wrote(written);
    };
    const done = (consumed: number) => {
      this.text += out;
      this.line.seen += consumed;
      return consumed;
    };
    while (at < text.length) {
      SPECIAL.lastIndex = at;
      const next = SPECIAL.exec(text);
      if (!next) {
        put(text.slice(at));
        at = text.length;
        break;
      }
      put(text.slice(at, next.index));
      at = next.index;
      const char = text[at];
      const literal = this.line.work > LOOKS_PER_CHAR * (this.line.seen + text.length) + LOOKS_PER_LINE;
      const settled = final || literal || text.length - at > MAX_OPEN_CHARS;
      if (char === '\n') {
        out += '\n';
        const consumed = done(at + 1);
        this.newLine();
        return consumed;
      }
      if (char === '\\') {
        if (at + 1 >= text.length && !final) break;
        // Before a line's end, a hard break: the line ends as any other does. A renderer may read
        // the backslash as the end of a web address written just before: what the escaped
        // character would then open (an autolink, an image, a link) is written as an entity.
        const taken = text[at + 1] === '\n' ? 1 : 2;
        put(taken === 2 ? escapePair(text.slice(at, at + 2)) : '\\');
        at += taken;
        continue;
      }
      if (char === '`') {
        let run = at;
        while (text[run] === '`') run++;
        if (run >= text.length && !settled) break;
        const close = literal ? { end: 'none' as const, looked: 0 } : closingRun(text, run, run - at, final);
        this.line.work += close.looked;
        if (close.end === 'open' && !settled) break;
        const code = typeof close.end === 'number' ? text.slice(at, close.end) : '';
        if (code !== '') {
          put(codeSpanHolds(code) ? code : this.word.inert(code));
          at += code.length;
        } else {
          put(this.word.inert('`').repeat(run - at));
          at = run;
        }
        continue;
      }
      if (char === '~') {
        // Three or more open a fence where a quote or a list item starts a line, a fence this
        // reader does not follow: its language would reach the view as written. Escaped, they are text.
        let run = at;
        while (text[run] === '~') run++;
        if (run >= text.length && !settled) break;
        put(run - at >= 3 ? `\\${text.slice(at, run)}` : text.slice(at, run));
        at = run;
        continue;
      }
      if (char === '<') {
        const autolink = literal ? ({ kind: 'none' } as const) : scanAutolink(text, at);
        const address = autolink.kind === 'autolink' ? linkTarget(autolink.target) : undefined;
        const written = address?.kind === 'web' ? linkDestination(address.url) : undefined;
        if (autolink.kind === 'autolink' && written) {
          put(written);
          at = autolink.end;
          continue;
        }
        if (autolink.kind === 'autolink') this.line.work += autolink.end - at;
        if (autolink.kind === 'open' && !settled) break;
        // Not a web link: the text it is. (As an entity: marked reads a web address written just
        // before as taking a backslash with it, and `<` would open an autolink again.)
        put('&lt;');
        at++;
        continue;
      }
      // `[` or `!`
      const image = char === '!';
      if (image && at + 1 >= text.length && !settled) break;
      if (image && text[at + 1] !== '[') {
        // Before what may become a link (`!`, `<`), as an entity: `!` and a link are an image.
        put(text[at + 1] === '!' || text[at + 1] === '<' ? '&#33;' : '!');
        at++;
        continue;
      }
      const scan = literal ? ({ kind: 'none', looked: 0 } as const) : scanLink(text, image ? at + 1 : at, final);
      this.line.work += scan.looked;
      if (scan.kind === 'open' && !settled) break;
      if (scan.kind === 'link') {
        this.text += out;
        out = '';
        this.link(scan.label, scan.target, image);
        return done(scan.end);
      }
      put(image ? `!${this.word.inert('[')}` : this.word.inert('['));
      at += image ? 2 : 1;
    }
    return done(at);
  }

  private link(label: string, target: string, image: boolean): void {
    const shown = linkAs(label, target, image);
    if (shown.kind === 'page') {
      this.flushText();
      this.emit({ kind: 'page', path: shown.path, title: shown.title });
      this.word.wrote(shown.title);
      return;
    }
    const written = shown.kind === 'web' ? shown.markdown : this.word.inert(shown.words);
    this.text += written;
    this.word.wrote(written);
  }

  private emitSuggestions(lines: readonly string[]): void {
    const suggestions = parseSuggestions(lines.join('\n'));
    this.suggestions.push(...suggestions);
    if (suggestions.length === 0) return;
    this.text += `\n\n${suggestionsHeading()}\n`;
    for (const suggestion of suggestions) {
      this.text += '\n- ';
      this.link(suggestion.text, suggestion.target, false);
    }
    this.text += '\n';
  }

  private flushText(): void {
    if (this.text === '') return;
    this.emit({ kind: 'markdown', text: this.text });
    this.text = '';
  }
}
