// How the MDX of a page is read into markdown-it's tokens: the front matter, imports and
// exports, JSX comments, and the components' tags, in blocks and in text, each closing tag paired
// with its opening tag. Inside a component, indentation is layout; outside, CommonMark's. Every
// rule reads in time that grows with the page. renderMdx turns the tokens into HTML.

import type MarkdownIt from 'markdown-it';
import { type JsxTag, readJsxTag } from './jsxTags';

type Token = MarkdownIt.Token;
type StateBlock = MarkdownIt.StateBlock;
type StateInline = MarkdownIt.StateInline;

/** What a parse keeps while it reads components, in markdown-it's `env`. */
export interface ParseEnv {
  /** Set by the parse of a page's render: components are read only then (or when the env names a page). */
  mdx?: true;
  mdxDepth?: number;
  /** How many tokens from the first are front matter, imports or comments; -1 once one is not. */
  topTokens?: number;
  /** Where the last closing tag of each component name starts: an opener with none after it opens nothing. */
  lastClosers?: ReadonlyMap<string, number>;
  /** The last end of a JSX comment found in `src`, and from where it was looked for: a later comment before it ends there too. */
  commentEnd?: { readonly src: string; readonly from: number; readonly at: number };
}

const FRONT_MATTER_FENCE = /^---\s*$/;
const ESM = /^(import\s[^]*?from\s*['"]|import\s*['"]|export\s+(const|let|var|function|default|async|class|\{))/;
/** What may come before an import: the page's top. */
const TOP_TOKENS: ReadonlySet<string> = new Set(['mdx_front_matter', 'mdx_esm', 'mdx_comment']);
/** A closing tag, as readJsxTag reads one. */
const CLOSER = /<\/([A-Z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)\s*>/g;
/** CommonMark's indented code: four columns past the block's margin. */
const CODE_INDENT = 4;

/** Adds the rules that read MDX; each reads only where `reading` says the parse is of a page. */
export function readMdx(md: MarkdownIt, reading: (state: { env: unknown }) => boolean): void {
  md.block.ruler.before('table', 'mdx_front_matter', frontMatter);
  md.block.ruler.before('table', 'mdx_esm', esm);
  md.block.ruler.before('table', 'mdx_comment', blockComment, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.block.ruler.before('table', 'mdx_component', blockComponent, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('html_inline', 'mdx_inline', inlineJsx);
  md.core.ruler.after('inline', 'mdx_pair', (state) => reading(state) && pairComponents(state));

  // Inside a component, indentation is only layout, as in MDX: a block there is read as if it
  // started at the margin (a fence, a list, a heading indented under its <Step>). Outside, four
  // columns are code, as in CommonMark, whatever the line holds.
  const inComponent = (state: StateBlock) => ((state.env as ParseEnv).mdxDepth ?? 0) > 0;
  const startsBlock = (state: StateBlock, line: number) =>
    reading(state) && (inComponent(state) || state.sCount[line] - state.blkIndent < CODE_INDENT);
  wrapRule(md, 'code', (rule) => (state, startLine, endLine, silent) => !inComponent(state) && rule(state, startLine, endLine, silent));
  for (const name of ['table', 'fence', 'blockquote', 'hr', 'list', 'heading', 'html_block'])
    wrapRule(md, name, (rule) => (state, startLine, endLine, silent) => {
      if (!inComponent(state) || state.sCount[startLine] <= state.blkIndent) return rule(state, startLine, endLine, silent);
      const margin = state.blkIndent;
      state.blkIndent = state.sCount[startLine];
      try {
        return rule(state, startLine, endLine, silent);
      } finally {
        state.blkIndent = margin;
      }
    });

  function frontMatter(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
    if (startLine !== 0 || !reading(state) || state.tShift[0] !== 0 || !FRONT_MATTER_FENCE.test(lineText(state, 0))) return false;
    let end = 1;
    while (end < endLine && !FRONT_MATTER_FENCE.test(lineText(state, end))) end++;
    if (end >= endLine) return false;
    if (silent) return true;
    const yaml = Array.from({ length: end - 1 }, (_, i) => lineText(state, i + 1));
    const token = state.push('mdx_front_matter', '', 0);
    token.block = true;
    token.map = [0, end + 1];
    token.content = yaml.join('\n');
    token.meta = { title: yamlString(yaml, 'title'), description: yamlString(yaml, 'description') };
    state.line = end + 1;
    return true;
  }

  function esm(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
    // Only at the top of the page, after the front matter and other imports.
    if (!startsBlock(state, startLine) || inComponent(state) || !atTop(state)) return false;
    if (!ESM.test(lineText(state, startLine).trim() + ' ')) return false;
    if (silent) return true;
    let end = startLine + 1;
    while (end < endLine && !state.isEmpty(end)) end++;
    const token = state.push('mdx_esm', '', 0);
    token.block = true;
    token.map = [startLine, end];
    token.content = state.getLines(startLine, end, 0, false).trimEnd();
    state.line = end;
    return true;
  }

  function blockComment(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
    const start = state.bMarks[startLine] + state.tShift[startLine];
    if (!startsBlock(state, startLine) || !state.src.startsWith('{/*', start)) return false;
    const close = commentEnd(state.src, start, state.env as ParseEnv);
    if (close < 0) return false;
    const endLineOfClose = lineAt(state, close, startLine, endLine);
    // Only a comment on lines of its own.
    if (endLineOfClose < 0 || state.src.slice(close + 3, state.eMarks[endLineOfClose]).trim() !== '') return false;
    if (silent) return true;
    const token = state.push('mdx_comment', '', 0);
    token.block = true;
    token.map = [startLine, endLineOfClose + 1];
    token.content = state.src.slice(start, close + 3);
    state.line = endLineOfClose + 1;
    return true;
  }

  function blockComponent(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
    const start = state.bMarks[startLine] + state.tShift[startLine];
    if (!startsBlock(state, startLine) || state.src[start] !== '<') return false;
    const tag = readJsxTag(state.src, start);
    if (!tag) return false;
    const tagEndLine = lineAt(state, tag.end - 1, startLine, endLine);
    if (tagEndLine < 0) return false;
    if (silent) return true;
    const env = state.env as ParseEnv;
    const push = (jsx: JsxTag, content: string, line: number) => {
      const token = state.push('mdx_component', '', 0);
      token.block = true;
      token.map = [line, line + 1];
      token.meta = jsx;
      token.content = content;
      // An opener never closed (JSX quoted in prose) opens nothing: what follows is read as Markdown.
      const opens = !jsx.closing && !jsx.selfClosing && closedAfter(state.src, env, jsx.name, tag.end);
      env.mdxDepth = Math.max(0, (env.mdxDepth ?? 0) + (jsx.closing ? -1 : opens ? 1 : 0));
    };
    push(tag, state.src.slice(start, tag.end), startLine);
    // What follows the tag on its line: content, and maybe the closing tag (`<Note>Text.</Note>`).
    let rest = state.src.slice(tag.end, state.eMarks[tagEndLine]);
    const closer = `</${tag.name}>`;
    const closing = !tag.closing && !tag.selfClosing ? rest.lastIndexOf(closer) : -1;
    const after = closing >= 0 ? rest.slice(closing + closer.length) : '';
    if (closing >= 0) rest = rest.slice(0, closing);
    if (rest.trim() !== '') paragraph(state, rest.trim(), tagEndLine);
    if (closing >= 0) {
      const close = readJsxTag(closer, 0)!;
      push(close, closer, tagEndLine);
    }
    if (after.trim() !== '') paragraph(state, after.trim(), tagEndLine);
    state.line = tagEndLine + 1;
    return true;
  }

  function inlineJsx(state: StateInline, silent: boolean): boolean {
    const start = state.pos;
    if (!reading(state)) return false;
    if (state.src.startsWith('{/*', start)) {
      const close = commentEnd(state.src, start, state.env as ParseEnv);
      if (close < 0) return false;
      if (!silent) state.push('mdx_inline_comment', '', 0).content = state.src.slice(start, close + 3);
      state.pos = close + 3;
      return true;
    }
    if (state.src[start] !== '<') return false;
    const tag = readJsxTag(state.src, start);
    if (!tag) return false;
    if (!silent) {
      const token = state.push('mdx_inline_component', '', 0);
      token.meta = tag;
      token.content = state.src.slice(start, tag.end);
    }
    state.pos = tag.end;
    return true;
  }
}

/** How many unclosed components of one name are remembered in one container; deeper ones pair with nothing. */
const MAX_OPEN = 256;

/**
 * Gives each closing tag its opening tag (their attributes are needed at the close), within one
 * container: a closer in another block, quote or list item than its opener pairs with nothing, and
 * renders nothing, so no tag can close what it did not open.
 */
function pairComponents(state: MarkdownIt.StateCore): void {
  const pairWithin = (tokens: Token[], type: string) => {
    const frames: Map<string, Token[]>[] = [new Map<string, Token[]>()];
    for (const token of tokens) {
      if (token.type === 'inline' && token.children) pairWithin(token.children, 'mdx_inline_component');
      if (token.nesting === 1 && token.type !== type) frames.push(new Map<string, Token[]>());
      else if (token.nesting === -1 && token.type !== type && frames.length > 1) frames.pop();
      if (token.type !== type) continue;
      const tag = token.meta as JsxTag;
      const open = frames[frames.length - 1];
      const stack = open.get(tag.name) ?? [];
      if (tag.closing) {
        const opener = stack.pop();
        if (opener) token.meta = { ...tag, opener: opener.meta as JsxTag };
      } else if (!tag.selfClosing && stack.length < MAX_OPEN) {
        stack.push(token);
        open.set(tag.name, stack);
      }
    }
  };
  pairWithin(state.tokens, 'mdx_component');
}

// Where the end (star, slash, brace) of the JSX comment starting at `start` is, or -1. Every comment
// looks for the first end after it, so the last end found serves all the comments before it: a page
// of unclosed comments costs one pass, not one per comment.
function commentEnd(src: string, start: number, env: ParseEnv): number {
  // Block rules read the whole page and inline rules each paragraph: a closer is known for its text only.
  const known = env.commentEnd?.src === src ? env.commentEnd : undefined;
  if (known && known.from <= start && start < known.at) return known.at;
  if (known && known.at < 0 && known.from <= start) return -1;
  const at = src.indexOf('*/}', start + 3);
  env.commentEnd = { src, from: start, at };
  return at;
}

/**
 * Whether every token so far is front matter, an import or a comment. Tokens are looked at once
 * each, however many lines ask: a page of a thousand imports costs a thousand looks, not a million.
 */
function atTop(state: StateBlock): boolean {
  const env = state.env as ParseEnv;
  let checked = env.topTokens ?? 0;
  if (checked < 0) return false;
  for (; checked < state.tokens.length; checked++) if (!TOP_TOKENS.has(state.tokens[checked].type)) break;
  env.topTokens = checked < state.tokens.length ? -1 : checked;
  return checked === state.tokens.length;
}

/** Whether a closing tag of `name` starts after `at` in `src`: every closer found in one pass, once a parse. */
function closedAfter(src: string, env: ParseEnv, name: string, at: number): boolean {
  if (!env.lastClosers) {
    const last = new Map<string, number>();
    for (const match of src.matchAll(CLOSER)) last.set(match[1], match.index);
    env.lastClosers = last;
  }
  return (env.lastClosers.get(name) ?? -1) >= at;
}

function paragraph(state: StateBlock, text: string, line: number): void {
  const open = state.push('paragraph_open', 'p', 1);
  open.map = [line, line + 1];
  const inline = state.push('inline', '', 0);
  inline.content = text;
  inline.map = [line, line + 1];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
}

/** The line (from `from`, before `endLine`) that holds the character at `offset`; -1 if none. A binary search: lines end in order. */
function lineAt(state: StateBlock, offset: number, from: number, endLine: number): number {
  let low = from;
  let high = endLine;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (offset <= state.eMarks[middle]) high = middle;
    else low = middle + 1;
  }
  return low < endLine ? low : -1;
}

/** A top-level string of simple YAML: `title: Retry policy`, quoted or not. */
function yamlString(lines: readonly string[], key: string): string | undefined {
  for (const line of lines) {
    const match = new RegExp(`^${key}\\s*:\\s*(.*)$`).exec(line);
    if (!match) continue;
    const value = match[1].trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    return quoted ? quoted[2] : value === '' ? undefined : value;
  }
  return undefined;
}

type BlockRule = MarkdownIt.ParserBlock.RuleBlock;

/** Puts `wrap(rule)` in the place of markdown-it's block rule `name` (its Ruler lends a rule only through its list). */
function wrapRule(md: MarkdownIt, name: string, wrap: (rule: BlockRule) => BlockRule): void {
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule; alt: string[] }[] }).__rules__;
  const rule = rules.find((entry) => entry.name === name);
  // Given again, the rules it may end (a heading ends a paragraph): at() would forget them.
  if (rule) md.block.ruler.at(name, wrap(rule.fn), { alt: [...rule.alt] });
}
