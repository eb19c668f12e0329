// The processes a test run started, found by their parents in /proc (Linux, where the suites run),
// and ended together: code-server leaves its extension host running when only it is signalled, and
// a run past its time limit must leave nothing behind.

import * as fs from 'node:fs';

/** Every process below `roots`, each once, parents before their children: from one read of /proc. */
export function descendants(roots: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return []; // No /proc: the signalled process alone is ended.
  }
  for (const entry of entries) {
    try {
      // The fields after the command's name, which may hold spaces and parentheses: state, then parent.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Ended while being read.
    }
  }
  const found = new Set<number>();
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      visit(child);
    }
  };
  for (const root of roots) visit(root);
  return [...found];
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Ended already.
  }
}

/**
 * Stops `roots` and every process below them, looking again until no new one appears: a stopped
 * process can neither start another nor end and leave its id to an unrelated one. Returns them,
 * for `kill` (and a report of what was running, in between).
 */
export function freeze(roots: readonly number[]): number[] {
  const frozen = new Set<number>();
  for (;;) {
    const found = [...roots, ...descendants(roots)].filter((pid) => !frozen.has(pid));
    if (found.length === 0) return [...frozen];
    for (const pid of found) {
      signal(pid, 'SIGSTOP');
      frozen.add(pid);
    }
  }
}

/** Ends processes that `freeze` returned (a stopped process takes SIGKILL). */
export function kill(pids: readonly number[]): void {
  for (const pid of pids) signal(pid, 'SIGKILL');
}
