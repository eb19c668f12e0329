// An answer streaming into VS Code's Chat view, as the parts the view can show safely: its Markdown
// as it comes, a link to a page of the site as an anchor that opens the page document, an http(s)
// link as a link, and any other link or an image as its words (an image is never loaded). Text goes
// out as soon as no link, code span, fence or definition could still be open in it, so the answer
// streams; the `suggestions` block becomes links to the pages it names.
//
// The view's renderer (marked) must read no link where this reads none, however the answer is
// made. So what is copied as it came is only what cannot hold one: text without Markdown's
// openers, escapes, code spans closed on their line, the lines of a code fence. Every link and
// fence is written anew, its words escaped and its address encoded; a fence starts at the line's
// start and ends with its own opening, so that no list, quote or line a renderer reads another
// way can end it early; link definitions are dropped (no reference is ever made a link).

import { pagePathFromInput } from '../pages/pagePath';
import { linkTarget } from '../shared/linkTargets';
import { escapeMarkdown } from '../util/inertText';
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
const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
/** What the start of a line may be while it could still become a fence. */
const FENCE_PREFIX = /^ {0,3}(`{1,}|~{1,})?$/;
/** A whole line that is a link reference definition: `[label]: target "title"`. */
const DEFINITION =
  /^ {0,3}\[(?:[^[\]\\]|\\.){1,999}\]:[ \t]*(?:<[^<>\n]*>|[^\s<]\S*)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$/;
const AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}):([^\s<>\p{Cc}]*)>/uy;
/** Where marked's GitHub extension reads a web address without `<…>`; it runs to a space or `<`. */
const WEB_ADDRESS = /https?:\/\/|ftp:\/\/|www\./i;
/** The longest start of one: how much of a word's end to keep to find one that spans two writes. */
const WEB_ADDRESS_START = 8;
/** Escaped characters written as entities, which no web address before them can undo. */
const ENTITIES: Readonly<Record<string, string>> = { '<': '&lt;', '!': '&#33;', '[': '&#91;', '`': '&#96;' };
/** As much of an autolink as the text so far has. */
const AUTOLINK_PREFIX = /<([A-Za-z][A-Za-z0-9+.-]{0,31}(:[^\s<>]*)?)?/y;

interface Fence {
  /** The opening run of backticks or tildes, which is also the closing one written. */
  readonly run: string;
  /** The spaces before the opening run, taken off each line (as Markdown does). */
  readonly indent: number;
  /** The lines of a `suggestions` block, gathered until it closes. */
  readonly suggestions?: string[];
}

/**
 * An anchor's title as VS Code needs it: the view writes an anchor into the answer's Markdown as
 * a link whose label is the title, unescaped.
 */
export function anchorTitle(title: string): string {
  return escapeMarkdown(title);
}

/** An http(s) address as a link destination nothing in it can end early. */
function destination(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  return `<${new URL(url).href.replace(/[\s\\<>()`'"|]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}>`;
}

export class AnswerParts {
  private pending = '';
  /** A \r that ended the last delta, not yet known to be a line's end of its own. */
  private heldReturn = false;
  private atLineStart = true;
  private fence: Fence | undefined;
  /** Decided text not yet sent. */
  private text = '';
  /** Characters of the current line consumed so far (less what the pending text starts with). */
  private lineSeen = 0;
  /** The last characters of the word being written, in which a web address may be starting. */
  private wordEnd = '';
  /** Whether the word being written holds a web address (WEB_ADDRESS). */
  private inWebAddress = false;
  /** Characters looked at by scans of constructs on the current line, rescans of open ones included. */
  private lineWork = 0;
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
    else if (this.fence) this.text += `${this.atLineStart ? '' : '\n'}${this.fence.run}\n`;
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
    const closes = whole && this.atLineStart && new RegExp(`^ {0,3}${fence.run}${fence.run[0]}*[ \\t]*$`).test(line);
    if (fence.suggestions) {
      if (!whole) return 0;
      if (closes) {
        this.emitSuggestions(fence.suggestions);
        this.fence = undefined;
      } else fence.suggestions.push(line);
      this.newLine();
      return taken;
    }
    let written = this.pending.slice(0, taken);
    if (this.atLineStart) {
      if (!whole && FENCE_PREFIX.test(line.trimEnd()) && line.length < MAX_OPEN_CHARS) return 0;
      if (closes) {
        this.text += `${fence.run}\n`;
        this.fence = undefined;
        this.newLine();
        return taken;
      }
      written = written.slice(Math.min(fence.indent, /^ */.exec(written)![0].length));
      if (new RegExp(`^ {0,3}${fence.run[0]}{3}`).test(written)) written = `    ${written}`;
    }
    this.text += written;
    if (newline >= 0) this.newLine();
    else this.atLineStart = false;
    return taken;
  }

  private newLine(): void {
    this.noWord();
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
    if (fence && !(fence[2][0] === '`' && fence[3].includes('`'))) {
      // The language, which is all a renderer reads of the rest (and with a `|`, markdown-it
      // may read the line as a table's).
      const info = fence[3].trim().split(/\s/)[0].replace(/\|/g, '');
      const suggestions = info === SUGGESTIONS_INFO;
      this.fence = { run: fence[2], indent: fence[1].length, ...(suggestions ? { suggestions: [] } : {}) };
      if (!suggestions) this.text += `${fence[2]}${info}\n`;
      this.newLine();
      return taken;
    }
    if (DEFINITION.test(line)) {
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
    const put = (written: string) => {
      out += written;
      this.wrote(written);
    };
    const done = (consumed: number) => {
      this.text += out;
      this.lineSeen += consumed;
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
        // Before a line's end, a hard break: the line ends as any other does. A renderer may read
        // the backslash as the end of a web address written just before: what the escaped
        // character would then open (an autolink, an image, a link) is written as an entity.
        const taken = text[at + 1] === '\n' ? 1 : 2;
        put(ENTITIES[text[at + 1]] ?? text.slice(at, at + taken));
        at += taken;
        continue;
      }
      if (char === '`') {
        let run = at;
        while (text[run] === '`') run++;
        if (run >= text.length && !settled) break;
        const close = literal ? { end: 'none' as const, looked: 0 } : closingRun(text, run, run - at, final);
        this.lineWork += close.looked;
        if (close.end === 'open' && !settled) break;
        const code = typeof close.end === 'number' ? text.slice(at, close.end) : '';
        if (code !== '') {
          put(AnswerParts.codeSpanHolds(code) ? code : this.inert(code));
          at += code.length;
        } else {
          put(this.inert('`').repeat(run - at));
          at = run;
        }
        continue;
      }
      if (char === '<') {
        AUTOLINK.lastIndex = at;
        const autolink = literal ? null : AUTOLINK.exec(text);
        const address = autolink ? linkTarget(`${autolink[1]}:${autolink[2]}`) : undefined;
        const written = address?.kind === 'web' ? destination(address.url) : undefined;
        if (autolink && written) {
          put(written);
          at += autolink[0].length;
          continue;
        }
        this.lineWork += autolink?.[0].length ?? 0;
        AUTOLINK_PREFIX.lastIndex = at;
        if (!autolink && !settled && AUTOLINK_PREFIX.exec(text)?.[0].length === text.length - at) break;
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
      this.lineWork += scan.looked;
      if (scan.kind === 'open' && !settled) break;
      if (scan.kind === 'link') {
        this.text += out;
        out = '';
        this.link(scan.label, scan.target, image);
        return done(scan.end);
      }
      put(image ? `!${this.inert('[')}` : this.inert('['));
      at += image ? 2 : 1;
    }
    return done(at);
  }

  private link(label: string, target: string, image: boolean): void {
    const address = linkTarget(target);
    // The label is shown as its words, never read again for links or code of its own.
    const plain = image ? `Image: ${plainTitle(label) || target.trim()}` : plainTitle(label);
    const written = address.kind === 'web' ? destination(address.url) : undefined;
    if (written) {
      const link = `[${escapeMarkdown(plain) || written.slice(1, -1)}](${written})`;
      this.text += link;
      this.wrote(link);
      return;
    }
    const page = address.kind === 'sitePath' ? pagePathFromInput(address.path) : undefined;
    if (page?.ok && !image) {
      this.flushText();
      const title = plainTitle(label) || page.value;
      this.emit({ kind: 'page', path: page.value, title });
      this.wrote(title);
      return;
    }
    const words = this.inert(plain);
    this.text += words;
    this.wrote(words);
  }

  /**
   * Notes text written within a line: whether its last word holds a web address, which renderers
   * that link bare addresses read on to the next space (marked to a `<` too), over what follows.
   */
  private wrote(written: string): void {
    let space = written.length - 1;
    while (space >= 0 && !/\s/.test(written[space])) space--;
    const word = space < 0 ? this.wordEnd + written : written.slice(space + 1);
    this.inWebAddress = (space < 0 && this.inWebAddress) || WEB_ADDRESS.test(word);
    this.wordEnd = word.slice(-WEB_ADDRESS_START);
  }

  /**
   * Whether a code span may be written as it came. A renderer may read it otherwise (marked does,
   * where a web address runs into it, or a `~` or a `*` comes before it), and then its words are
   * text: only words that open no link, autolink, image or tag may be. (The others are written as
   * text, escaped: all there, if not in code's font.)
   */
  private static codeSpanHolds(code: string): boolean {
    return !/\[|<[A-Za-z/!?]/.test(code);
  }

  /**
   * Words escaped so that they open nothing. Within a web address, what could open a link, an
   * image or code is an entity: marked and markdown-it may read a backslash as the address's last
   * character, and the character after it as itself.
   */
  private inert(words: string): string {
    const escaped = escapeMarkdown(words);
    return this.inWebAddress ? escaped.replace(/\\([[<!`])/g, (_, char: string) => `&#${char.charCodeAt(0)};`) : escaped;
  }

  /** A new line: no word is being written. */
  private noWord(): void {
    this.wordEnd = '';
    this.inWebAddress = false;
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
