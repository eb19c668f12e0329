// The workspace the in-host suites (test/vscode) run in, whoever starts VS Code: code-server
// (runVsCodeTests), @vscode/test-electron (runElectron) or F5 in desktop VS Code (prepareHostTests).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { JobRepository } from '../emulator/jobRepository';
import { commitAllWithOrigin } from './gitRepository';

/**
 * Its files. Its .vscode/settings.json names a base URL (`decoyPort` on this machine) that must be
 * ignored: a workspace never chooses where keys go.
 */
export function hostWorkspaceFiles(decoyPort: number): Record<string, string> {
  return {
    '.vscode/settings.json': JSON.stringify({ 'docsAssistant.baseUrl': `http://127.0.0.1:${decoyPort}` }, null, 2),
    'src/sample.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
    'src/retry.ts': 'export const retries = 3;\n',
    'README.md': '# Sample workspace\n',
    // Tracked, though it may hold secrets, or the .gitignore names it: as when committed before it was ignored.
    '.env': 'API_TOKEN=placeholder\n',
    '.gitignore': '*.local.json\n',
    'settings.local.json': '{ "port": 3000 }\n',
    ...JobRepository.docsFiles(),
  };
}

/**
 * Makes it a clone of a Git repository, so that the agent job suites can attach uncommitted
 * changes, and review the changes jobs push to its origin.
 */
export function prepareHostWorkspace(folder: string): void {
  commitAllWithOrigin(folder);
}

/** Writes the workspace into `folder` (made anew) and prepares it. */
export function writeHostWorkspace(folder: string, decoyPort: number): void {
  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  for (const [file, content] of Object.entries(hostWorkspaceFiles(decoyPort))) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), content);
  }
  prepareHostWorkspace(folder);
}
