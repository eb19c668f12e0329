import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Folders of the core: tested in plain Node, so they must never import `vscode`. */
const CORE = ['src/platform'];

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? tsFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('architecture', () => {
  for (const folder of CORE) {
    it(`${folder} never imports vscode`, () => {
      const files = tsFiles(path.join(repoRoot(), folder));
      assert.ok(files.length > 0);
      for (const file of files) {
        const source = fs.readFileSync(file, 'utf8');
        assert.ok(!/from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\)/.test(source), `${path.relative(repoRoot(), file)} imports vscode`);
      }
    });
  }
});
