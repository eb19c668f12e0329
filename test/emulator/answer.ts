// The assistant's answer, composed from the retrieved pages, and the UI message chunks that
// carry it. Deterministic, so tests can assert on it.

import { type DocPage, words } from './docsIndex';

export interface AnswerInput {
  readonly question: string;
  readonly context: readonly { type: string; value: string; path?: string }[];
  readonly currentPath?: string;
  readonly pages: readonly DocPage[];
  /** How the answer links to a page: the live service writes site-relative links. */
  readonly pageLink: (page: DocPage) => string;
  /** Pages the reader may want next, as the live service closes some answers with. */
  readonly suggestions?: readonly DocPage[];
}

export function composeAnswer(input: AnswerInput): string {
  const lines: string[] = [];
  const topic = input.question.replace(/\s+/g, ' ').trim().slice(0, 120);
  lines.push(`Here is what the documentation says about **${topic}**.`, '');
  for (const item of input.context) {
    const lineCount = item.value.split('\n').length;
    lines.push(
      `You shared ${item.type === 'code' ? 'code' : 'a selection'}${item.path ? ` from \`${item.path}\`` : ''} (${lineCount} line${lineCount === 1 ? '' : 's'}).`,
      '',
    );
  }
  if (input.currentPath) lines.push(`You are reading \`${input.currentPath}\`.`, '');
  for (const page of input.pages) {
    lines.push(`### ${page.title}`, '', mostRelevantParagraph(page.text, input.question), '');
    const code = firstCodeBlock(page.text);
    if (code) lines.push(code, '');
    lines.push(`See [${page.title}](${input.pageLink(page)}).`, '');
  }
  if (input.suggestions?.length) {
    lines.push('```suggestions', ...input.suggestions.map((page) => `(${page.title})[/${page.path}]`), '```');
  }
  return lines.join('\n').trimEnd() + '\n';
}

/** The most relevant paragraph of a page: what a search result's excerpt holds. */
export function excerpt(page: DocPage, query: string): string {
  return mostRelevantParagraph(page.text, query);
}

/** The prose paragraph sharing the most words with the question; the first one on a tie. */
function mostRelevantParagraph(markdown: string, question: string): string {
  const wanted = new Set(words(question));
  const paragraphs = markdown
    .replace(/```[\s\S]*?```/g, '')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '' && !block.startsWith('#') && !block.startsWith('|'));
  let best = paragraphs[0] ?? '';
  let bestScore = 0;
  for (const paragraph of paragraphs) {
    const score = words(paragraph).filter((word) => wanted.has(word)).length;
    if (score > bestScore) [best, bestScore] = [paragraph, score];
  }
  return best;
}

function firstCodeBlock(markdown: string): string | undefined {
  // A fence at the start of a line, closed at the start of a line: an indented one (inside a
  // component) would not close when quoted at the left edge of the answer.
  return /^```[^\n]*\n[\s\S]*?\n```$/m.exec(markdown)?.[0];
}

/** Splits text into small deltas of one or two words, as a model's tokens arrive. */
export function toDeltas(text: string): string[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  const deltas: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) deltas.push(pieces.slice(i, i + 2).join(''));
  return deltas;
}

/** Cuts text into `count` pieces of nearly equal length, wherever that falls (never inside a surrogate pair). */
export function evenPieces(text: string, count: number): string[] {
  const chars = [...text];
  const size = chars.length / Math.max(1, count);
  return Array.from({ length: Math.max(1, count) }, (_, i) =>
    chars.slice(Math.round(i * size), Math.round((i + 1) * size)).join(''),
  ).filter((piece) => piece !== '');
}
