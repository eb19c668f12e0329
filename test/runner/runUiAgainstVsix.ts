// npm run test:vsix: packages the extension as a user gets it, checks what the .vsix holds, and
// runs the UI suites once more with that .vsix installed into code-server instead of the source.

import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './workbench';

const VSIX = path.join(REPO_ROOT, 'docs-assistant.vsix');
const SIZE_BUDGET = 1024 * 1024;
/** Exactly what `vsce ls` must list: the bundles, media and the package's own documents. */
const EXPECTED_FILES = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'dist/extension.js',
  'dist/features.js',
  'dist/preview.js',
  'dist/vendor/undici.js',
  'dist/webview/chat.js',
  'media/chat.css',
  'media/preview.css',
  'media/docs-assistant.svg',
  'media/icon.png',
  'package.json',
];

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
  if (JSON.stringify(listed) !== JSON.stringify(EXPECTED_FILES))
    problems.push(`vsce ls lists ${listed.join(', ')}; expected ${EXPECTED_FILES.join(', ')}`);
  const size = fs.statSync(VSIX).size;
  console.log(`${path.basename(VSIX)}: ${(size / 1024).toFixed(0)} KB; vsce ls: ${listed.length} files`);
  if (size >= SIZE_BUDGET) problems.push(`the .vsix is ${size} bytes, over the 1 MB budget`);
  for (const bundle of EXPECTED_FILES.filter((file) => file.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(REPO_ROOT, bundle), 'utf8');
    if (/sourceMappingURL|sourcesContent/.test(text)) problems.push(`${bundle} refers to a source map`);
    // A minified bundle has few, long lines.
    if (text.split('\n').length > 200) problems.push(`${bundle} is not minified`);
  }
  return problems;
}

function main(): number {
  npm('run', 'package');
  const problems = checkPackage();
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✘ ${problem}`);
    return 1;
  }
  // The tour is the demo, which loads the source in development mode; every other UI suite runs.
  const suites = fs
    .readdirSync(path.join(REPO_ROOT, 'out', 'test', 'ui'))
    .filter((file) => file.endsWith('.ui.test.js') && file !== 'tour.ui.test.js')
    .map((file) => path.join('out', 'test', 'ui', file));
  // Not .mocharc.ui.json: mocha would add its spec, the tour included, to these.
  const mocha = spawnSync('npx', ['mocha', '--no-config', '--timeout', '180000', '--enable-source-maps', ...suites], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, DOCS_ASSISTANT_VSIX: VSIX },
  });
  return mocha.status ?? 1;
}

process.exit(main());
