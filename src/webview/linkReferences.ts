// A link may use a definition made anywhere in the answer, before or after it: `[the guide][g]` or
// `[g]`, with `[g]: /guides/chat` in another block. markdown-it given the whole text resolves them
// all. A streaming answer is rendered a block at a time, so its renders share one set of
// definitions, and a finished block that may use a definition made after it is rendered again
// once the definition is made.

import type { LinkReferences } from './markdown';

export class AnswerReferences {
  /** Definitions made by finished text: the renders of finished blocks add theirs to it. */
  readonly made: LinkReferences = {};
  /** Labels in `made` that blocks drawn before them have been checked against. */
  private readonly checked = new Set<string>();
  /** Finished blocks' text, by the group that shows them, in order, until the answer is complete. */
  private readonly texts = new Map<HTMLElement, string[]>();

  /** For text still open: it sees the definitions made, but what it defines may yet change. */
  draft(): LinkReferences {
    return { ...this.made };
  }

  /** Finished text drawn in `group`, after the text drawn in it before. */
  drawn(group: HTMLElement, text: string): void {
    const texts = this.texts.get(group);
    if (texts) texts.push(text);
    else this.texts.set(group, [text]);
  }

  /**
   * The groups, with the text of their finished blocks, that hold a block which may use a
   * definition made since the last call: they must be drawn again.
   */
  stale(): { group: HTMLElement; texts: readonly string[] }[] {
    const fresh = Object.keys(this.made).filter((label) => !this.checked.has(label));
    if (fresh.length === 0) return [];
    for (const label of fresh) this.checked.add(label);
    return [...this.texts].filter(([, texts]) => texts.some((text) => mayUse(text, fresh))).map(([group, texts]) => ({ group, texts }));
  }

  /** The answer is complete: no definition can come after its blocks any more. */
  complete(): void {
    this.texts.clear();
  }
}

/**
 * Whether `text` may use a definition of one of `labels`. markdown-it keeps a label folded (spaces
 * collapsed, case folded), and a label may run over lines of a block quote, so the text is folded
 * the same way, without its quote marks. It may say yes wrongly, not no.
 */
function mayUse(text: string, labels: readonly string[]): boolean {
  const folded = text
    .replace(/^[ \t]*(>[ \t]?)+/gm, '')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .toUpperCase();
  return labels.some((label) => folded.includes(label));
}
