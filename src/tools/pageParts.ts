// Which part of a page the read-page tool gives a model: a page longer than one answer holds is read
// in parts, from an offset or from a heading, each part at most MAX_PAGE_TEXT characters and ending
// at a line's end where one is near, with the page's headings and where each starts, so that an
// agent reads the part it needs rather than the first.

import { pageHeadings, headingSlug } from '../pages/headings';

/** A part of a page is cut to this many characters. */
export const MAX_PAGE_TEXT = 24_000;
/** How far back from a part's end a line's end is looked for, so that a part ends on a whole line. */
const LINE_END_REACH = 2_000;

/** Where to start reading: an offset into the text, or a heading (its text or its anchor). */
export interface PageStart {
  readonly offset?: number;
  readonly heading?: string;
}

export interface PagePart {
  /** The part's first character, and the one after its last, in the page's text. */
  readonly start: number;
  readonly end: number;
  /** The page's length in characters. */
  readonly length: number;
  /** The heading the part starts at, when one was asked for. */
  readonly heading?: string;
}

export interface HeadingAt {
  readonly text: string;
  readonly offset: number;
}

/** The page's headings, each with the offset of its line. */
export function headingOffsets(text: string): HeadingAt[] {
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  return pageHeadings(text).map((heading) => ({ text: heading.text, offset: lineStarts[heading.line] }));
}

/** The part of `text` that `start` asks for, or why there is none, in a sentence for the model. */
export function pagePart(text: string, start: PageStart = {}): { ok: true; part: PagePart } | { ok: false; problem: string } {
  let from = start.offset ?? 0;
  let heading: string | undefined;
  if (start.heading !== undefined) {
    const wanted = headingSlug(start.heading.replace(/^#+\s*/, ''));
    const found = headingOffsets(text).find((candidate) => headingSlug(candidate.text.replace(/<[^<>]*>/g, '')) === wanted);
    if (!found) return { ok: false, problem: `the page has no heading ${JSON.stringify(start.heading.slice(0, 200))}.` };
    from = found.offset;
    heading = found.text;
  }
  if (from > text.length || (from === text.length && text.length > 0))
    return { ok: false, problem: `offset ${from} is past the page's end: it is ${text.length} characters long.` };
  let end = Math.min(text.length, from + MAX_PAGE_TEXT);
  if (end < text.length) {
    const lineEnd = text.lastIndexOf('\n', end - 1);
    if (lineEnd >= Math.max(from, end - LINE_END_REACH)) end = lineEnd + 1;
    // Never between the two halves of a character outside the basic plane.
    else if (/[\uD800-\uDBFF]/.test(text[end - 1])) end--;
  }
  return { ok: true, part: { start: from, end, length: text.length, ...(heading !== undefined ? { heading } : {}) } };
}
