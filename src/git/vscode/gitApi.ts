// VS Code's built-in Git extension (`vscode.git`), through its API version 1: the one way this
// extension reads or changes a repository. It never runs git itself. The parts of the API used,
// as types; gitApi() finds the API itself, and gitWords() reads what git says.

import type * as vscode from 'vscode';

/** The parts of the Git extension's API (its `git.d.ts`, version 1) this extension uses. */
export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
  /** A URI whose content is the file at `ref`, read by the Git extension (`git show`). */
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: GitBranch | undefined;
    readonly remotes: readonly GitRemote[];
    readonly workingTreeChanges: readonly GitChange[];
    readonly indexChanges: readonly GitChange[];
    /** Untracked files, when `git.untrackedChanges` is `separate`; with `mixed` they are working-tree changes. */
    readonly untrackedChanges?: readonly GitChange[];
    readonly mergeChanges: readonly GitChange[];
  };
  status(): Promise<void>;
  /** `git diff <ref> -- <path>`: with HEAD, the staged and unstaged changes together. */
  diffWith(ref: string, path: string): Promise<string>;
  /** `git diff --name-status <ref1>...<ref2>`: what `ref2` changed since it left `ref1`. */
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
  /** `git merge-base`; undefined when the two have none. */
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  getCommit(ref: string): Promise<{ readonly hash: string }>;
  getBranch(name: string): Promise<GitBranch>;
  /** Refs by `git for-each-ref` pattern, such as `refs/remotes/origin/`. */
  getRefs(query: { readonly pattern?: string }): Promise<readonly GitRef[]>;
  /**
   * `git fetch <remote> <ref>`, with `ref` as it is (so a refspec, to say where the fetched branch
   * goes); the token ends the git process.
   */
  fetch(options: { readonly remote: string; readonly ref: string; readonly cancellationToken?: vscode.CancellationToken }): Promise<void>;
  /** `git checkout -b <name> --no-track <ref>` when `checkout` (so no upstream: set it after), else `git branch <name> <ref>`. */
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  setBranchUpstream(name: string, upstream: string): Promise<void>;
  /** `git checkout <treeish>`: refused by git, with `gitErrorCode` DirtyWorkTree, over changes it would overwrite. */
  checkout(treeish: string): Promise<void>;
}

export interface GitBranch {
  readonly name?: string;
  readonly commit?: string;
  readonly upstream?: { readonly remote: string; readonly name: string };
  readonly ahead?: number;
  readonly behind?: number;
}

export interface GitRef {
  /** `origin/main` for a remote-tracking branch. */
  readonly name?: string;
  readonly commit?: string;
}

export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

/** The Git extension's `Status` values this extension reads: those diffBetween gives, and a working tree's untracked. */
export const GitStatus = { modified: 5, added: 1, deleted: 6, renamed: 3, untracked: 7 } as const;

export interface GitChange {
  /** The file's path now: after a rename, its new path. */
  readonly uri: vscode.Uri;
  readonly originalUri: vscode.Uri;
  readonly renameUri: vscode.Uri | undefined;
  readonly status: number;
}
