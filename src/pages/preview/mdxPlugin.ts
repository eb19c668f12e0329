// A markdown-it plugin that reads the platform's MDX pages as the site shows them: its components
// (callouts, cards, steps, tabs, accordions, API fields…), JSX comments and imports hidden, the
// front matter's title and description as a heading. Only pages and `.mdx` files are read so:
// VS Code parses a document without saying which it is (and caches the tokens), so a parse reads
// plain Markdown, and a page's render parses its text again as MDX. Any other Markdown file is
// parsed and rendered exactly as without the plugin.

import type MarkdownIt from 'markdown-it';
import { pagePathOfUriPath } from '../pagePath';
import { type RenderEnv, renderMdx } from './mdxRenderers';
import { type ParseEnv, readMdx } from './mdxRules';

type Token = MarkdownIt.Token;

export interface MdxPluginOptions {
  /** The scheme of page documents: their links to other pages open those pages. */
  readonly pageScheme: string;
}

export function mdxPlugin(md: MarkdownIt, options: MdxPluginOptions): void {
  const applies = (env: RenderEnv | undefined) => {
    const document = env?.currentDocument;
    return document !== undefined && (document.scheme === options.pageScheme || /\.mdx$/i.test(document.path));
  };
  const pageOf = (env: RenderEnv | undefined) =>
    env?.currentDocument?.scheme === options.pageScheme ? pagePathOfUriPath(env.currentDocument.path) : undefined;
  const reading = (state: { env: unknown }) => (state.env as ParseEnv).mdx === true || applies(state.env as RenderEnv);

  // Tokens parsed as plain Markdown keep their text, so that a page's render can parse it as MDX
  // (once per parse: VS Code renders the tokens it cached again).
  const sources = new WeakMap<Token[], string>();
  const pageTokens = new WeakMap<Token[], Token[]>();
  md.core.ruler.push('mdx_source', (state) => {
    if (!reading(state)) sources.set(state.tokens, state.src);
  });
  const render = md.renderer.render.bind(md.renderer);
  md.renderer.render = (tokens, renderOptions, env: RenderEnv) => {
    const source = applies(env) ? sources.get(tokens) : undefined;
    if (source === undefined) return render(tokens, renderOptions, env);
    let page = pageTokens.get(tokens);
    if (!page) pageTokens.set(tokens, (page = md.parse(source, { mdx: true } satisfies ParseEnv)));
    return render(page, renderOptions, env);
  };

  readMdx(md, reading);
  renderMdx(md, { applies, pageOf });
}
