// The answers' scope, as a reader sees it: `docsAssistant.assistant.filter` ({"version": "v2",
// "language": "fr"}) said in a few words ("v2 · fr"), for the chat, Search Docs and the tools.

/** The filter's usual fields first, in this order; any other after them. */
const ORDER = ['version', 'language', 'tag', 'groups'];
const MAX_LABEL = 80;

/** The filter in a few words, or undefined when there is none (or nothing in it to say). */
export function scopeLabel(filter: Readonly<Record<string, unknown>> | null): string | undefined {
  if (!filter) return undefined;
  const keys = Object.keys(filter).sort((a, b) => rank(a) - rank(b));
  const parts: string[] = [];
  for (const key of keys) {
    const value = filter[key];
    if (typeof value === 'string' && value.trim() !== '') parts.push(value.trim());
    else if (typeof value === 'number' || typeof value === 'boolean') parts.push(`${key} ${String(value)}`);
    else if (Array.isArray(value)) {
      const words = value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());
      if (words.length > 0) parts.push(words.join(', '));
    }
  }
  // One line: a value with a line break in it would break the bar it is shown in.
  const label = parts.join(' · ').replace(/\s+/g, ' ');
  if (label === '') return undefined;
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

function rank(key: string): number {
  const at = ORDER.indexOf(key);
  return at < 0 ? ORDER.length : at;
}
