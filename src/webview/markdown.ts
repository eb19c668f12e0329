// Markdown for answers: raw HTML is never rendered (it shows as text), links are kept only when
// they are http(s) or relative (command:, javascript:, data: and the like become plain text),
// and code blocks get syntax highlighting and Copy / Insert at Cursor buttons.

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
import MarkdownIt from 'markdown-it';

for (const [name, language] of Object.entries({ bash, css, diff, go, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml })) {
  hljs.registerLanguage(name, language);
}

/** Only the web and the site's own relative paths; no scheme that could run or reach anything else. */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim();
  if (/^https?:\/\//i.test(trimmed)) return true;
  // Relative: no scheme at all (a colon before any slash, ? or # would be one).
  return !/^[^/?#]*:/.test(trimmed) && !trimmed.startsWith('//');
}

const md = new MarkdownIt({
  html: false,
  linkify: true,
  breaks: false,
  highlight: (code, lang) => {
    const language = lang && hljs.getLanguage(lang) ? lang : undefined;
    try {
      return language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : md.utils.escapeHtml(code);
    } catch {
      return md.utils.escapeHtml(code);
    }
  },
});
md.validateLink = isSafeLink;
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });

const defaultFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, index, options, env, self) => {
  const language = tokens[index].info.trim().split(/\s+/)[0] ?? '';
  const label = language ? `<span class="code-language">${md.utils.escapeHtml(language)}</span>` : '<span class="code-language"></span>';
  return (
    '<div class="code-block"><div class="code-toolbar">' +
    label +
    '<button type="button" class="code-action" data-action="copy" aria-label="Copy code">Copy</button>' +
    '<button type="button" class="code-action" data-action="insert" aria-label="Insert code at cursor">Insert at Cursor</button>' +
    `</div>${defaultFence(tokens, index, options, env, self)}</div>`
  );
};

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
md.renderer.rules.link_open = (tokens, index, options, env, self) => {
  // The extension opens links after checking them; a title tells where a link goes.
  tokens[index].attrSet('title', tokens[index].attrGet('href') ?? '');
  return defaultLinkOpen(tokens, index, options, env, self);
};

export function renderMarkdown(text: string): string {
  return md.render(text);
}
