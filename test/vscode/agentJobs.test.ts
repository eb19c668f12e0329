import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { ManualClock } from '../emulator/clock';
import type { PlatformEmulator } from '../emulator/emulator';
import { agentJobsSuite, connectTo, recordSurfaces, settle } from './support';
import { until } from '../until';

describe('agent jobs', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  const clock = new ManualClock(Date.now());
  const job = (id: string) => api.trackedJobs().find((tracked) => tracked.id === id);

  const suite = agentJobsSuite(clock);
  before(() => ({ emulator, api } = suite));

  it('tracks a job and follows it from active to completed with its pull request link', async () => {
    emulator.jobs.add({
      id: 'job-pr',
      outcome: 'completed',
      runsForMs: 60_000,
      repository: 'https://github.com/acme/docs',
      ref: 'fix-typos',
    });
    assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-pr'), true);
    const active = await until('the first poll', () => job('job-pr')?.job);
    assert.equal(active.status, 'active');
    assert.equal(active.prLink, null);
    assert.equal(active.ref, 'fix-typos');
    assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-pr'), true);
    assert.equal(api.trackedJobs().filter((tracked) => tracked.id === 'job-pr').length, 1, 'the same id twice is one entry');

    clock.advance(61_000);
    const done = await until('completion', () => (job('job-pr')?.job?.status === 'completed' ? job('job-pr')!.job : undefined));
    assert.match(done.prLink ?? '', /^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/);
    assert.equal(job('job-pr')?.polling.kind, 'ended');
    const polls = emulator.requestsFor('agentJob').filter((request) => request.path.endsWith('/job-pr')).length;
    // The end was seen, so no poll of it is in flight. A poll not sent leaves nothing to wait for:
    // the time is three of the poller's intervals (1 s), each a chance to send one.
    await settle(3_000);
    assert.equal(
      emulator.requestsFor('agentJob').filter((request) => request.path.endsWith('/job-pr')).length,
      polls,
      'no polling after the end',
    );
    for (const request of emulator.requestsFor('agentJob'))
      assert.equal(request.headers.authorization, `Bearer ${emulator.config.adminKey}`);
  });

  it('draws each job as a row with its state and age, and badges the sidebar with the active ones', async () => {
    const minute = 60_000;
    emulator.jobs.add({
      id: 'job-row-active',
      outcome: 'staysActive',
      repository: 'https://github.com/acme/docs',
      ref: 'docs-agent/rows',
      createdAt: Date.now() - 4 * minute,
    });
    emulator.jobs.add({
      id: 'job-row-done',
      outcome: 'completed',
      runsForMs: 0,
      repository: 'https://github.com/acme/docs',
      ref: 'fix-rows',
      createdAt: Date.now() - 90 * minute,
    });
    try {
      for (const id of ['job-row-active', 'job-row-done']) await vscode.commands.executeCommand('docsAssistant.trackAgentJob', id);
      const row = (label: string) => api.agentJobsView().rows.find((shown) => shown.label === label);
      await until(
        'both rows, read',
        () =>
          row('acme/docs · docs-agent/rows')?.description.startsWith('active') &&
          row('acme/docs · fix-rows')?.description.startsWith('completed'),
      );
      assert.match(row('acme/docs · docs-agent/rows')!.description, /^active · \d+ minutes ago$/);
      assert.equal(row('acme/docs · fix-rows')!.description, 'completed · 1 hour ago');
      await until('the badge', () => api.agentJobsView().badge === 1);
      await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-row-active');
      await until('no badge once no job is active', () => api.agentJobsView().badge === undefined);
    } finally {
      for (const id of ['job-row-active', 'job-row-done']) await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', id);
    }
  });

  it('follows a job to failed', async () => {
    emulator.jobs.add({ id: 'job-fail', outcome: 'failed', runsForMs: 1_000 });
    clock.advance(0);
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-fail');
    await until('the first poll', () => job('job-fail')?.job);
    clock.advance(2_000);
    await until('failure', () => job('job-fail')?.job?.status === 'failed');
  });

  it('says not found for an unknown id, and stops polling it', async () => {
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'no-such-job');
    const tracked = await until('not found', () => (job('no-such-job')?.polling.kind === 'notFound' ? job('no-such-job') : undefined));
    assert.match((tracked.polling as { message: string }).message, /No agent job "no-such-job" was found/);
    const count = emulator.requestsFor('agentJob').filter((request) => request.path.endsWith('/no-such-job')).length;
    // As after the end above: a time of two intervals and more, for a poll that should not come.
    await settle(2_500);
    assert.equal(emulator.requestsFor('agentJob').filter((request) => request.path.endsWith('/no-such-job')).length, count);
  });

  it('refuses a pull request link that is not https', async () => {
    emulator.jobs.add({
      id: 'job-odd-link',
      outcome: 'staysActive',
      raw: { id: 'job-odd-link', status: 'completed', prLink: 'javascript:alert(1)' },
    });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-odd-link');
    await until('the job', () => job('job-odd-link')?.job);
    assert.equal(await vscode.commands.executeCommand('docsAssistant.openPullRequest', 'job-odd-link'), false);
  });

  it('stops tracking a job: it leaves the view and is polled no more', async () => {
    emulator.jobs.add({ id: 'job-untracked', outcome: 'staysActive' });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-untracked');
    await until('the job', () => job('job-untracked')?.job);
    await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-untracked');
    assert.equal(job('job-untracked'), undefined);
    const polls = () => emulator.requestsFor('agentJob').filter((request) => request.path.endsWith('/job-untracked')).length;
    const before = polls();
    // Untracked (the command resolved, the job left the view): a time of two intervals and more,
    // for a poll that should not come.
    await settle(2_500);
    assert.equal(polls(), before);
  });

  it('tracks nothing without the admin key, and says which key to set, with the button that sets it', async () => {
    await vscode.commands.executeCommand('docsAssistant.clearKeys');
    const surfaces = recordSurfaces();
    try {
      assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-x'), false);
      const said = surfaces.shown.find((shown) => shown.surface === 'showErrorMessage');
      assert.match(said?.text ?? '', /^Set the admin key for http:\/\/127\.0\.0\.1:\d+: it starts with "svc_" but not "svc_dsc_"\.$/);
      assert.deepEqual(said?.actions, ['Set Admin Key']);
      assert.equal(job('job-x'), undefined);
    } finally {
      surfaces.restore();
      await connectTo(emulator);
    }
  });
});
