// Reading the start of a Markdown construct in streamed text, on one line, without regular
// expressions that could backtrack: a link or an image, a code span's closing run, a link
// reference definition. Each says how far it looked, so that a line's cost can be bounded
// (AnswerParts), and `open` while the text so far cannot tell. Fences follow codeFences' rules.

import { closesFence, type FenceOpening, fenceOpening as opening, infoWord } from '../shared/codeFences';

export { closesFence, type FenceOpening };

/** Where a link that starts at some `[` ends, and what it says; `open` while the text so far cannot tell. */
export type LinkScan =
  { readonly kind: 'link'; readonly end: number; readonly label: string; readonly target: string } | { readonly kind: 'none' | 'open' };

/** What the start of a line may be while it could still become a fence. */
const FENCE_PREFIX = /^ {0,3}(`{1,}|~{1,})?$/;
/** A whole line that is a link reference definition: `[label]: target "title"`. */
const DEFINITION =
  /^ {0,3}\[(?:[^[\]\\]|\\.){1,999}\]:[ \t]*(?:<[^<>\n]*>|[^\s<]\S*)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$/;

/**
 * A whole line that opens a code fence (codeFences' rules): the spaces before its run, the run, and
 * its language, which is all a renderer reads of the rest (without `|`, which may make markdown-it
 * read the line as a table's).
 */
export function fenceOpening(line: string): FenceOpening | undefined {
  const fence = opening(line);
  return fence && { ...fence, info: infoWord(fence.info).replace(/\|/g, '') };
}

/** Whether the start of a line could still become a fence's run (to open or close it). */
export function couldBeFenceRun(line: string): boolean {
  return FENCE_PREFIX.test(line);
}

/** Whether the start of a line could still become a fence's opening line, its language included. */
export function couldOpenFence(line: string): boolean {
  return FENCE_PREFIX.test(line) || /^ {0,3}(`{3,}|~{3,})/.test(line);
}

/** Whether a line inside the fence opened by `run` could be read by some renderer as its end. */
export function looksLikeFence(line: string, run: string): boolean {
  return new RegExp(`^ {0,3}${run[0]}{3}`).test(line);
}

/** Whether a whole line is a link reference definition. */
export function isDefinition(line: string): boolean {
  return DEFINITION.test(line);
}

const AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}):([^\s<>\p{Cc}]*)>/uy;
/** As much of an autolink as the text so far has. */
const AUTOLINK_PREFIX = /<([A-Za-z][A-Za-z0-9+.-]{0,31}(:[^\s<>]*)?)?/y;

/** The autolink (`<scheme:…>`) that starts at the `<` at `at`; `open` while the text so far cannot tell. */
export function scanAutolink(text: string, at: number): { kind: 'autolink'; end: number; target: string } | { kind: 'none' | 'open' } {
  AUTOLINK.lastIndex = at;
  const autolink = AUTOLINK.exec(text);
  if (autolink) return { kind: 'autolink', end: at + autolink[0].length, target: `${autolink[1]}:${autolink[2]}` };
  AUTOLINK_PREFIX.lastIndex = at;
  return { kind: AUTOLINK_PREFIX.exec(text)?.[0].length === text.length - at ? 'open' : 'none' };
}

/** Whether a line so far could still be a link reference definition (`[label]: target`). */
export function couldBeDefinition(line: string): boolean {
  if (!/^ {0,3}\[/.test(line)) return false;
  const close = line.search(/(?<!\\)\]/);
  return close < 0 || close === line.length - 1 || line[close + 1] === ':';
}

/**
 * Just after the run of `length` backticks that closes a code span opened before `from`, on its
 * line; `none` when the line ends first, `open` while the text so far cannot tell.
 */
export function closingRun(text: string, from: number, length: number, final: boolean): { end: number | 'none' | 'open'; looked: number } {
  let at = from;
  while (at < text.length) {
    if (text[at] === '\n') return { end: 'none', looked: at - from };
    if (text[at] !== '`') {
      at++;
      continue;
    }
    let run = at;
    while (text[run] === '`') run++;
    if (run - at === length) return { end: run < text.length || final ? run : 'open', looked: run - from };
    at = run;
  }
  return { end: final ? 'none' : 'open', looked: at - from };
}

/** `[label](target "title")` starting at the `[` at `start`, on one line; `looked`: how far it read. */
export function scanLink(text: string, start: number, final: boolean): LinkScan & { readonly looked: number } {
  const result = (scan: LinkScan, at: number) => ({ ...scan, looked: Math.max(1, at - start) });
  const undecided = (at: number) => result({ kind: final ? 'none' : 'open' }, at);
  let depth = 0;
  let at = start;
  for (; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '\n') return result({ kind: 'none' }, at);
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) break;
  }
  if (at + 1 >= text.length) return undecided(at);
  const label = text.slice(start + 1, at);
  if (text[at + 1] !== '(') return result({ kind: 'none' }, at);
  let cursor = at + 2;
  while (text[cursor] === ' ' || text[cursor] === '\t') cursor++;
  let target: string;
  if (text[cursor] === '<') {
    let close = cursor + 1;
    while (close < text.length && text[close] !== '>' && text[close] !== '\n' && text[close] !== '<') close++;
    if (close >= text.length) return undecided(close);
    if (text[close] !== '>') return result({ kind: 'none' }, close);
    target = text.slice(cursor + 1, close);
    cursor = close + 1;
  } else {
    let parens = 0;
    const from = cursor;
    for (; cursor < text.length; cursor++) {
      const char = text[cursor];
      if (char === '\\') cursor++;
      else if (char === '(') parens++;
      else if (char === ')' && parens-- === 0) break;
      else if (/\s/.test(char)) break;
    }
    if (cursor >= text.length) return undecided(cursor);
    target = text.slice(from, cursor);
  }
  // An optional title, in quotes, then the closing bracket.
  while (text[cursor] === ' ' || text[cursor] === '\t') cursor++;
  const quote = text[cursor];
  if (quote === '"' || quote === "'") {
    let close = cursor + 1;
    while (close < text.length && text[close] !== quote && text[close] !== '\n') close++;
    if (close >= text.length) return undecided(close);
    if (text[close] !== quote) return result({ kind: 'none' }, close);
    cursor = close + 1;
    while (text[cursor] === ' ' || text[cursor] === '\t') cursor++;
  }
  if (cursor >= text.length) return undecided(cursor);
  return text[cursor] === ')' ? result({ kind: 'link', end: cursor + 1, label, target }, cursor) : result({ kind: 'none' }, cursor);
}

/** A link's label as an anchor's title: its words, without Markdown's marks. */
export function plainTitle(label: string): string {
  return label
    .replace(/\\(.)/g, '$1')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * VS Code's Chat view reads tags of its own inside a fence's code (`<vscode_codeblock_uri isEdit>`
 * makes the block a pill that opens a local file; `<vscode_annotation>` adds findings): a zero-width
 * space after the `<` keeps them text, and the code reads the same.
 */
const VSCODE_TAG = /<(\/?)(vscode_)/gi;
const VSCODE_TAG_STARTS = ['<vscode_', '</vscode_'];

/** Code of a fence with VS Code's own tags made text. */
export function inertTags(code: string): string {
  return code.replace(VSCODE_TAG, '<$1\u200B$2');
}

/** How many characters at the end of `code` could be the start of such a tag, still to come whole. */
export function tagStartAtEnd(code: string): number {
  const lower = code.slice(-VSCODE_TAG_STARTS[1].length).toLowerCase();
  for (let length = lower.length; length > 0; length--) {
    const end = lower.slice(-length);
    if (VSCODE_TAG_STARTS.some((start) => start.length > length && start.startsWith(end))) return length;
  }
  return 0;
}
