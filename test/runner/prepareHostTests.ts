// For F5 in desktop VS Code (.vscode/launch.json, "Extension Tests"): the in-host suites'
// workspace and user folder in .vscode-test/host-tests, at the paths the launch configuration
// names. The network suite needs test certificates that only runVsCodeTests makes: under F5 it is
// pending.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeHostWorkspace } from './hostWorkspace';
import { REPO_ROOT } from './workbench';

export const HOST_TESTS_DIR = path.join(REPO_ROOT, '.vscode-test', 'host-tests');

function main(): void {
  const workspace = path.join(HOST_TESTS_DIR, 'workspace');
  // Port 9 (discard): nothing answers there.
  writeHostWorkspace(workspace, 9);
  const settings = path.join(HOST_TESTS_DIR, 'user', 'User', 'settings.json');
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(
    settings,
    `${JSON.stringify({ 'workbench.startupEditor': 'none', 'security.workspace.trust.enabled': false }, null, 2)}\n`,
  );
  console.log(`The in-host suites' workspace is ${workspace}, and VS Code's user folder ${path.dirname(path.dirname(settings))}.`);
}

if (require.main === module) main();
