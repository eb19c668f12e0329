// The JSX tags of an MDX page, read as data: `<Card title="Retry" cols={2} horizontal>`, across
// lines if need be. Attribute values are strings, numbers and booleans as MDX writes them; any
// other expression is kept as its source text. Nothing is evaluated.

export type JsxValue = string | number | boolean;

export interface JsxTag {
  /** `Card`, `Steps`; for a closing tag, the name it closes. */
  readonly name: string;
  readonly closing: boolean;
  /** `<Card … />`: no content, no closing tag. */
  readonly selfClosing: boolean;
  /** Null-prototype: a page naming an attribute `__proto__` sets nothing else. */
  readonly attributes: Readonly<Record<string, JsxValue>>;
  /** Where the tag ends in the text read: just after its `>`. */
  readonly end: number;
}

/** A component's name: capitalised, as MDX tells components from HTML (`Tabs.Tab` too). */
const NAME = /^[A-Z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*/;
/** An attribute's name, `aria-label` and `data-x` included. */
const ATTRIBUTE = /^[A-Za-z_$][\w$.:-]*/;
/** How far a tag is looked for: one that does not end within this many characters (or a blank line) is not one. */
const MAX_TAG_CHARS = 2_048;

/** The component tag that starts at `start` in `text` (`<Name…>` or `</Name>`), or undefined. */
export function readJsxTag(text: string, start: number): JsxTag | undefined {
  if (text[start] !== '<') return undefined;
  let at = start + 1;
  const closing = text[at] === '/';
  if (closing) at++;
  const name = NAME.exec(text.slice(at, at + 200))?.[0];
  if (!name) return undefined;
  at += name.length;
  const attributes: Record<string, JsxValue> = Object.create(null) as Record<string, JsxValue>;
  const limit = Math.min(text.length, start + MAX_TAG_CHARS);
  while (at < limit) {
    let breaks = 0;
    while (at < limit && /\s/.test(text[at])) if (text[at++] === '\n' && ++breaks > 1) return undefined;
    if (text[at] === '>') return { name, closing, selfClosing: false, attributes, end: at + 1 };
    if (text[at] === '/' && text[at + 1] === '>') return { name, closing, selfClosing: !closing, attributes, end: at + 2 };
    if (closing) return undefined;
    // `{...props}`: spread, kept out.
    if (text[at] === '{') {
      const end = expressionEnd(text, at, limit);
      if (end < 0) return undefined;
      at = end;
      continue;
    }
    const attribute = ATTRIBUTE.exec(text.slice(at, at + 200))?.[0];
    if (!attribute) return undefined;
    at += attribute.length;
    while (at < limit && /[ \t]/.test(text[at])) at++;
    if (text[at] !== '=') {
      attributes[attribute] = true;
      continue;
    }
    at++;
    while (at < limit && /\s/.test(text[at])) at++;
    const quote = text[at];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, at + 1);
      if (close < 0 || close >= limit) return undefined;
      attributes[attribute] = text.slice(at + 1, close);
      at = close + 1;
    } else if (quote === '{') {
      const end = expressionEnd(text, at, limit);
      if (end < 0) return undefined;
      attributes[attribute] = expressionValue(text.slice(at + 1, end - 1));
      at = end;
    } else return undefined;
  }
  return undefined;
}

/** Just after the `}` that closes the `{` at `start`, strings and nested braces skipped; -1 if none. */
function expressionEnd(text: string, start: number, limit: number): number {
  let depth = 0;
  for (let at = start; at < limit; at++) {
    const char = text[at];
    if (char === '"' || char === "'" || char === '`') {
      const close = text.indexOf(char, at + 1);
      if (close < 0 || close >= limit) return -1;
      at = close;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return at + 1;
  }
  return -1;
}

/** `{2}` is 2, `{true}` true, `{"x"}` "x"; anything else its source text, trimmed. */
function expressionValue(source: string): JsxValue {
  const expression = source.trim();
  if (expression === 'true' || expression === 'false') return expression === 'true';
  if (/^-?\d+(\.\d+)?$/.test(expression)) return Number(expression);
  const quoted = /^(["'`])([^]*)\1$/.exec(expression);
  if (quoted && !quoted[2].includes(quoted[1])) return quoted[2];
  return expression;
}

/** An attribute as text, when it has one: a number as its digits, a boolean as nothing. */
export function textAttribute(tag: { readonly attributes: Readonly<Record<string, JsxValue>> }, name: string): string | undefined {
  const value = tag.attributes[name];
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : undefined;
}

/** Whether a boolean attribute is set: `defaultOpen`, `defaultOpen={true}`, `defaultOpen="true"`. */
export function flagAttribute(tag: { readonly attributes: Readonly<Record<string, JsxValue>> }, name: string): boolean {
  const value = tag.attributes[name];
  return value === true || value === 'true';
}
