// Where a page's `#anchor` points: the heading whose slug it is, made as VS Code's Markdown preview
// and the site make them (lower case, spaces as dashes, punctuation dropped).

import { CodeFences } from '../shared/codeFences';

/** Punctuation a heading's slug leaves out, as VS Code's own slugifier does. */
const PUNCTUATION = /[\][!/'"#$%&()*+,.:;<=>?@\\^{|}~`。，、；：？！…—·ˉ¨‘’“”々～‖∶＂＇｀｜〃〔〕〈〉《》「」『』．〖〗【】（）［］｛｝]/g;

export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(PUNCTUATION, '')
    .replace(/^-+|-+$/g, '');
}

export interface PageHeading {
  /** 0-based. */
  readonly line: number;
  /** 1 to 6. */
  readonly level: number;
  readonly text: string;
}

/** The ATX headings of `text`, outside code fences, in order. */
export function pageHeadings(text: string): PageHeading[] {
  const headings: PageHeading[] = [];
  const fences = new CodeFences();
  const lines = text.split('\n');
  for (let line = 0; line < lines.length; line++) {
    if (fences.isCode(lines[line])) continue;
    const heading = headingText(lines[line]);
    if (heading !== undefined) headings.push({ line, level: /#+/.exec(lines[line])![0].length, text: heading });
  }
  return headings;
}

/** The 0-based line of the heading `anchor` names in `text` (outside code fences), or undefined. */
export function headingLine(text: string, anchor: string): number | undefined {
  const wanted = headingSlug(anchor);
  if (wanted === '') return undefined;
  return pageHeadings(text).find((heading) => headingSlug(heading.text.replace(/<[^<>]*>/g, '')) === wanted)?.line;
}

/** An ATX heading's text (`## Limits ##` is `Limits`), or undefined when the line is not one. */
function headingText(line: string): string | undefined {
  const marker = /^ {0,3}#{1,6}(?=[ \t]|$)/.exec(line);
  if (!marker) return undefined;
  // Trailing `#`s and blanks taken off by hand: a regular expression here would backtrack.
  let end = line.length;
  while (end > marker[0].length && /[ \t]/.test(line[end - 1])) end--;
  let hashes = end;
  while (hashes > marker[0].length && line[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === marker[0].length || /[ \t]/.test(line[hashes - 1]))) end = hashes;
  return line.slice(marker[0].length, end).trim();
}
