// Where VS Code's Git extension is: its API once it has looked for the workspace's repositories.
// Where the extension is missing (VS Code for the Web) or disabled, there is no API, and the
// features that need it say so.

import * as vscode from 'vscode';
import type { GitApi } from './gitApi';

interface GitExtension {
  getAPI(version: 1): GitApi;
}

/** How long to wait for the Git extension to find its repositories. */
const READY_MS = 5_000;

/** The Git extension's API once it has looked for repositories; undefined when it is missing or disabled. */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  try {
    const api = (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
    if (api.state === 'initialized') return api;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, READY_MS);
      const listener = api.onDidChangeState((state) => state === 'initialized' && done());
      function done(): void {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
    });
    return api;
  } catch {
    // Git is disabled (`git.enabled`), or not installed.
    return undefined;
  }
}

/** Whether this VS Code has the Git extension at all: not so in VS Code for the Web. */
export function hasGitExtension(): boolean {
  return vscode.extensions.getExtension('vscode.git') !== undefined;
}
