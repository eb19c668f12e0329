// Reading the start of a Markdown construct in streamed text, on one line, without regular
// expressions that could backtrack: a link or an image, a code span's closing run, a link
// reference definition. Each says how far it looked, so that a line's cost can be bounded
// (answerParts.ts), and `open` while the text so far cannot tell.

/** Where a link that starts at some `[` ends, and what it says; `open` while the text so far cannot tell. */
export type LinkScan =
  { readonly kind: 'link'; readonly end: number; readonly label: string; readonly target: string } | { readonly kind: 'none' | 'open' };

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
