// How an answer begins, as words a screen reader says when it is complete: its first paragraph
// as plain text, cut at its first sentence (or, `whole`, kept to a few hundred characters). Code,
// tables and quotes are skipped: they read badly aloud; so are headings, which say no more than
// the question did. The answer is the server's: it is read line by line, each line once.

import { cutAtWord, plainExcerpt } from '../shared/plainText';
import { CodeFences } from '../shared/codeFences';

const SENTENCE_CHARS = 200;
const PARAGRAPH_CHARS = 400;
/** The first paragraph is looked for this far into the answer, however long it is. */
const LOOK_CHARS = 20_000;

export function answerOpening(markdown: string, whole = false): string {
  const paragraph = firstProse(markdown.slice(0, LOOK_CHARS));
  if (paragraph === undefined) return '';
  const words = plainExcerpt(paragraph, Infinity);
  if (whole) return cutAtWord(words, PARAGRAPH_CHARS);
  const end = words.search(/[.!?](\s|$)/);
  return cutAtWord(end >= 0 ? words.slice(0, end + 1) : words, SENTENCE_CHARS);
}

/** The first run of lines that is neither code, a table, a quote, HTML nor a heading. */
function firstProse(markdown: string): string | undefined {
  const fences = new CodeFences();
  let block: string[] = [];
  const prose = () => block.length > 0 && !/^\s*[|><]/.test(block[0]);
  for (const line of markdown.split('\n')) {
    if (fences.isCode(line) || line.trim() === '' || /^ {0,3}#{1,6}(\s|$)/.test(line)) {
      if (prose()) return block.join('\n').trim();
      block = [];
      continue;
    }
    block.push(line);
  }
  return prose() ? block.join('\n').trim() : undefined;
}
