// Uncommitted changes, read through VS Code's built-in Git extension (`vscode.git`), never by
// running git ourselves: the diff of one file, or of every changed file of its repository, against
// HEAD (staged and unstaged together). Without the extension or a repository, there are none.

import * as path from 'node:path';
import * as vscode from 'vscode';

/** The few parts of the Git extension's API (its `git.d.ts`, version 1) used here. */
interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: { readonly workingTreeChanges: readonly GitChange[]; readonly indexChanges: readonly GitChange[] };
  status(): Promise<void>;
  /** `git diff <ref> -- <path>`: with HEAD, the staged and unstaged changes together. */
  diffWith(ref: string, path: string): Promise<string>;
}

interface GitChange {
  readonly uri: vscode.Uri;
}

interface GitExtension {
  getAPI(version: 1): GitApi;
}

export interface RepositoryChanges {
  /** The repository's folder name. */
  readonly name: string;
  /** Workspace-relative paths of the changed files. */
  readonly files: readonly string[];
  /** Each changed file's diff, joined. */
  diffOfRepository(): Promise<string>;
  /** The diff of one file; empty when it has no uncommitted change. */
  diffOfFile(uri: vscode.Uri): Promise<string>;
}

/** How long to wait for the Git extension to find its repositories. */
const READY_MS = 5_000;

/** The repository `uri` belongs to, with its changes as they are now; undefined when there is none. */
export async function repositoryChangesOf(uri: vscode.Uri): Promise<RepositoryChanges | undefined> {
  const api = await gitApi();
  const repository = api?.getRepository(uri);
  if (!repository) return undefined;
  await repository.status();
  const changed = uniquePaths([...repository.state.indexChanges, ...repository.state.workingTreeChanges]);
  return {
    name: path.basename(repository.rootUri.fsPath),
    files: changed.map((file) => vscode.workspace.asRelativePath(file, false)),
    diffOfRepository: async () =>
      (await Promise.all(changed.map((file) => diffWithHead(repository, file)))).filter((diff) => diff.trim() !== '').join('\n'),
    diffOfFile: (file) => diffWithHead(repository, file.fsPath),
  };
}

/** A file's changes against HEAD; none when there is no HEAD yet (a repository without commits). */
async function diffWithHead(repository: GitRepository, file: string): Promise<string> {
  try {
    return await repository.diffWith('HEAD', file);
  } catch {
    return '';
  }
}

async function gitApi(): Promise<GitApi | undefined> {
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
    // Git is disabled, or not installed: there are no changes to offer.
    return undefined;
  }
}

function uniquePaths(changes: readonly GitChange[]): string[] {
  return [...new Set(changes.map((change) => change.uri.fsPath))].sort();
}
