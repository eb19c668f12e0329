// The links written in a page's text, where they are: Markdown links and reference definitions,
// autolinks, and the `href` of a component (`<Card href="/x">`). Code fences are skipped. Each
// pattern is matched line by line, with no part of it able to backtrack.

import { CodeFences } from '../shared/codeFences';

export interface LinkSpan {
  /** Offsets of the link's target in the text. */
  readonly start: number;
  readonly end: number;
  readonly href: string;
}

const PATTERNS: readonly RegExp[] = [
  // [text](target "title"): the target.
  /\]\(\s*<?([^\s()<>]+)>?/g,
  // [label]: target
  /^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s<>]+)>?/g,
  // <https://…>
  /<(https?:\/\/[^\s<>]+)>/g,
  // href="…", href='…', href={"…"}
  /\bhref=\{?(?:"([^"\n]*)"|'([^'\n]*)')/g,
];

export function linkSpans(text: string): LinkSpan[] {
  const spans: LinkSpan[] = [];
  const fences = new CodeFences({ anyIndent: true });
  let lineStart = 0;
  for (const line of text.split('\n')) {
    if (!fences.isCode(line)) {
      for (const pattern of PATTERNS) {
        for (const match of line.matchAll(pattern)) {
          const href = match[1] ?? match[2];
          if (href === undefined || href === '') continue;
          // Each pattern ends with its target (and maybe a closing mark): the last time it appears.
          const at = lineStart + (match.index ?? 0) + match[0].lastIndexOf(href);
          spans.push({ start: at, end: at + href.length, href });
        }
      }
    }
    lineStart += line.length + 1;
  }
  return spans.sort((a, b) => a.start - b.start);
}
