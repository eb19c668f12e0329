// Markdown for answers: raw HTML shows as text, links are kept only when http(s) or relative, code
// blocks get highlighting and Copy / Insert at Cursor. No link carries a live `href` (VS Code's host
// would open it, whatever the page does): the target goes in `data-href`, and the extension opens it
// after its own checks. Images are never loaded (an image's address could carry the selection away).

import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import * as l10n from '@vscode/l10n';
import MarkdownIt from 'markdown-it';
import { isSafeLink } from '../shared/linkTargets';
import { linkWords } from '../shared/linkWords';
import { parseSuggestions, SUGGESTIONS_INFO } from '../shared/suggestions';
import { chunkedCode, type DrawnChunks, type HighlightedCode } from './codeChunks';
import type { LinkReferences } from './linkReferences';
import { plainCodeHtml } from './plainCode';

for (const [name, language] of Object.entries({
  bash,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  shell,
  sql,
  typescript,
  xml,
  yaml,
})) {
  hljs.registerLanguage(name, language);
}

export { isSafeLink };

/** What a render is given (markdown-it's env), besides the text. */
interface RenderEnv {
  /** Long code's chunks drawn by the draw before, which this render makes placeholders. */
  readonly drawn?: DrawnChunks;
  /** Definitions made elsewhere in the answer, which this render adds its own to. */
  readonly references?: LinkReferences;
  /** Code goes in as plain text, marked to be highlighted later (plainCode.ts). */
  readonly plainCode?: boolean;
}

const md: MarkdownIt = new MarkdownIt({ html: false, linkify: true, breaks: false });
md.validateLink = isSafeLink;
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });

const escapeHtml = (text: string): string => md.utils.escapeHtml(text);

/** The HTML inside a code block's <code> element. */
function codeHtml(code: string, lang: string, env: RenderEnv): string {
  const language = lang && hljs.getLanguage(lang) ? lang : '';
  if (env.plainCode && language) return plainCodeHtml(code, language, escapeHtml);
  return chunkedCode(code, language, (text) => highlightCode(text, language), env.drawn);
}

/** `code` highlighted in `language`, which highlight.js knows (else the code is escaped). */
export function highlightCode(code: string, language: string): HighlightedCode {
  if (language) {
    try {
      const result = hljs.highlight(code, { language, ignoreIllegals: true });
      // `_top`, the mode highlighting ended in, is in highlight.js 11's published types, but marked
      // internal: were it to go, every cut would fail and long code would be left whole.
      return { html: result.value, atTopLevel: result._top === hljs.getLanguage(language) };
    } catch {
      // Shown as plain text, below.
    }
  }
  return { html: escapeHtml(code), atTopLevel: true };
}

/**
 * The pieces of rendering that are built on first use, to build before a question (warmUp.ts):
 * the renderer, on a sample that takes each of its paths an answer does, then each language's grammar.
 */
export function renderingToWarmUp(): (() => void)[] {
  const sample = '# A\n\nSome *text* with `code`, https://example.com and [a link](guides/a).\n\n- one\n- two\n\n```\nplain\n```\n';
  return [() => renderMarkdown(sample), ...hljs.listLanguages().map((language) => () => highlightCode('x', language))];
}

/** A link label as markdown-it keeps it, to find the links that may use a definition. */
export const foldLabel = (label: string): string => md.utils.normalizeReference(label);

/** An anchor the extension opens on click: the target in data-href, reachable by keyboard. */
export function linkHtml(target: string, text: string, className = ''): string {
  const safe = escapeHtml(target);
  return `<a data-href="${safe}" title="${safe}" role="link" tabindex="0"${className ? ` class="${className}"` : ''}>${escapeHtml(linkWords(text, target))}</a>`;
}

/** The `suggestions` block: its lines as links to pages, never as code. */
function suggestionsHtml(block: string): string {
  const items = parseSuggestions(block)
    .filter((suggestion) => isSafeLink(suggestion.target))
    .map((suggestion) => `<li>${linkHtml(suggestion.target, suggestion.text, 'suggestion-link')}</li>`);
  if (items.length === 0) return '';
  const title = escapeHtml(l10n.t('Suggested pages'));
  return `<nav class="suggestions" aria-label="${title}"><h3 class="suggestions-title">${title}</h3><ul class="suggestion-list">${items.join('')}</ul></nav>`;
}

const defaultFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, index, options, env, self) => {
  const language = tokens[index].info.trim().split(/\s+/)[0] ?? '';
  if (language === SUGGESTIONS_INFO) return suggestionsHtml(tokens[index].content);
  const label = language ? `<span class="code-language">${md.utils.escapeHtml(language)}</span>` : '<span class="code-language"></span>';
  const group = escapeHtml(language ? l10n.t('{0} code', language) : l10n.t('Code'));
  return (
    `<div class="code-block" role="group" aria-label="${group}"><div class="code-toolbar">` +
    label +
    `<button type="button" class="code-action" data-action="copy" aria-label="${escapeHtml(l10n.t('Copy code'))}">${escapeHtml(l10n.t('Copy'))}</button>` +
    // Named by what it shows: a voice-control user says what they see (WCAG 2.5.3).
    `<button type="button" class="code-action" data-action="insert" title="${escapeHtml(l10n.t('Insert the code at the cursor in the editor'))}">${escapeHtml(l10n.t('Insert at Cursor'))}</button>` +
    // The code scrolls sideways: it takes the focus, so that a keyboard can scroll it (WCAG 2.1.1).
    `</div>${defaultFence(tokens, index, { ...options, highlight: (code, lang) => codeHtml(code, lang, env as RenderEnv) }, env, self).replace(/^<pre>/, '<pre tabindex="0">')}</div>`
  );
};

/**
 * A link's words as linkWords shows them: when they name another address than the link's, they
 * become that address, one text token in place of what they were.
 */
md.core.ruler.push('link_words', (state) => {
  for (const block of state.tokens) {
    const children = block.children;
    if (!children) continue;
    for (let open = 0; open < children.length; open++) {
      if (children[open].type !== 'link_open') continue;
      let close = open + 1;
      while (close < children.length && children[close].type !== 'link_close') close++;
      const inside = children.slice(open + 1, close);
      const words = inside.map((token) => (token.type === 'text' || token.type === 'code_inline' ? token.content : '')).join('');
      const shown = linkWords(words, children[open].attrGet('href') ?? '');
      if (shown === words) continue;
      const text = new state.Token('text', '', 0);
      text.content = shown;
      children.splice(open + 1, inside.length, text);
    }
  }
});

md.renderer.rules.link_open = (tokens, index) => {
  const target = tokens[index].attrGet('href') ?? '';
  const safe = escapeHtml(target);
  return `<a data-href="${safe}" title="${safe}" role="link" tabindex="0">`;
};

md.renderer.rules.image = (tokens, index) => {
  const token = tokens[index];
  const source = token.attrGet('src') ?? '';
  const words = token.content.trim() === '' ? l10n.t('Image: image') : l10n.t('Image: {0}', token.content);
  // validateLink has already dropped unsafe addresses; what is left is offered, not loaded.
  return linkHtml(source, words, 'image-link');
};

/** The HTML of `text`, a whole answer or, with `env`, a part of one. */
export function renderMarkdown(text: string, env: RenderEnv = {}): string {
  // A copy, as markdown-it adds to the env it is given; `references` is the caller's own object.
  return md.render(text, { ...env });
}
