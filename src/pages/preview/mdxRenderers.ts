// What a page's MDX tokens become in VS Code's Markdown preview (readMdx reads them): the
// front matter as a heading, imports and comments hidden, components as componentOpen draws
// them, a titled fence with its title. And what a page may not do: raw HTML shows as text but for
// tags that carry nothing, an image is a link that loads nothing, and a link goes to another page,
// to the web over http(s), or nowhere.

import * as l10n from '@vscode/l10n';
import type MarkdownIt from 'markdown-it';
import { pageLink, relativeDocumentHref } from '../pageLinks';
import { componentClose, componentOpen, type ComponentContext, type LinkRenderer } from './components';
import type { JsxTag } from './jsxTags';

type Token = MarkdownIt.Token;

/** What the preview says of the document it renders (`env.currentDocument`, a `vscode.Uri`). */
export interface RenderEnv {
  readonly currentDocument?: { readonly scheme: string; readonly path: string };
}

/** Raw HTML a page may keep: a tag that carries nothing (no attribute, no link, no load). */
const HARMLESS_TAG = /^<\/?(br|b|i|em|strong|code|kbd|sub|sup|u|s|mark|small)\s*\/?>$/i;

export interface RenderScope {
  /** Whether the document rendered is a page (or an `.mdx` file): only then do the rules below act. */
  readonly applies: (env: RenderEnv | undefined) => boolean;
  /** The page a page document shows, for its relative links; undefined for any other document. */
  readonly pageOf: (env: RenderEnv | undefined) => string | undefined;
}

export function renderMdx(md: MarkdownIt, { applies, pageOf }: RenderScope): void {
  const escape = (text: string) => md.utils.escapeHtml(text);
  const links: LinkRenderer = (href, env) => {
    const from = pageOf(env as RenderEnv);
    const link = pageLink(href, from ?? '');
    if (link.kind === 'web') return link.url;
    if (link.kind === 'page' && from !== undefined) return relativeDocumentHref(link, from);
    if (link.kind === 'page' && /\.mdx$/i.test((env as RenderEnv).currentDocument?.path ?? '')) return href.trim();
    return undefined;
  };
  const context: ComponentContext = { escape, link: links };

  // The tokens below come only from a page's parse, so they render as the page's.
  md.renderer.rules.mdx_front_matter = (tokens, idx) => {
    const { title, description } = tokens[idx].meta as { title?: string; description?: string };
    if (!title && !description) return '';
    return `<header class="mdx-page-header">${title ? `<h1>${escape(title)}</h1>` : ''}${
      description ? `<p class="mdx-page-description">${escape(description)}</p>` : ''
    }</header>\n`;
  };
  // Imports, exports and comments: hidden.
  const hidden = () => '';
  md.renderer.rules.mdx_esm = hidden;
  md.renderer.rules.mdx_comment = hidden;
  md.renderer.rules.mdx_inline_comment = hidden;
  const component = (tokens: Token[], idx: number, _options: MarkdownIt.Options, env: RenderEnv) => {
    const tag = tokens[idx].meta as JsxTag & { opener?: JsxTag };
    if (tag.closing) return tag.opener ? componentClose(tag.opener, context) : '';
    const open = componentOpen(tag, context, env);
    return tag.selfClosing ? open + componentClose(tag, context) : open;
  };
  md.renderer.rules.mdx_component = component;
  md.renderer.rules.mdx_inline_component = component;

  // A titled code fence (```bash Install), as the site shows it: its title above it.
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env: RenderEnv, self) => {
    const rendered = fence ? fence(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    const title = tokens[idx].info.trim().split(/\s+/).slice(1).join(' ');
    return applies(env) && title !== ''
      ? `<div class="mdx-code"><p class="mdx-code-title">${escape(title)}</p>${rendered}</div>\n`
      : rendered;
  };

  // Raw HTML in a page is the server's: shown as text, but for a few tags that carry nothing (a line
  // break, emphasis), so that no link, form, frame or remote load comes from a page.
  for (const rule of ['html_block', 'html_inline'] as const) {
    const original = md.renderer.rules[rule];
    md.renderer.rules[rule] = (tokens, idx, options, env: RenderEnv, self) => {
      if (!applies(env)) return original ? original(tokens, idx, options, env, self) : tokens[idx].content;
      const html = tokens[idx].content;
      return HARMLESS_TAG.test(html.trim()) ? html : escape(html);
    };
  }
  // An image in a page is a link to it, as a card's is: a page loads nothing from anywhere.
  const image = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, idx, options, env: RenderEnv, self) => {
    if (!applies(env)) return image ? image(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    const token = tokens[idx];
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const source = token.attrGet('src') ?? '';
    const href = links(source, env);
    const label = escape(l10n.t('Image: {0}', alt || source));
    return href === undefined ? label : `<a class="mdx-image-link" href="${escape(href)}" data-href="${escape(href)}">${label}</a>`;
  };

  // Links in a page: to another page, a link VS Code's preview opens as that page; http(s), as it is;
  // anything else, no link at all.
  const linkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx];
    if (applies(env)) {
      const href = links(token.attrGet('href') ?? '', env);
      if (href === undefined) {
        token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'href' && name !== 'data-href');
        token.attrSet('class', 'mdx-inert-link');
      } else {
        token.attrSet('href', href);
        token.attrSet('data-href', href);
      }
    }
    return linkOpen ? linkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
}
