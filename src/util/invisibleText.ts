// What a reader cannot see in text that someone else wrote: control characters but line breaks and
// tabs, and every default-ignorable code point (zero-width and joining marks, the marks that reorder
// text, tag characters that spell ASCII unseen, variation selectors, fillers). They draw as nothing,
// in a dialog, a code block or an editor's box, yet a model or an agent reads them. One rule for a
// link's question put in the chat's box and for what an agent job is sent.

// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Default_Ignorable_Code_Point}/gu;

/** Text with what draws as nothing taken out or marked, and how many such characters (code points) there were. */
export interface MadeVisible {
  readonly text: string;
  readonly count: number;
}

/** `text` without what draws as nothing. */
export function withoutInvisible(text: string): MadeVisible {
  let count = 0;
  const visible = text.replace(INVISIBLE, () => {
    count++;
    return '';
  });
  return { text: visible, count };
}

/**
 * `text` with each character that draws as nothing shown as its code point, `⟦U+200B⟧`: for a
 * question that must show all of what it sends. A carriage return that ends a line, as files from
 * Windows have them, is a line's end, not a mark.
 */
export function showingInvisible(text: string): MadeVisible {
  let count = 0;
  const shown = text.replace(INVISIBLE, (character: string, at: number) => {
    if (character === '\r' && text[at + 1] === '\n') return character;
    count++;
    return `⟦U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`;
  });
  return { text: shown, count };
}
