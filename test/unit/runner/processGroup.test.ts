import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { endGroup, spawnGroup } from '../../runner/processGroup';
import { until } from '../../until';

/** The processes of group `pgid` still running, from /proc (a zombie has ended). */
function members(pgid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(group) === pgid && state !== 'Z' ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

describe('the process group a test run starts a program in (test/runner/processGroup)', () => {
  it('ends the program and every process it started, which a signal to it alone leaves running', async function () {
    if (process.platform !== 'linux') this.skip();
    // As code-server does: a parent whose children go on when it ends, one of them a grandchild.
    const parent = spawnGroup('sh', ['-c', 'sleep 300 & sh -c "sleep 300 & wait" & wait'], { stdio: 'ignore' });
    const pgid = parent.pid ?? -1;
    try {
      await until('the children and grandchild started', () => members(pgid).length >= 4);
      await endGroup(parent);
      assert.ok(parent.exitCode !== null || parent.signalCode !== null, 'the parent ended');
      await until('every process of its group ended', () => members(pgid).length === 0);
    } finally {
      // Whatever failed above: nothing of it left running to hold this process open.
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // Ended, as it should have.
      }
    }
  });
});
