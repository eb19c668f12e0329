// Whether a repository's `.gitignore` files would ignore a path, as git reads them: one pattern a
// line, `#` comments, `!` to take a path back, a slash to anchor a pattern to its file's folder,
// a trailing slash for folders only, `*`, `?`, `[…]` and `**`. Git itself never says this of a
// file it tracks, so it is worked out here, to warn about a tracked file that was meant to stay
// out of the repository (a `.env` committed before it was ignored). No `vscode`.

interface Rule {
  readonly pattern: RegExp;
  readonly negated: boolean;
  readonly folderOnly: boolean;
}

/** The rules of one `.gitignore` file, for paths relative to the folder it is in. */
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
    let decision: boolean | undefined;
    for (const rule of this.rules) {
      if (rule.folderOnly && !isFolder) continue;
      if (rule.pattern.test(path)) decision = !rule.negated;
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
  let line = raw.replace(/(?<!\\)\s+$/, '');
  if (line === '' || line.startsWith('#')) return undefined;
  const negated = line.startsWith('!');
  if (negated) line = line.slice(1);
  line = line.replace(/^\\([#!])/, '$1');
  const folderOnly = line.endsWith('/');
  if (folderOnly) line = line.slice(0, -1);
  if (line === '') return undefined;
  // A slash at the start or in the middle anchors the pattern to the folder of its .gitignore.
  const anchored = line.includes('/');
  line = line.replace(/^\//, '');
  const body = globToRegex(line);
  return { pattern: new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`), negated, folderOnly };
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*') {
      if (glob[i + 1] === '*') {
        const before = i === 0 || glob[i - 1] === '/';
        const after = glob[i + 2] === '/' || i + 2 === glob.length;
        if (before && after) {
          // `**/` any folders, `/**` everything inside.
          out += i + 2 === glob.length ? '.*' : '(?:.*/)?';
          i += glob[i + 2] === '/' ? 2 : 1;
          continue;
        }
      }
      out += '[^/]*';
    } else if (char === '?') out += '[^/]';
    else if (char === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        const set = glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${set}]`;
        i = end;
      }
    } else if (char === '\\' && i + 1 < glob.length) out += escape(glob[++i]);
    else out += escape(char);
  }
  return out;
}

function escape(char: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(char) ? `\\${char}` : char;
}
