// The live assistant may close an answer with a fenced block whose info string is `suggestions`:
// one `(text)[/path]` line per page the reader may want next (round brackets first). They are
// shown as links to those pages, never as code; lines that do not parse are dropped.

export const SUGGESTIONS_INFO = 'suggestions';

export interface Suggestion {
  readonly text: string;
  /** A page path of the site, or an http(s) URL. */
  readonly target: string;
}

const LINE = /^\s*\((.+)\)\[([^\]\s]+)\]\s*$/;

export function parseSuggestions(block: string): Suggestion[] {
  const suggestions: Suggestion[] = [];
  for (const line of block.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const text = match[1].trim();
    const target = match[2].trim();
    if (text !== '' && target !== '') suggestions.push({ text, target });
  }
  return suggestions;
}
