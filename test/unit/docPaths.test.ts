// Every file, folder and test the docs name exists (issue 49): the backticked paths and the links of
// ARCHITECTURE.md, CONTRIBUTING.md and README.md (a link's #heading too), and the paths that
// .vscode/*.json name in their comments and values. And every invariant in ARCHITECTURE.md names
// the check that holds it.
//
// What counts as a path, so that nothing else is taken for one: a span that names a top-level
// entry of the repository (`src/…`, `test/…`, `docs/…`), or ends in a file's extension or a
// folder's slash (`vscode/platformConnection.ts`, `stream/`: it must exist under some folder), or
// is a source file's bare name (`keys.ts`: somewhere in the tree). Not a path: anything with a
// scheme, a placeholder, a glob or a space (`docs-assistant:/<path>.md`, `http.*`), a page path
// (`guides/chat`), a file of the user's (`mcp.json`). What a build makes (.gitignore's) is not
// looked for, but `out/<x>.js` names the `<x>.ts` it is compiled from.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

const DOCS = ['ARCHITECTURE.md', 'CONTRIBUTING.md', 'README.md'];
const vscodeFiles = () =>
  fs
    .readdirSync(path.join(root, '.vscode'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => `.vscode/${file}`);

/** The extensions of the files a doc may name. */
const FILE = /\.(ts|js|mjs|cjs|json|md|mdx|png|svg|css|sh|yml|yaml|html|txt)$/;
/** A bare name that must be somewhere in the tree: a source file's, a test's. */
const BARE_SOURCE = /^[\w-][\w.-]*\.(ts|js|mjs|md)$/;

/** .gitignore's patterns: what a build or a run makes, never committed. */
function ignoredBy(gitignore: string): (relative: string) => boolean {
  const patterns = gitignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return (relative) =>
    patterns.some((pattern) => {
      if (pattern.startsWith('*')) return relative.endsWith(pattern.slice(1));
      const bare = pattern.replace(/\/$/, '');
      return relative === bare || relative.startsWith(`${bare}/`);
    });
}

/** The repository as the work tree has it: every file and folder, less .git and what is ignored. */
interface Tree {
  readonly entries: ReadonlySet<string>;
  readonly topLevel: ReadonlySet<string>;
  readonly ignored: (relative: string) => boolean;
}

function treeOf(folder: string): Tree {
  const ignored = ignoredBy(fs.readFileSync(path.join(folder, '.gitignore'), 'utf8'));
  const entries = new Set<string>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(folder, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (child === '.git' || ignored(child)) continue;
      entries.add(child);
      if (entry.isDirectory()) walk(child);
    }
  };
  walk('');
  return { entries, topLevel: new Set(fs.readdirSync(folder)), ignored };
}

/** GitHub's anchors for a Markdown text's headings. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** A Markdown text without its fenced code blocks, which hold commands, not names. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm, '');
}

/**
 * Why `name`, as `where` names it, names nothing in `tree`; undefined when it exists or is no path.
 * `from` is the folder of the file that names it, for a link.
 */
function missing(tree: Tree, name: string, where: string, from = ''): string | undefined {
  if (/\s|[<>*{}$…|?=~%,'"+]|^@|^\/|^[a-z][\w+.-]*:/i.test(name) || name === '.' || name === '..') return undefined;
  const bare = name.replace(/\/$/, '');
  if (!bare) return undefined;
  const exists = (relative: string) => tree.entries.has(relative);
  if (tree.ignored(bare)) {
    // Made by a build; a compiled test or script is named by its source.
    const compiled = /^out\/(.+?)(\.js)?$/.exec(bare);
    return compiled && !exists(`${compiled[1]}.ts`)
      ? `${where} names ${name}, compiled from ${compiled[1]}.ts, which is not there`
      : undefined;
  }
  if (!name.includes('/')) {
    if (!BARE_SOURCE.test(name) || exists(path.posix.join(from, name))) return undefined;
    return [...tree.entries].some((entry) => entry === name || entry.endsWith(`/${name}`))
      ? undefined
      : `${where} names ${name}, which is nowhere in the repository`;
  }
  if (tree.topLevel.has(bare.split('/')[0]) || exists(path.posix.join(from, bare))) {
    return exists(path.posix.normalize(path.posix.join(from, bare))) ? undefined : `${where} names ${name}, which is not there`;
  }
  if (!FILE.test(bare) && !name.endsWith('/')) return undefined;
  return [...tree.entries].some((entry) => entry.endsWith(`/${bare}`)) ? undefined : `${where} names ${name}, which is in no folder`;
}

/** What a Markdown text names that is not there: backticked paths, and links with their #headings. */
function missingInMarkdown(tree: Tree, markdown: string, file: string, read: (relative: string) => string): string[] {
  const text = withoutFences(markdown);
  const from = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
  const problems: string[] = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const problem = missing(tree, span.trim(), file, '');
    if (problem) problems.push(problem);
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][\w+.-]*:/i.test(target)) continue;
    const [target_, anchor] = target.split('#');
    const linked = target_ ? path.posix.normalize(path.posix.join(from, target_)) : file;
    if (target_ && !tree.entries.has(linked.replace(/\/$/, ''))) {
      problems.push(`${file} links to ${target}, which is not there`);
      continue;
    }
    if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(read(linked)).has(anchor))
      problems.push(`${file} links to ${target}, a heading ${linked} does not have`);
  }
  return problems;
}

/** What a .vscode JSON file names that is not there: paths in its comments, and in its values. */
function missingInJsonc(tree: Tree, jsonc: string, file: string): string[] {
  const problems: string[] = [];
  const comments = [...jsonc.matchAll(/^\s*\/\/(.*)$/gm)].map((match) => match[1]);
  for (const word of comments.join(' ').split(/[\s,;()"`]+/)) {
    const problem = missing(tree, word.replace(/[.:]$/, ''), file);
    if (problem) problems.push(problem);
  }
  const values: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') values.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(jsonc.replace(/^\s*\/\/.*$/gm, '')));
  for (const value of values) {
    for (const [, named] of value.matchAll(/\$\{workspaceFolder\}\/([^\s"=]+)/g)) {
      const problem = missing(tree, named, file);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

const read = (relative: string) => fs.readFileSync(path.join(root, relative), 'utf8');

describe('every path the docs name', () => {
  const tree = treeOf(root);

  for (const doc of DOCS) {
    it(`exists: what ${doc} names, and the headings it links to`, () => {
      assert.deepEqual(missingInMarkdown(tree, read(doc), doc, read), []);
    });
  }

  it('exists: what .vscode/*.json name, in comments and in values', () => {
    const files = vscodeFiles();
    assert.ok(files.includes('.vscode/launch.json') && files.includes('.vscode/tasks.json'), files.join(', '));
    assert.deepEqual(
      files.flatMap((file) => missingInJsonc(tree, read(file), file)),
      [],
    );
  });

  it('is looked for precisely: a made-up path fails, a page path, a scheme or a user’s file does not', () => {
    const made = [
      'The core is `src/nowhere.ts`, its tests `test/unit/nowhere/`, held by `invented.test.ts`.',
      'See [the guide](docs/missing.md), [a heading](#no-such-heading) and `vscode/ghost.ts`.',
      '![A picture](docs/images/never-taken.png) and [versions](CONTRIBUTING.md#no-such-section).',
      'Built: `out/test/unit/vanished.test.js`.',
    ].join('\n');
    assert.deepEqual(missingInMarkdown(tree, made, 'README.md', read), [
      'README.md names src/nowhere.ts, which is not there',
      'README.md names test/unit/nowhere/, which is not there',
      'README.md names invented.test.ts, which is nowhere in the repository',
      'README.md names vscode/ghost.ts, which is in no folder',
      'README.md names out/test/unit/vanished.test.js, compiled from test/unit/vanished.test.ts, which is not there',
      'README.md links to docs/missing.md, which is not there',
      'README.md links to #no-such-heading, a heading README.md does not have',
      'README.md links to docs/images/never-taken.png, which is not there',
      'README.md links to CONTRIBUTING.md#no-such-section, a heading CONTRIBUTING.md does not have',
    ]);
    const real = [
      '`src/identifiers.ts`, `test/unit/`, `identifiers.ts`, `stream/`, `vscode/extension.ts`, `out/test/unit/l10n.test.js`,',
      '`guides/chat#threads`, `docs-assistant:/<path>.md`, `mcp.json`, `http.*`, `~/.cache/x`, `/usr/local/share/ca-certificates`,',
      '`.vscode-test/f5`, `docs-assistant.vsix`, `npm run f5:emulator`, `@vscode/l10n`, [the web](#in-the-browser), [ok](https://example.com/x.md).',
      '```sh\nnode scripts/never.js\n```',
      '- In a list:\n\n  ```json\n  { "file": "`l10n/never.json`" }\n  ```',
    ].join('\n');
    assert.deepEqual(missingInMarkdown(tree, real, 'README.md', read), []);
    const vscode =
      '// test/unit/gone.test.ts checks this; esbuild.js prints it.\n{ "args": ["${workspaceFolder}/demo/nothing", "${workspaceFolder}/out/test/vscode/index"] }';
    assert.deepEqual(missingInJsonc(tree, vscode, '.vscode/launch.json'), [
      '.vscode/launch.json names test/unit/gone.test.ts, which is not there',
      '.vscode/launch.json names demo/nothing, which is not there',
    ]);
  });

  it('every invariant in ARCHITECTURE.md names the check that holds it: a test, or ESLint’s rule', () => {
    const architecture = read('ARCHITECTURE.md');
    const section = /^## Invariants\n([\s\S]*?)(?=^## )/m.exec(architecture)?.[1] ?? '';
    const invariants = section.split(/^- (?=\*\*)/m).slice(1);
    assert.ok(invariants.length >= 10, `${invariants.length} invariants`);
    const unchecked = invariants.filter(
      (invariant) => ![...invariant.matchAll(/`([^`]+)`/g)].some(([, name]) => /\.test\.ts$|^test\/|^eslint\.config\.mjs$/.test(name)),
    );
    assert.deepEqual(
      unchecked.map((invariant) => invariant.split('\n')[0]),
      [],
    );
  });
});
