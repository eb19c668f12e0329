// A real Git repository for the emulator's agent jobs to work on: a bare repository in a temporary
// folder whose `main` holds the sample documentation, to which a job pushes real commits on its own
// branch. Written with Git's plumbing, straight into the bare repository, with no work tree. The
// test harness runs git; the extension never does.

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultDocsDir } from './docsIndex';

/** What one commit does to the files of the branch it is made on. */
export interface RepositoryChange {
  /** Files written whole, by path: edits and additions. */
  readonly write?: Readonly<Record<string, string>>;
  readonly remove?: readonly string[];
  /** Files moved, old path to new, their content kept. */
  readonly rename?: Readonly<Record<string, string>>;
}

const NO_OBJECT = '0'.repeat(40);

const AUTHOR = {
  GIT_AUTHOR_NAME: 'Docs Agent',
  GIT_AUTHOR_EMAIL: 'agent@docs.invalid',
  GIT_COMMITTER_NAME: 'Docs Agent',
  GIT_COMMITTER_EMAIL: 'agent@docs.invalid',
};

export class JobRepository {
  private constructor(
    /** The bare repository's folder. */
    readonly dir: string,
  ) {}

  /** A new bare repository at `dir` (a fresh temporary folder when absent) whose `main` holds `files`. */
  static create(files: Readonly<Record<string, string>>, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-repo-'))): JobRepository {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir]);
    const repository = new JobRepository(dir);
    repository.commit('main', { write: files }, 'Documentation');
    return repository;
  }

  /** A bare repository made elsewhere (by a test runner, say). */
  static open(dir: string): JobRepository {
    return new JobRepository(dir);
  }

  /** The sample documentation under `docs/`, as a repository's files. */
  static docsFiles(): Record<string, string> {
    return filesOf(defaultDocsDir(), 'docs/');
  }

  /** What a clone's remote names it by. */
  get url(): string {
    return pathToFileURL(this.dir).href;
  }

  /** The commit `branch` points at, or undefined when there is no such branch. */
  head(branch: string): string | undefined {
    try {
      return this.git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`]).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /** A file's text at `ref`, or undefined when it has no such file. */
  read(ref: string, file: string): string | undefined {
    try {
      return this.git(['show', `${ref}:${file}`]);
    } catch {
      return undefined;
    }
  }

  /** The files `branch` changed since it left `main`; undefined when there is no such branch. */
  changedFiles(branch: string): string[] | undefined {
    if (this.head(branch) === undefined) return undefined;
    return this.git(['diff', '--name-only', `refs/heads/main...refs/heads/${branch}`])
      .split('\n')
      .filter(Boolean);
  }

  /** Makes a commit on `branch` (started from `main` if new) and returns its hash. */
  commit(branch: string, change: RepositoryChange, message: string): string {
    const parent = this.head(branch) ?? this.head('main');
    const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-index-')), 'index');
    const env = { ...process.env, ...AUTHOR, GIT_INDEX_FILE: index };
    try {
      const git = (args: string[], input?: string) => this.git(args, env, input);
      if (parent) git(['read-tree', parent]);
      // `--index-info` lines: mode, object and path; mode 0 takes the path out. A bare repository has no work tree to check against.
      const lines: string[] = [];
      for (const [from, to] of Object.entries(change.rename ?? {})) {
        lines.push(`0 ${NO_OBJECT}\t${from}`, `100644 ${git(['rev-parse', `${parent}:${from}`]).trim()}\t${to}`);
      }
      for (const [file, content] of Object.entries(change.write ?? {})) {
        lines.push(`100644 ${git(['hash-object', '-w', '--stdin'], content).trim()}\t${file}`);
      }
      for (const file of change.remove ?? []) lines.push(`0 ${NO_OBJECT}\t${file}`);
      if (lines.length > 0) git(['update-index', '--index-info'], `${lines.join('\n')}\n`);
      const tree = git(['write-tree']).trim();
      const commit = git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message]).trim();
      git(['update-ref', `refs/heads/${branch}`, commit]);
      return commit;
    } finally {
      fs.rmSync(path.dirname(index), { recursive: true, force: true });
    }
  }

  deleteBranch(branch: string): void {
    this.git(['update-ref', '-d', `refs/heads/${branch}`]);
  }

  /** Removes the repository. */
  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private git(args: string[], env: NodeJS.ProcessEnv = process.env, input?: string): string {
    return execFileSync('git', ['--git-dir', this.dir, ...args], { env, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  }
}

/** Every file under `root`, as text by its path relative to it (after `prefix`). */
export function filesOf(root: string, prefix = ''): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[`${prefix}${path.relative(root, full).split(path.sep).join('/')}`] = fs.readFileSync(full, 'utf8');
  }
  return files;
}
