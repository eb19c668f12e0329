// npm run test:vscode:electron: the same suite under @vscode/test-electron, for machines that can
// download VS Code. These machines cannot; CI uses runVsCodeTests instead.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { writeHostWorkspace } from './hostWorkspace';
import { REPO_ROOT } from './workbench';

async function main(): Promise<void> {
  const workspace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-electron-')), 'workspace');
  writeHostWorkspace(workspace, 9);
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
