// 3b. Growth of the Agent Jobs view, in code-server's extension host: 20, then 200, tracked jobs
// of the emulator (running here, outside the host, so its work is not counted), the view open, and
// a Refresh of every job timed (bench/inHost/jobsTree.ts). How each figure grows from 20 to 200.

import * as path from 'node:path';
import { PlatformEmulator } from '../test/emulator/emulator';
import { openWorkbench, REPO_ROOT } from '../test/runner/workbench';
import { JOBS_TREE_LINE, type JobsTreeFigures, type JobsTreeSetup } from './inHost/marker';
import { ms, ratio, type Row } from './measure';

const JOBS = 200;

export async function benchJobsTree(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const emulator = await PlatformEmulator.start({ limits: { agentJobPerHour: 1_000_000 } as PlatformEmulator['config']['limits'] });
  for (let i = 0; i < JOBS; i++) {
    emulator.jobs.add({ id: `job-${i}`, outcome: 'staysActive', repository: 'https://github.com/acme/docs', ref: `fix-${i}` });
  }
  const figures: JobsTreeFigures[] = [];
  const setup: JobsTreeSetup = { url: emulator.url, adminKey: emulator.config.adminKey, projectId: emulator.config.projectId };
  try {
    const workbench = await openWorkbench({
      extensionTestsPath: path.join(REPO_ROOT, 'out', 'bench', 'inHost', 'jobsTree'),
      env: { DOCS_ASSISTANT_BENCH_JOBS: JSON.stringify(setup) },
      onHostLog: (line) => {
        if (line.startsWith(`${JOBS_TREE_LINE} `)) figures.push(JSON.parse(line.slice(JOBS_TREE_LINE.length + 1)) as JobsTreeFigures);
        else if (line.startsWith('[host error]')) log(line);
      },
    });
    try {
      const code = await workbench.exitCode;
      if (code !== 0 || figures.length !== 2)
        throw new Error(`The jobs tree run exited with ${code} and reported ${figures.length} of 2 counts`);
    } finally {
      await workbench.close();
    }
  } finally {
    await emulator.close();
  }
  for (const result of figures) {
    log(
      `${result.count} jobs: all read again after ${ms(result.readMs)}, extension host busy ${ms(result.busyMs)}, longest task ${ms(result.longestTaskMs)}`,
    );
  }
  const [small, large] = figures;
  return {
    rows: [
      {
        measure: 'agent jobs: Refresh of 200 tracked jobs, longest extension-host task',
        ours: ms(large.longestTaskMs),
        baseline: `${ms(small.longestTaskMs)} (20 jobs)`,
        ratio: `${ratio(large.longestTaskMs / small.longestTaskMs)} from 20`,
        goal: 'no task over 50 ms',
        met: large.longestTaskMs <= 50,
      },
      {
        measure: 'agent jobs: Refresh of 200 tracked jobs, extension-host busy time',
        ours: ms(large.busyMs),
        baseline: `${ms(small.busyMs)} (20 jobs)`,
        ratio: `${ratio(large.busyMs / small.busyMs)} from 20`,
        goal: '',
      },
    ],
  };
}
