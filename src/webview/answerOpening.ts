// How an answer begins, as words a screen reader says when it is complete: its first paragraph
// without Markdown's marks, cut at its first sentence (or, `whole`, kept to a few hundred
// characters). Code, tables and quotes are skipped: they read badly aloud.

const SENTENCE_CHARS = 200;
const PARAGRAPH_CHARS = 400;
/** The first paragraph is looked for this far into the answer, however long it is. */
const LOOK_CHARS = 20_000;

export function answerOpening(markdown: string, whole = false): string {
  const paragraph = markdown
    .slice(0, LOOK_CHARS)
    .replace(/^ {0,3}(`{3,}|~{3,})[^]*?^ {0,3}\1[^\n]*$/gm, '')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== '' && !/^(\||>|<)/.test(block));
  if (paragraph === undefined) return '';
  const words = paragraph
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+|^\s*([-+*]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const limit = whole ? PARAGRAPH_CHARS : SENTENCE_CHARS;
  const end = whole ? -1 : words.search(/[.!?](\s|$)/);
  const cut = end >= 0 ? words.slice(0, end + 1) : words;
  return cut.length > limit ? `${cut.slice(0, limit - 1)}…` : cut;
}
