// npm run test:vscode:electron: the same suite under @vscode/test-electron, for machines that can
// download VS Code. These machines cannot; CI uses runVsCodeTests instead.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { REPO_ROOT } from './workbench';

async function main(): Promise<void> {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-electron-'));
  fs.mkdirSync(path.join(workspace, '.vscode'));
  fs.mkdirSync(path.join(workspace, 'src'));
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'docsAssistant.baseUrl': 'http://127.0.0.1:9' }));
  fs.writeFileSync(path.join(workspace, 'src', 'sample.ts'), 'export function add(a: number, b: number): number {\n  return a + b;\n}\n');
  await runTests({
    version: '1.99.3',
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: path.join(REPO_ROOT, 'out', 'test', 'vscode', 'index'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
