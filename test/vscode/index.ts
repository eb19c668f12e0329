// The test index both runners load inside the extension host: `run()` runs every
// test/vscode/**/*.test.js with mocha and rejects when any test fails.

import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { hostPrint } from '../runner/hostOutput';
// Imported before any test file, so it sees the extension as start-up left it.
import './startup';

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? testFiles(full) : entry.name.endsWith('.test.js') ? [full] : [];
  });
}

export function run(): Promise<void> {
  // DOCS_ASSISTANT_GREP narrows a run to the tests whose titles match, while working on them.
  const grep = process.env.DOCS_ASSISTANT_GREP;
  Mocha.reporters.Base.consoleLog = hostPrint;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec', ...(grep ? { grep } : {}) });
  for (const file of testFiles(__dirname).sort()) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed inside VS Code.`)) : resolve()));
  });
}
