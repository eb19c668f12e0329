// Counts and short lists in the extension's sentences and the chat view's: one way to say "1 file",
// "3 files" and "a, b and 2 more".

/** `count` and the noun, plural unless there is one of it: "1 file", "3 files". */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The first `shown` names joined by commas, then "and N more" for the rest, if any. */
export function firstAndMore(names: readonly string[], shown: number): string {
  const listed = names.slice(0, shown).join(', ');
  const more = names.length - Math.min(shown, names.length);
  if (more === 0) return listed;
  return listed === '' ? `${more} more` : `${listed} and ${more} more`;
}
