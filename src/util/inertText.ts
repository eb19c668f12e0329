// Text from outside (a server's message, a job's branch, a page path) shown in VS Code's own
// surfaces must stay text. A notification renders `[label](command:…)` as a link that runs the
// command, and the status bar and quick picks render `$(name)` as an icon; a MarkdownString
// (a tooltip) renders all of Markdown. These make such text inert.

const WORD_JOINER = '\u2060';

/**
 * For notifications, progress, the status bar, quick picks and tree labels: breaks the link and
 * icon syntax with an invisible word joiner, so the text reads the same (and wraps the same) and does nothing.
 */
export function inertText(text: string): string {
  return text.replace(/\]\(/g, `]${WORD_JOINER}(`).replace(/\$\(/g, `$${WORD_JOINER}(`);
}

/** For a MarkdownString: every character Markdown gives a meaning is escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&$:]/g, '\\$&');
}

/** Control characters, the line and paragraph separators, and the marks that turn text around. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/**
 * Outside text as one quoted line, for what a model reads or a sentence quotes: line breaks,
 * control characters and direction marks become spaces, it is cut to `max` characters, and JSON's
 * quoting escapes its quotes and backslashes.
 */
export function quotedLine(text: string, max: number): string {
  const line = text
    .slice(0, max * 4)
    .replace(LINE_BREAKING, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return JSON.stringify(line.length > max ? `${line.slice(0, max - 1)}…` : line);
}
