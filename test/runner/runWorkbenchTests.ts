// The workbench tests (test/ui) as npm test runs them: `--package` packages the extension as a user
// gets it and checks what the .vsix holds; `--oldest` runs the suites of VS Code 1.99 from the
// source, then the web suite against a package with the web entry alone, which code-server runs in
// its web worker extension host as vscode.dev (always the newest) would; `--newest` runs the suites
// of VS Code 1.139 with the .vsix installed into the profile. Each suite says which release its UI
// is about (`onlyIn` in test/ui/support.ts) and is pending in the other; the smoke test runs in both.
// With no option (npm run test:vsix): all of it, one after the other.

import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReleaseName } from './codeServer';
import { PACKAGE_FILES, packageWeb, WEB_VSIX } from './webPackage';
import { REPO_ROOT } from './workbench';

const VSIX = path.join(REPO_ROOT, 'docs-assistant.vsix');
/**
 * The suite that proves the web package in a browser-only VS Code: its host, calls over fetch
 * (a question streamed, search and pages, a refusal by CORS), keys kept there, and agent jobs
 * in the tree without Git. The other suites are the same code in either host, and run in Node's.
 */
const WEB_SUITES = ['web'];
const SIZE_BUDGET = 1024 * 1024;

function npm(...args: string[]): string {
  return execFileSync('npm', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function checkPackage(): string[] {
  const problems: string[] = [];
  const listed = npm('exec', '--', 'vsce', 'ls', '--no-dependencies')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();
  if (JSON.stringify(listed) !== JSON.stringify(PACKAGE_FILES))
    problems.push(`vsce ls lists ${listed.join(', ')}; expected ${PACKAGE_FILES.join(', ')}`);
  const size = fs.statSync(VSIX).size;
  console.log(`${path.basename(VSIX)}: ${(size / 1024).toFixed(0)} KB; vsce ls: ${listed.length} files`);
  if (size >= SIZE_BUDGET) problems.push(`the .vsix is ${size} bytes, over the 1 MB budget`);
  for (const bundle of PACKAGE_FILES.filter((file) => file.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(REPO_ROOT, bundle), 'utf8');
    if (/sourceMappingURL|sourcesContent/.test(text)) problems.push(`${bundle} refers to a source map`);
    // A minified bundle has few, long lines.
    if (text.split('\n').length > 200) problems.push(`${bundle} is not minified`);
  }
  return problems;
}

function runSuites(release: ReleaseName, files: readonly string[], env: NodeJS.ProcessEnv): number {
  // Not .mocharc.ui.json: mocha would add its spec to these.
  const mocha = spawnSync('npx', ['mocha', '--no-config', '--timeout', '180000', '--enable-source-maps', ...files], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, DOCS_ASSISTANT_VSCODE: release, ...env },
  });
  return mocha.status ?? 1;
}

/** Every UI suite but the web one; the tour (the demo, on demand: npm run tour) is not among them. */
function nodeSuites(): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, 'out', 'test', 'ui'))
    .filter((file) => file.endsWith('.ui.test.js') && !WEB_SUITES.includes(file.replace('.ui.test.js', '')))
    .map((file) => path.join('out', 'test', 'ui', file));
}

/** Both packages, the full one checked. */
function packageBoth(): number {
  npm('run', 'package');
  const problems = checkPackage();
  for (const problem of problems) console.error(`✘ ${problem}`);
  if (problems.length === 0) packageWeb();
  return problems.length === 0 ? 0 : 1;
}

/** 1.99's suites, from the source (dist/ as packaging left it: minified). */
const runOldest = () => runSuites('oldest', nodeSuites(), {});
/** 1.139's suites, with the .vsix installed, as users have it. */
const runNewest = () => runSuites('newest', nodeSuites(), { DOCS_ASSISTANT_VSIX: VSIX });
const runWeb = () =>
  runSuites(
    'newest',
    WEB_SUITES.map((name) => path.join('out', 'test', 'ui', `${name}.ui.test.js`)),
    { DOCS_ASSISTANT_VSIX: WEB_VSIX, DOCS_ASSISTANT_WEB: '1' },
  );

/** Runs each in turn whatever the one before gave, so that a failure hides no other suite's result; gives the first failure's code. */
function each(...runs: (() => number)[]): number {
  return runs.map((run) => run()).find((code) => code !== 0) ?? 0;
}

function main(): number {
  const [option] = process.argv.slice(2);
  switch (option) {
    case '--package':
      return packageBoth();
    case '--oldest':
      return each(runOldest, runWeb);
    case '--newest':
      return runNewest();
    case '--web-only':
      return packageBoth() || runWeb();
    case undefined:
      return packageBoth() || each(runOldest, runNewest, runWeb);
    default:
      console.error(`Unknown option ${option}: --package, --oldest, --newest or --web-only.`);
      return 1;
  }
}

process.exit(main());
