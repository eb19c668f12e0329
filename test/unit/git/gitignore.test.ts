// A repository's .gitignore files, read as git reads them: to name a tracked file that git would
// ignore (a .env committed before it was ignored) among the changes a prompt carries.

import * as assert from 'node:assert/strict';
import { GitignoreRules, isIgnored } from '../../../src/git/gitignore';

describe('.gitignore rules', () => {
  it('reads .gitignore files as git does, for files git tracks but would ignore', () => {
    const root = new GitignoreRules('# build output\n/dist/\n*.local.json\n!keep.local.json\nsecrets/\nlogs/**/*.log\n\\#literal\n');
    const nested = new GitignoreRules('*.tmp\n');
    const rules = (folder: string) => (folder === '' ? root : folder === 'docs' ? nested : undefined);
    const table: [string, boolean][] = [
      ['dist/app.js', true],
      ['src/dist/app.js', false],
      ['settings.local.json', true],
      ['config/app.local.json', true],
      ['keep.local.json', false],
      ['secrets/token.txt', true],
      ['a/secrets/token.txt', true],
      ['logs/2026/11/run.log', true],
      ['logs/run.log', true],
      ['logs/run.txt', false],
      ['#literal', true],
      ['docs/draft.tmp', true],
      ['draft.tmp', false],
      ['src/app.ts', false],
    ];
    for (const [path, ignored] of table) assert.equal(isIgnored(path, rules), ignored, path);
  });
});
