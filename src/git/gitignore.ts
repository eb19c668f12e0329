// Whether a repository's `.gitignore` files would ignore a path, as git reads them, to warn about a
// tracked file meant to stay out (a `.env` committed before it was ignored): git never says this of
// a tracked file. The repository writes both patterns and names, so matching takes time in proportion
// to their lengths multiplied, never more (no regular expression that could backtrack).

type Token = { readonly kind: 'star' } | { readonly kind: 'one' } | { readonly kind: 'char'; readonly char: string } | ClassToken;

interface ClassToken {
  readonly kind: 'class';
  readonly negated: boolean;
  /** Single characters and ranges, as pairs of inclusive bounds. */
  readonly ranges: readonly (readonly [string, string])[];
}

interface Rule {
  /** The pattern's parts between slashes; `**` for any number of folders. */
  readonly parts: readonly (Token[] | '**')[];
  /** Matched against the whole path from the .gitignore's folder, not any path's last name. */
  readonly anchored: boolean;
  readonly negated: boolean;
  readonly folderOnly: boolean;
}

/**
 * The rules of one `.gitignore` file, for paths relative to the folder it is in: one pattern a line,
 * `#` comments, `!` to take a path back, a slash to anchor a pattern to the file's folder, a
 * trailing slash for folders only, `*`, `?`, `[…]` and `**`. A pattern git would not take matches
 * nothing.
 */
export class GitignoreRules {
  private readonly rules: Rule[] = [];

  constructor(text: string) {
    for (const raw of text.split(/\r?\n/)) {
      const rule = ruleOf(raw);
      if (rule) this.rules.push(rule);
    }
  }

  /** Ignored (true), taken back (false), or not named (undefined) by these rules: the last matching rule decides. */
  decide(path: string, isFolder: boolean): boolean | undefined {
    const names = path.split('/').filter((name) => name !== '');
    let decision: boolean | undefined;
    for (const rule of this.rules) {
      if (rule.folderOnly && !isFolder) continue;
      const matched = rule.anchored ? matchParts(rule.parts, names) : matchName(rule.parts[0] as Token[], names[names.length - 1] ?? '');
      if (matched) decision = !rule.negated;
    }
    return decision;
  }
}

/**
 * Whether `path` (relative to the repository's root) is ignored by the rules of the `.gitignore`
 * files in its folders, `rulesIn('')` being the root's: a folder that is ignored ignores all it holds.
 */
export function isIgnored(path: string, rulesIn: (folder: string) => GitignoreRules | undefined): boolean {
  const parts = path.split('/').filter((part) => part !== '');
  for (let depth = 1; depth <= parts.length; depth++) {
    const isFolder = depth < parts.length;
    let ignored: boolean | undefined;
    // Deeper files decide over shallower ones.
    for (let level = 0; level < depth; level++) {
      const decision = rulesIn(parts.slice(0, level).join('/'))?.decide(parts.slice(level, depth).join('/'), isFolder);
      if (decision !== undefined) ignored = decision;
    }
    if (ignored) return true;
  }
  return false;
}

function ruleOf(raw: string): Rule | undefined {
  // Trailing spaces are dropped unless escaped.
  let line = raw.replace(/(?<!\\) +$/, '');
  if (line === '' || line.startsWith('#')) return undefined;
  const negated = line.startsWith('!');
  if (negated) line = line.slice(1);
  line = line.replace(/^\\([#!])/, '$1');
  const folderOnly = line.endsWith('/');
  if (folderOnly) line = line.slice(0, -1);
  if (line === '') return undefined;
  // A slash at the start or in the middle anchors the pattern to the folder of its .gitignore.
  const anchored = line.includes('/');
  const parts = line
    .replace(/^\//, '')
    .split('/')
    .map((part) => (part === '**' ? ('**' as const) : tokens(part)));
  if (parts.some((part) => part === undefined)) return undefined;
  return { parts: parts as (Token[] | '**')[], anchored, negated, folderOnly };
}

/** A part of a pattern as tokens; undefined when git would not take it (a class it cannot read). */
function tokens(part: string): Token[] | undefined {
  const out: Token[] = [];
  for (let i = 0; i < part.length; i++) {
    const char = part[i];
    if (char === '*') {
      if (out.at(-1)?.kind !== 'star') out.push({ kind: 'star' });
    } else if (char === '?') out.push({ kind: 'one' });
    else if (char === '\\' && i + 1 < part.length) out.push({ kind: 'char', char: part[++i] });
    else if (char === '[') {
      const read = classAt(part, i);
      if (!read) return undefined;
      out.push(read.token);
      i = read.end;
    } else out.push({ kind: 'char', char });
  }
  return out;
}

/** The class that starts at `start` (its `[`), and where its `]` is; undefined when it never ends. */
function classAt(part: string, start: number): { token: ClassToken; end: number } | undefined {
  let i = start + 1;
  const negated = part[i] === '!' || part[i] === '^';
  if (negated) i++;
  const ranges: [string, string][] = [];
  // A `]` right after the opening is a member, not the end.
  for (let first = true; i < part.length && (first || part[i] !== ']'); first = false) {
    let low = part[i];
    if (low === '\\' && i + 1 < part.length) low = part[++i];
    i++;
    if (part[i] === '-' && i + 1 < part.length && part[i + 1] !== ']') {
      let high = part[i + 1];
      i += 2;
      if (high === '\\' && i < part.length) high = part[i++];
      ranges.push([low, high]);
    } else ranges.push([low, low]);
  }
  return i < part.length ? { token: { kind: 'class', negated, ranges }, end: i } : undefined;
}

function matchesToken(token: Exclude<Token, { kind: 'star' }>, char: string): boolean {
  switch (token.kind) {
    case 'one':
      return true;
    case 'char':
      return token.char === char;
    case 'class':
      return token.ranges.some(([low, high]) => low <= char && char <= high) !== token.negated;
  }
}

/** Whether one name matches one part: a star is any run of characters, retried from the last star only. */
function matchName(pattern: readonly Token[], name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let starAt = 0;
  while (n < name.length) {
    const token = pattern[p];
    if (token?.kind === 'star') {
      star = p++;
      starAt = n;
    } else if (token && matchesToken(token, name[n])) {
      p++;
      n++;
    } else if (star >= 0) {
      p = star + 1;
      n = ++starAt;
    } else return false;
  }
  while (pattern[p]?.kind === 'star') p++;
  return p === pattern.length;
}

/** Whether the names of a path match the parts of an anchored pattern, `**` standing for any folders. */
function matchParts(parts: readonly (Token[] | '**')[], names: readonly string[]): boolean {
  // matches[i][j]: parts from i on match names from j on. Filled from the ends.
  const matches = Array.from({ length: parts.length + 1 }, () => new Array<boolean>(names.length + 1).fill(false));
  matches[parts.length][names.length] = true;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    for (let j = names.length; j >= 0; j--) {
      matches[i][j] =
        part === '**'
          ? matches[i + 1][j] || (j < names.length && matches[i][j + 1])
          : j < names.length && matchName(part, names[j]) && matches[i + 1][j + 1];
    }
  }
  return matches[0][0];
}
