// A program a test run starts that starts programs of its own (code-server: its server, file watcher
// and extension host) runs as the leader of a process group of its own, and is ended with its whole
// group: signalled alone, code-server leaves its extension host running. Every group still running
// is ended when this process ends, however it ends (Ctrl+C, CI's `timeout`, an uncaught error).

import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

/** The groups started and not yet ended, by their leader's pid (the group's id). */
const running = new Set<number>();

function endGroupNow(pgid: number): void {
  if (!running.delete(pgid)) return; // Each group is signalled once: its id could later be another's.
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Ended already.
  }
}

function endAll(): void {
  for (const pgid of [...running]) endGroupNow(pgid);
}

let watching = false;

/** Ends every group when this process ends; a signal that would have ended it still does. */
function watchExit(): void {
  if (watching) return;
  watching = true;
  process.once('exit', endAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => {
      endAll();
      process.kill(process.pid, signal);
    });
}

/** Starts `command` as the leader of a new process group. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) {
    running.add(child.pid);
    watchExit();
  }
  return child;
}

/** Ends the group `child` leads, every process in it, and resolves once `child` has exited. */
export function endGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.pid === undefined) return resolve();
    if (child.exitCode === null && child.signalCode === null) child.once('exit', () => resolve());
    else resolve();
    endGroupNow(child.pid);
  });
}
