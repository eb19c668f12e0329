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
