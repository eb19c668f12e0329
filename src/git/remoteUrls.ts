// Whether a Git remote is the repository an agent job names. Remotes are written many ways for one
// repository (https with or without `.git` or a trailing slash, scp-like `git@host:owner/name`,
// `ssh://`, a local path), so both sides are reduced to a host and a path and compared.

import { trimSlashes } from '../util/paths';
import { safeDecode } from '../shared/safeDecode';

export interface RepositoryAddress {
  /** Lower case; empty for a repository on this machine. */
  readonly host: string;
  /** Without leading or trailing slashes, and without `.git` for a host's repository. */
  readonly path: string;
}

/** Other names of a host: GitHub answers ssh on ssh.github.com too. */
const SAME_HOST: Readonly<Record<string, string>> = { 'www.github.com': 'github.com', 'ssh.github.com': 'github.com' };
/** Hosts whose owner and repository names are not case-sensitive. */
const CASE_INSENSITIVE_HOSTS = new Set(['github.com']);

/** `git@host:owner/name(.git)`: scp-like syntax, which Git takes when there is no `://` and a colon comes before any slash. */
const SCP_LIKE = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/;

/** The host and path a remote URL (or a job's repository URL) names; undefined when it names none. */
export function repositoryAddress(raw: string): RepositoryAddress | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  if (text.startsWith('/')) return localAddress(text);
  if (!text.includes('://')) {
    const scp = SCP_LIKE.exec(text);
    // A single letter before the colon is a Windows drive, not a host.
    if (!scp || scp[1].length === 1) return undefined;
    return hostAddress(scp[1], scp[2]);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol === 'file:') return url.host === '' ? localAddress(safeDecode(url.pathname)) : undefined;
  if (!['https:', 'http:', 'ssh:', 'git:', 'git+ssh:', 'ssh+git:'].includes(url.protocol) || url.hostname === '') return undefined;
  return hostAddress(url.hostname, safeDecode(url.pathname));
}

/**
 * Whether `url` may be handed to the Git extension to clone: a repository on a host, over https
 * or ssh. Not a path of this machine, not `file:`, nothing git could take for an option.
 */
export function isCloneableUrl(url: string): boolean {
  const text = url.trim();
  // `<transport>::<address>` runs a remote helper (ext:: runs a command): never.
  if (text.startsWith('-') || /\s/.test(text) || /^[\w+.-]+::/.test(text) || !repositoryAddress(text)?.host) return false;
  return /^(https|ssh|git\+ssh):\/\//i.test(text) || !text.includes('://');
}

/** A repository's name to show: `acme/docs`, or for one on this machine its last two folders; undefined when `url` names none. */
export function repositoryShortName(url: string): string | undefined {
  const address = repositoryAddress(url);
  if (!address) return undefined;
  return address.host
    ? address.path
    : address.path
        .replace(/\.git$/i, '')
        .split('/')
        .slice(-2)
        .join('/');
}

/** Whether two URLs name the same repository. */
export function sameRepository(a: string, b: string): boolean {
  const left = repositoryAddress(a);
  const right = repositoryAddress(b);
  if (!left || !right || left.host !== right.host || left.path === '') return false;
  return CASE_INSENSITIVE_HOSTS.has(left.host) ? left.path.toLowerCase() === right.path.toLowerCase() : left.path === right.path;
}

function hostAddress(host: string, path: string): RepositoryAddress | undefined {
  const trimmed = slashesTrimmed(path).replace(/\.git$/i, '');
  const name = host.toLowerCase();
  return trimmed === '' ? undefined : { host: SAME_HOST[name] ?? name, path: trimmed };
}

/** A repository on this machine is named by its folder: `.git` is part of a bare repository's name. */
function localAddress(path: string): RepositoryAddress | undefined {
  const trimmed = slashesTrimmed(path);
  return trimmed === '' ? undefined : { host: '', path: trimmed };
}

/** Without slashes at its ends, and one slash for each run of them inside. */
function slashesTrimmed(path: string): string {
  return trimSlashes(path).replace(/\/{2,}/g, '/');
}
