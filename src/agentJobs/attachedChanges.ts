// What goes into a prompt of uncommitted changes, decided without VS Code: which files may hold
// secrets, and the diffs that fit, gathered a few at a time, in order, until the prompt is full.

import * as l10n from '@vscode/l10n';
import { utf8Bytes } from '../util/utf8';

/** Why a file may hold secrets, in a few words; undefined when nothing says it may. */
export function secretReason(path: string, ignoredByGitignore: boolean): string | undefined {
  const name = path.split('/').pop() ?? path;
  if (/^\.env/i.test(name)) return l10n.t('an environment file');
  if (/\.pem$/i.test(name)) return l10n.t('a certificate or private key');
  if (/\.key$/i.test(name)) return l10n.t('a key file');
  if (/^id_/i.test(name)) return l10n.t('an SSH key');
  if (ignoredByGitignore) return l10n.t("ignored by the repository's .gitignore");
  return undefined;
}

export interface GatheredDiffs<F> {
  /** The files whose diffs fit, in the order given, with their diffs. */
  readonly attached: readonly { readonly file: F; readonly diff: string }[];
  /** The files left out: over what was left of the budget, or not reached once it ran out. */
  readonly leftOut: readonly F[];
  /** The files whose diff could not be read (git failed, or the file is not a regular file). */
  readonly unreadable: readonly F[];
}

/** How many files are diffed at once: a repository of thousands of changes must not start thousands of processes. */
export const DIFFS_AT_ONCE = 4;
/** Once less than this is left of the budget, no more files are diffed. */
const ENOUGH_LEFT_BYTES = 1_024;

/**
 * The diffs of `files`, asked of `diffOf` at most DIFFS_AT_ONCE at a time, kept in order while
 * they fit in `budgetBytes` (UTF-8). A diff that does not fit is left out and the next is tried;
 * once the budget is nearly spent, the rest are left out without being diffed.
 */
export async function gatherDiffs<F>(
  files: readonly F[],
  /** A file's diff; null when it is too large to attach at all; rejected when it cannot be read. */
  diffOf: (file: F) => Promise<string | null>,
  budgetBytes: number,
  atOnce = DIFFS_AT_ONCE,
): Promise<GatheredDiffs<F>> {
  const attached: { file: F; diff: string }[] = [];
  const leftOut: F[] = [];
  const unreadable: F[] = [];
  let left = budgetBytes;
  let next = 0;
  while (next < files.length && left >= ENOUGH_LEFT_BYTES) {
    const batch = files.slice(next, next + atOnce);
    next += batch.length;
    const diffs = await Promise.all(batch.map((file) => diffOf(file).catch(() => undefined)));
    batch.forEach((file, i) => {
      const diff = diffs[i];
      if (diff === undefined) return void unreadable.push(file);
      if (diff === null) return void leftOut.push(file);
      const bytes = utf8Bytes(diff) + 1;
      // A diff that came back empty has no change to show (a file changed and changed back).
      if (diff.trim() === '') return;
      if (bytes > left) leftOut.push(file);
      else {
        attached.push({ file, diff });
        left -= bytes;
      }
    });
  }
  leftOut.push(...files.slice(next));
  return { attached, leftOut, unreadable };
}

/**
 * A new file's content as a unified diff that adds it, as `git diff` shows an added file; a binary
 * one is named only. Its path is quoted as git quotes one, so a name with a line break in it cannot
 * add lines of its own to the diff.
 */
export function addedFileDiff(path: string, content: string, binary = false): string {
  const [a, b] = [gitPath('a/', path), gitPath('b/', path)];
  if (binary) return [`diff --git ${a} ${b}`, 'new file mode 100644', `Binary files /dev/null and ${b} differ`].join('\n');
  const lines = content.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const noNewline = content !== '' && !content.endsWith('\n');
  return [
    `diff --git ${a} ${b}`,
    'new file mode 100644',
    '--- /dev/null',
    `+++ ${b}`,
    `@@ -0,0 +1,${lines.length} @@`,
    ...lines.map((line) => `+${line}`),
    ...(noNewline ? ['\\ No newline at end of file'] : []),
  ].join('\n');
}

const GIT_ESCAPES: Record<string, string> = { '\n': '\\n', '\t': '\\t', '"': '\\"', '\\': '\\\\' };

/** `prefix` + `path`, in double quotes with C escapes when it holds a control character, a quote or a backslash. */
function gitPath(prefix: string, path: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\x00-\x1f\x7f"\\]/.test(path)) return `${prefix}${path}`;
  const escaped = [...`${prefix}${path}`]
    .map(
      (char) =>
        GIT_ESCAPES[char] ?? (char.charCodeAt(0) < 0x20 || char === '\x7f' ? `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}` : char),
    )
    .join('');
  return `"${escaped}"`;
}
