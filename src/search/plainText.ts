// A page excerpt as one line of plain text, for a quick pick's detail line: no Markdown marks, no
// code fences, no HTML, white space collapsed, cut at a word.

const MAX_CHARS = 200;

export function plainExcerpt(markdown: string, maxChars = MAX_CHARS): string {
  const text = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-+*]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|\*|~~)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    // Underscores mark emphasis only outside words: svc_dsc_key keeps its own.
    .replace(/(^|[^\p{L}\p{N}])(__|_)(?=\S)(.+?)(?<=\S)\2(?![\p{L}\p{N}])/gu, '$1$3')
    .replace(/[`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
