// Markdown as one line of plain text, for a quick pick's detail line and for what a screen reader
// says of an answer: no Markdown marks, no code fences, no HTML, white space collapsed, cut at a
// word. The text is the server's, and may be long and hostile: only its start is read, and every
// pattern scans it once (none can go back over a run of the same character: what a construct may
// hold excludes its own opening mark).

const MAX_CHARS = 200;
/** Only this much of a result is read: ten times what is shown, for the marks dropped on the way. */
const READ_CHARS = 2_000;
/** The longest text an emphasis or a link label may hold. */
const INNER = 200;

export function plainExcerpt(markdown: string, maxChars = MAX_CHARS): string {
  const text = markdown
    .slice(0, READ_CHARS)
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/<[^<>\n]*>/g, ' ')
    .replace(new RegExp(`!?\\[([^[\\]\\n]{0,${INNER}})\\]\\([^()\\s]*\\)`, 'g'), '$1')
    .replace(/^[ \t]{0,3}(#{1,6}|>|[-+*]|\d{1,9}[.)])[ \t]+/gm, '')
    .replace(new RegExp(`(\\*\\*|\\*|~~)(?=[^\\s*~])([^*~\\n]{1,${INNER}}?)(?<=\\S)\\1`, 'g'), '$2')
    // Underscores mark emphasis only outside words: svc_dsc_key keeps its own.
    .replace(new RegExp(`(^|[^\\p{L}\\p{N}_])(__|_)(?=[^\\s_])([^_\\n]{1,${INNER}}?)(?<=\\S)\\2(?![\\p{L}\\p{N}_])`, 'gu'), '$1$3')
    .replace(/[`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cutAtWord(text, maxChars);
}

/** The text, or as many of its words as fit in `maxChars` with an ellipsis. */
export function cutAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
