// A link may use a definition made anywhere in the answer, before or after it: `[the guide][g]` or
// `[g]`, with `[g]: /guides/chat` in another block. markdown-it given the whole text resolves them
// all. A streaming answer is rendered a block at a time, so its renders share one set of
// definitions, and a finished block that may use a definition made after it is rendered again
// once the definition is made.

/**
 * Link reference definitions (`[id]: /url "title"`), by label as markdown-it folds it. markdown-it
 * fills them in as it parses (the first of a label counts), and resolves links against them.
 */
export type LinkReferences = Record<string, { readonly href: string; readonly title: string }>;

/** A label's text as markdown-it keeps it: spaces collapsed, case folded. */
type Fold = (label: string) => string;

/** What `[…]` holds: a label has no unescaped bracket. */
const BRACKETED = /\[((?:\\[^]|[^\\[\]])*)\]/g;
/** Quote marks at the start of a line: a label running over lines of a block quote has them. */
const QUOTE_MARKS = /\n[ \t]*(?:>[ \t]?)+/g;

interface FinishedText {
  readonly text: string;
  /** What it holds in brackets, folded: every label it may use. */
  readonly bracketed: ReadonlySet<string>;
  /** How many definitions were made when it was rendered: it resolved those. */
  readonly knew: number;
}

export class AnswerReferences {
  /** Definitions made by finished text: the renders of finished blocks add theirs to it. */
  readonly made: LinkReferences = {};
  /** When each label in `made` was made, in order (its keys' order puts integer-like labels first). */
  private readonly madeAt = new Map<string, number>();
  /** Finished blocks' text, by the group that shows them, in order, until the answer is complete. */
  private readonly texts = new Map<HTMLElement, FinishedText[]>();
  /** Labels made since stale() last looked. */
  private fresh: string[] = [];

  constructor(private readonly fold: Fold) {}

  /**
   * For text still open: it sees the definitions made, but what it defines may yet change, so it
   * defines in an object of its own. A label made already still counts first: markdown-it reads
   * labels through the prototype too.
   */
  draft(): LinkReferences {
    return Object.create(this.made) as LinkReferences;
  }

  /** How many definitions are made now: taken right after a render, what it could resolve. */
  known(): number {
    this.noteMade();
    return this.madeAt.size;
  }

  /** Finished text drawn in `group`, after the text drawn in it before, rendered when `knew` definitions were made. */
  drawn(group: HTMLElement, text: string, knew: number): void {
    const bracketed = new Set([...text.matchAll(BRACKETED)].map((match) => this.fold(match[1].replace(QUOTE_MARKS, '\n'))));
    const finished = { text, bracketed, knew };
    const texts = this.texts.get(group);
    if (texts) texts.push(finished);
    else this.texts.set(group, [finished]);
  }

  /**
   * The groups, with the text of their finished blocks, that hold a block which may use a
   * definition made after it was rendered: they must be rendered again.
   */
  stale(): { group: HTMLElement; texts: string[] }[] {
    this.noteMade();
    const fresh = this.fresh;
    this.fresh = [];
    if (fresh.length === 0) return [];
    const isFresh = new Set(fresh);
    // Each text's few bracketed labels against the fresh ones: not each fresh label against each text.
    const usesFresh = ({ bracketed, knew }: FinishedText) =>
      [...bracketed].some((label) => isFresh.has(label) && this.madeAt.get(label)! >= knew);
    return [...this.texts]
      .filter(([, texts]) => texts.some(usesFresh))
      .map(([group, texts]) => ({ group, texts: texts.map(({ text }) => text) }));
  }

  /** The answer is complete: no definition can come after its blocks any more. */
  complete(): void {
    this.texts.clear();
  }

  private noteMade(): void {
    for (const label of Object.keys(this.made)) {
      if (this.madeAt.has(label)) continue;
      this.madeAt.set(label, this.madeAt.size);
      this.fresh.push(label);
    }
  }
}
