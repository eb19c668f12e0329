// An answer streaming into VS Code's Chat view, as the parts the view can show safely: its Markdown
// as it comes, a link to a page of the site as an anchor that opens the page document, an http(s)
// link as it is, and any other link, an image or a link reference to anything but http(s) as plain
// text (an image is never loaded). Text goes out as soon as no link, code span, fence or
// definition could still be open in it, so the answer streams; code fences go out untouched; the
// `suggestions` block becomes links to the pages it names. No `vscode`.

import { pagePathFromInput } from '../pages/pagePath';
import { linkTarget } from '../shared/linkTargets';
import { parseSuggestions, type Suggestion, SUGGESTIONS_INFO } from '../shared/suggestions';
import { closingRun, couldBeDefinition, plainTitle, scanLink } from './markdownScan';

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
const SPECIAL = /[\n\\`<![]/g;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** What the start of a line may be while it could still become a fence. */
const FENCE_PREFIX = /^ {0,3}(`{1,}|~{1,})?$/;
const DEFINITION = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:[ \t]*(<[^>\n]*>|\S+)/;
const AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}):[^\s<>]*>/y;
/** As much of an autolink as the text so far has. */
const AUTOLINK_PREFIX = /<([A-Za-z][A-Za-z0-9+.-]{0,31}(:[^\s<>]*)?)?/y;

interface Fence {
  readonly marker: string;
  readonly length: number;
  /** The lines of a `suggestions` block, gathered until it closes. */
  readonly suggestions?: string[];
}

export class AnswerParts {
  private pending = '';
  private atLineStart = true;
  private fence: Fence | undefined;
  /** Decided text not yet sent. */
  private text = '';
  /** Characters of the current line consumed so far (less what the pending text starts with). */
  private lineSeen = 0;
  /** Characters looked at by scans of constructs on the current line, rescans of open ones included. */
  private lineWork = 0;
  /** The pages the answer's `suggestions` block named. */
  readonly suggestions: Suggestion[] = [];

  constructor(private readonly emit: (part: AnswerPart) => void) {}

  push(delta: string): void {
    this.pending += delta;
    this.drain(false);
  }

  /** The answer is complete: what is left goes out as it is. */
  end(): void {
    this.drain(true);
    if (this.fence?.suggestions) this.emitSuggestions(this.fence.suggestions);
    this.fence = undefined;
    this.flushText();
  }

  private drain(final: boolean): void {
    while (this.pending !== '') {
      const consumed = this.fence ? this.inFence(final) : this.atLineStart ? this.lineStart(final) : this.inline(final);
      if (consumed === 0) break;
      this.pending = this.pending.slice(consumed);
    }
    this.flushText();
  }

  /** Inside a fence: its lines go out as they come; a line that may close it waits to be whole. */
  private inFence(final: boolean): number {
    const fence = this.fence!;
    const newline = this.pending.indexOf('\n');
    const line = newline < 0 ? this.pending : this.pending.slice(0, newline);
    const whole = newline >= 0 || final;
    const closes =
      whole && this.atLineStart && new RegExp(`^ {0,3}${fence.marker === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`).test(line);
    if (fence.suggestions) {
      if (!whole) return 0;
      if (closes) {
        this.emitSuggestions(fence.suggestions);
        this.fence = undefined;
      } else fence.suggestions.push(line);
      this.newLine();
      return newline < 0 ? line.length : newline + 1;
    }
    if (!whole && this.atLineStart && FENCE_PREFIX.test(line.trimEnd()) && line.length < MAX_OPEN_CHARS) return 0;
    if (closes) this.fence = undefined;
    const taken = newline < 0 ? line.length : newline + 1;
    this.text += this.pending.slice(0, taken);
    if (newline >= 0) this.newLine();
    else this.atLineStart = false;
    return taken;
  }

  private newLine(): void {
    this.atLineStart = true;
    this.lineSeen = 0;
    this.lineWork = 0;
  }

  /** The start of a line outside a fence: a fence or a link reference definition is read whole. */
  private lineStart(final: boolean): number {
    const newline = this.pending.indexOf('\n');
    const whole = newline >= 0 || final;
    const line = newline < 0 ? this.pending : this.pending.slice(0, newline);
    const taken = newline < 0 ? line.length : newline + 1;
    if (!whole && line.length < MAX_OPEN_CHARS && (FENCE_PREFIX.test(line) || FENCE_OPEN.test(line) || couldBeDefinition(line))) return 0;
    const fence = FENCE_OPEN.exec(line);
    if (fence && !(fence[1][0] === '`' && fence[2].includes('`'))) {
      const suggestions = fence[2].trim() === SUGGESTIONS_INFO;
      this.fence = { marker: fence[1][0], length: fence[1].length, ...(suggestions ? { suggestions: [] } : {}) };
      if (!suggestions) this.text += this.pending.slice(0, taken);
      this.newLine();
      return taken;
    }
    const definition = DEFINITION.exec(line);
    if (definition) {
      // A definition whose target is not http(s) is left out: the links that use it stay text.
      if (linkTarget(definition[1].replace(/^<|>$/g, '')).kind === 'web') this.text += this.pending.slice(0, taken);
      this.newLine();
      return taken;
    }
    this.atLineStart = false;
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
    const done = (consumed: number) => {
      this.text += out;
      this.lineSeen += consumed;
      return consumed;
    };
    while (at < text.length) {
      SPECIAL.lastIndex = at;
      const next = SPECIAL.exec(text);
      if (!next) {
        out += text.slice(at);
        at = text.length;
        break;
      }
      out += text.slice(at, next.index);
      at = next.index;
      const char = text[at];
      const literal = this.lineWork > LOOKS_PER_CHAR * (this.lineSeen + text.length) + LOOKS_PER_LINE;
      const settled = final || literal || text.length - at > MAX_OPEN_CHARS;
      if (char === '\n') {
        out += '\n';
        const consumed = done(at + 1);
        this.newLine();
        return consumed;
      }
      if (char === '\\') {
        if (at + 1 >= text.length && !final) break;
        out += text.slice(at, at + 2);
        at += 2;
        continue;
      }
      if (char === '`') {
        let run = at;
        while (text[run] === '`') run++;
        if (run >= text.length && !settled) break;
        const close = literal ? { end: 'none' as const, looked: 0 } : closingRun(text, run, run - at, final);
        this.lineWork += close.looked;
        if (close.end === 'open' && !settled) break;
        if (typeof close.end === 'number') {
          out += text.slice(at, close.end);
          at = close.end;
        } else {
          out += '\\`'.repeat(run - at);
          at = run;
        }
        continue;
      }
      if (char === '<') {
        AUTOLINK.lastIndex = at;
        const autolink = literal ? null : AUTOLINK.exec(text);
        const scheme = autolink?.[1].toLowerCase();
        if (autolink && (scheme === 'http' || scheme === 'https' || scheme === 'mailto')) {
          out += autolink[0];
          at += autolink[0].length;
          continue;
        }
        this.lineWork += autolink?.[0].length ?? 0;
        AUTOLINK_PREFIX.lastIndex = at;
        if (!autolink && !settled && AUTOLINK_PREFIX.exec(text)?.[0].length === text.length - at) break;
        // Not a web link: the text it is.
        out += '\\<';
        at++;
        continue;
      }
      // `[` or `!`
      const image = char === '!';
      if (image && at + 1 >= text.length && !settled) break;
      if (image && text[at + 1] !== '[') {
        out += '!';
        at++;
        continue;
      }
      const scan = literal ? ({ kind: 'none', looked: 0 } as const) : scanLink(text, image ? at + 1 : at, final);
      this.lineWork += scan.looked;
      if (scan.kind === 'open' && !settled) break;
      if (scan.kind === 'link') {
        this.text += out;
        out = '';
        this.link(scan.label, scan.target, image);
        return done(scan.end);
      }
      out += image ? '!\\[' : '\\[';
      at += image ? 2 : 1;
    }
    return done(at);
  }

  private link(label: string, target: string, image: boolean): void {
    const destination = linkTarget(target);
    // The label is shown, never read again for links of its own.
    const words = (image ? `Image: ${label.trim() || target}` : label).replace(/[[\]<]/g, '\\$&');
    if (destination.kind === 'web') {
      this.text += `[${words}](${target})`;
      return;
    }
    const page = destination.kind === 'sitePath' ? pagePathFromInput(destination.path) : undefined;
    if (page?.ok && !image) {
      this.flushText();
      this.emit({ kind: 'page', path: page.value, title: plainTitle(label) || page.value });
      return;
    }
    this.text += words;
  }

  private emitSuggestions(lines: readonly string[]): void {
    const suggestions = parseSuggestions(lines.join('\n'));
    this.suggestions.push(...suggestions);
    if (suggestions.length === 0) return;
    this.text += '\n\nRead next:\n';
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
