import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { descendants, freeze, kill } from '../../runner/processTree';
import { until } from '../../until';

function alive(pid: number): boolean {
  try {
    // A zombie still answers signal 0; its state in /proc says it ended.
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

describe('the process tree a test run ends (test/runner/processTree)', () => {
  it('ends a process and the processes below it, which a signal to it alone leaves running', async function () {
    if (process.platform !== 'linux') this.skip();
    // As code-server does: a parent whose children go on when it ends, one of them a grandchild.
    const parent = spawn('sh', ['-c', 'sleep 300 & sh -c "sleep 300 & wait" & wait'], { stdio: 'ignore' });
    const below = await until('the children and grandchild started', () => {
      const found = descendants([parent.pid ?? -1]);
      return found.length >= 3 ? found : undefined;
    });
    try {
      const frozen = freeze([parent.pid ?? -1]);
      assert.deepEqual([...frozen].sort(), [parent.pid, ...below].sort(), 'the parent and everything below it, once each');
      kill(frozen);
      await until('the parent ended', () => parent.exitCode !== null || parent.signalCode !== null);
      await until('every process below it ended', () => (below.some(alive) ? undefined : true));
    } finally {
      // Whatever failed above: nothing of it left running, or stopped, to hold this process open.
      for (const pid of [parent.pid ?? -1, ...below]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended, as it should have.
        }
      }
    }
  });
});
