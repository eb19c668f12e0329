// Uncommitted changes, read through VS Code's built-in Git extension (`vscode.git`), never by
// running git ourselves: each changed file, staged and unstaged together against HEAD, and each new
// file not yet added (its whole content, as an added file). Files that may hold secrets are told
// apart, by name or because the repository's .gitignore would ignore them. Without the extension or
// a repository, there are none.

import * as vscode from 'vscode';
import { type GitChange, type GitRepository, GitStatus } from '../../git/vscode/gitApi';
import { gitApi } from '../../git/vscode/gitExtension';
import { GitignoreRules, isIgnored } from '../../git/gitignore';
import { utf8Bytes } from '../../util/utf8';
import { addedFileDiff, secretReason } from '../attachedChanges';

export interface ChangedFile {
  readonly uri: vscode.Uri;
  /** Workspace-relative. */
  readonly path: string;
  /** A new file git does not track yet. */
  readonly untracked: boolean;
  /** Why it may hold secrets; undefined when nothing says so. */
  readonly secret?: string;
}

export interface RepositoryChanges {
  /** The repository's folder name. */
  readonly name: string;
  /** The branch checked out, when HEAD is on one. */
  readonly branch?: string;
  readonly files: readonly ChangedFile[];
  /** The file `uri` is, if it is one of the changed files. */
  fileOf(uri: vscode.Uri): ChangedFile | undefined;
  /**
   * Its diff against HEAD, or its content as added for an untracked file; null when larger than
   * `maxBytes`; rejects when it cannot be read.
   */
  diffOf(file: ChangedFile, maxBytes: number): Promise<string | null>;
}

/** The repository `uri` belongs to, with its changes as they are now; undefined when there is none. */
export async function repositoryChangesOf(uri: vscode.Uri): Promise<RepositoryChanges | undefined> {
  const api = await gitApi();
  const repository = api?.getRepository(uri);
  if (!repository) return undefined;
  await repository.status();
  const { indexChanges, workingTreeChanges, untrackedChanges = [] } = repository.state;
  const changes = new Map<string, GitChange>();
  for (const change of [...indexChanges, ...workingTreeChanges, ...untrackedChanges]) {
    // A file both staged and untracked cannot be; staged and changed again is one file.
    if (!changes.has(change.uri.fsPath) || change.status !== GitStatus.untracked) changes.set(change.uri.fsPath, change);
  }
  const sorted = [...changes.values()].sort((a, b) => a.uri.fsPath.localeCompare(b.uri.fsPath));
  const ignoredBy = await gitignoreOf(
    repository.rootUri,
    sorted.map((change) => relativeTo(repository.rootUri, change.uri)),
  );
  const files = sorted.map((change): ChangedFile => {
    const inRepository = relativeTo(repository.rootUri, change.uri);
    const secret = secretReason(inRepository, ignoredBy(inRepository));
    return {
      uri: change.uri,
      path: vscode.workspace.asRelativePath(change.uri, false),
      untracked: change.status === GitStatus.untracked,
      ...(secret ? { secret } : {}),
    };
  });
  const branch = repository.state.HEAD?.name;
  return {
    name: repository.rootUri.path.split('/').pop() ?? '',
    ...(branch ? { branch } : {}),
    files,
    fileOf: (file) => files.find((changed) => changed.uri.fsPath === file.fsPath),
    diffOf: (file, maxBytes) =>
      file.untracked || !repository.state.HEAD?.commit ? addedContent(file, maxBytes) : diffWithHead(repository, file, maxBytes),
  };
}

/** A file's changes against HEAD (staged and unstaged together); null when larger than `maxBytes`. */
async function diffWithHead(repository: GitRepository, file: ChangedFile, maxBytes: number): Promise<string | null> {
  const diff = await repository.diffWith('HEAD', file.uri.fsPath);
  return utf8Bytes(diff) > maxBytes ? null : diff;
}

/**
 * A new file's content as added (also a staged file of a repository with no commit yet), read only
 * when it can fit. A link or a folder is not read: it rejects, and is listed as unreadable.
 */
async function addedContent(file: ChangedFile, maxBytes: number): Promise<string | null> {
  const { size, type } = await vscode.workspace.fs.stat(file.uri);
  if (type !== vscode.FileType.File) throw new Error(`${file.path} is not a regular file`);
  if (size > maxBytes) return null;
  const bytes = await vscode.workspace.fs.readFile(file.uri);
  // It may have grown between the two looks.
  if (bytes.byteLength > maxBytes) return null;
  const binary = bytes.includes(0);
  return addedFileDiff(file.path, binary ? '' : new TextDecoder().decode(bytes), binary);
}

const GITIGNORE_READS_AT_ONCE = 16;

/** Whether the repository's .gitignore files would ignore each of `paths`: the files of their folders, each read once. */
async function gitignoreOf(root: vscode.Uri, paths: readonly string[]): Promise<(path: string) => boolean> {
  const folders = new Set<string>(['']);
  for (const path of paths) {
    const parts = path.split('/').slice(0, -1);
    for (let depth = 1; depth <= parts.length; depth++) folders.add(parts.slice(0, depth).join('/'));
  }
  const rules = new Map<string, GitignoreRules>();
  const list = [...folders];
  // A few reads at a time: changes spread over thousands of folders must not open thousands of files at once.
  for (let start = 0; start < list.length; start += GITIGNORE_READS_AT_ONCE) {
    await Promise.all(
      list.slice(start, start + GITIGNORE_READS_AT_ONCE).map(async (folder) => {
        try {
          const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, folder, '.gitignore'));
          rules.set(folder, new GitignoreRules(new TextDecoder().decode(bytes)));
        } catch {
          // No .gitignore there.
        }
      }),
    );
  }
  return (path) => isIgnored(path, (folder) => rules.get(folder));
}

function relativeTo(root: vscode.Uri, file: vscode.Uri): string {
  const base = root.path.endsWith('/') ? root.path : `${root.path}/`;
  return file.path.startsWith(base) ? file.path.slice(base.length) : file.path;
}
