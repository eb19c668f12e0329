// Uncommitted changes, read through VS Code's built-in Git extension (`vscode.git`), never by
// running git ourselves: the diff of one file, or of every changed file of its repository, against
// HEAD (staged and unstaged together). Without the extension or a repository, there are none.

import * as path from 'node:path';
import * as vscode from 'vscode';
import { type GitChange, type GitRepository, gitApi } from '../git/gitApi';

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

function uniquePaths(changes: readonly GitChange[]): string[] {
  return [...new Set(changes.map((change) => change.uri.fsPath))].sort();
}
