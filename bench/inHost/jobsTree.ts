// Runs inside the extension host (as extensionTestsPath), for bench/jobsTree.ts: with the Agent
// Jobs view open, tracks 20, then 200, jobs of the emulator the runner started, and for each count
// times a Refresh of every job: the extension host's busy time and its longest task (the longest
// delay a timer saw) until every job has been read again and the view has taken the changes.

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { runAccepting } from '../../test/vscode/inputBoxes';
import { hostPrint } from '../../test/runner/hostOutput';
import { JOBS_TREE_LINE, type JobsTreeFigures, type JobsTreeSetup } from './marker';

const COUNTS = [20, 200];
/** Long enough that no job is polled by itself while the refresh is timed. */
const POLL_INTERVAL_SECONDS = 600;
/** After the last read: time for the view to ask for the changed items. */
const SETTLE_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, probe: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

export async function run(): Promise<void> {
  const setup = JSON.parse(process.env.DOCS_ASSISTANT_BENCH_JOBS ?? '') as JobsTreeSetup;
  const extension = vscode.extensions.getExtension<DocsAssistantApi>('docs-assistant.docs-assistant')!;
  const api = await extension.activate();
  const settings = vscode.workspace.getConfiguration('docsAssistant');
  await settings.update('baseUrl', setup.url, vscode.ConfigurationTarget.Global);
  await settings.update('projectId', setup.projectId, vscode.ConfigurationTarget.Global);
  await settings.update('agentJobs.pollIntervalSeconds', POLL_INTERVAL_SECONDS, vscode.ConfigurationTarget.Global);
  await settings.update('agentJobs.notifications', 'off', vscode.ConfigurationTarget.Global);
  // A key given as the argument fills the masked box; it is stored once the box is accepted.
  if ((await runAccepting('docsAssistant.setAdminKey', setup.adminKey)) !== true) throw new Error('The admin key was refused');
  await vscode.commands.executeCommand('docsAssistant.agentJobs.focus');
  for (const count of COUNTS) {
    for (let i = api.trackedJobs().length; i < count; i++) await vscode.commands.executeCommand('docsAssistant.trackAgentJob', `job-${i}`);
    await until(`${count} jobs read`, () => api.trackedJobs().length === count && api.trackedJobs().every((tracked) => tracked.job));
    // One Refresh untimed: what runs for the first time (and is compiled then) is not counted.
    const warmUp = Date.now();
    await vscode.commands.executeCommand('docsAssistant.refreshAgentJobs');
    await until('every job read again', () => api.trackedJobs().every((tracked) => (tracked.checkedAt ?? 0) >= warmUp));
    await sleep(SETTLE_MS);

    const delay = monitorEventLoopDelay({ resolution: 1 });
    const busy = performance.eventLoopUtilization();
    delay.enable();
    const start = Date.now();
    await vscode.commands.executeCommand('docsAssistant.refreshAgentJobs');
    await until('every job read again', () => api.trackedJobs().every((tracked) => (tracked.checkedAt ?? 0) >= start));
    const readMs = Date.now() - start;
    await sleep(SETTLE_MS);
    delay.disable();
    const figures: JobsTreeFigures = {
      count,
      readMs,
      busyMs: performance.eventLoopUtilization(busy).active,
      longestTaskMs: delay.max / 1e6,
    };
    hostPrint(`${JOBS_TREE_LINE} ${JSON.stringify(figures)}`);
  }
  for (const tracked of api.trackedJobs()) await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', tracked.id);
}
