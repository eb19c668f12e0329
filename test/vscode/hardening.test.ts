// What a hostile server can put in front of the user through VS Code's own surfaces, and the
// base URL change that must not carry jobs to another origin (issue 13, items 1 and 4).

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { jobTooltip } from '../../src/agentJobs/vscode/agentJobsTree';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { ManualClock } from '../emulator/clock';
import type { PlatformEmulator } from '../emulator/emulator';
import {
  activateExtension,
  closeAllEditors,
  connectTo,
  pollJobsEverySecond,
  recordSurfaces,
  resetUserSettings,
  settle,
  setUserSetting,
  startEmulator,
} from './support';
import { until } from '../until';

/** VS Code's own pattern for a link in a notification (vs/base/common/linkedText.ts). */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
const ICON = /\$\(/;
const HOSTILE = '[Renew the key](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%22%7D) $(alert)';

/** A job id may hold anything but spaces: the same text, without them. */
const HOSTILE_ID = `job-${HOSTILE.replace(/\s+/g, '')}`;

describe('hardening: outside text stays text in VS Code', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  let surfaces: ReturnType<typeof recordSurfaces>;
  const clock = new ManualClock(Date.now());

  before(async () => {
    api = await activateExtension();
    emulator = await startEmulator({ clock });
    await pollJobsEverySecond('all');
    await connectTo(emulator);
  });
  beforeEach(() => {
    emulator.reset();
    surfaces = recordSurfaces();
  });
  afterEach(() => surfaces.restore());
  after(async () => {
    for (const tracked of api.trackedJobs()) await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', tracked.id);
    await resetUserSettings();
    await emulator.close();
  });

  /** Every recorded text on `surface` that holds `marker` is there, and none holds a live link or icon. */
  const assertInert = (surface: string, marker: RegExp, words = '[Renew the key]') => {
    const hits = surfaces.shown.filter((shown) => shown.surface === surface && marker.test(shown.text));
    assert.ok(hits.length > 0, `nothing shown on ${surface} matching ${marker}: ${JSON.stringify(surfaces.shown)}`);
    for (const { text } of hits) {
      assert.equal(NOTIFICATION_LINK.test(text), false, `a live link: ${text}`);
      assert.equal(ICON.test(text), false, `a live icon: ${text}`);
      assert.ok(text.replace(/\u2060/g, '').includes(words), 'the words are all still there');
    }
  };
  /** Waits until something that holds `marker` is shown on `surface`: some are shown after their command resolves. */
  const shownOn = (surface: string, marker: RegExp) =>
    until(`${surface} to show ${marker}`, () => surfaces.shown.some((shown) => shown.surface === surface && marker.test(shown.text)));

  it("Check Connection: a server's 401 message", async () => {
    emulator.faults.add({ kind: 'status', status: 401, body: JSON.stringify({ message: HOSTILE }) }, { operation: 'page' });
    await vscode.commands.executeCommand('docsAssistant.checkConnection');
    assertInert('showWarningMessage', /Renew the key/);
  });

  it("Open Page: a server's 404 message", async () => {
    emulator.faults.add({ kind: 'status', status: 404, body: JSON.stringify({ message: HOSTILE }) }, { operation: 'page' });
    await vscode.commands.executeCommand('docsAssistant.openPage', 'guides/nothing');
    await shownOn('showErrorMessage', /Renew the key/);
    assertInert('showErrorMessage', /Renew the key/);
  });

  it('Open Page: a page path, in the progress title and the warning', async () => {
    emulator.docs.add(`broken ${HOSTILE}`, Buffer.from([0x23, 0x20, 0xff, 0xfe]));
    await vscode.commands.executeCommand('docsAssistant.openPage', `broken ${HOSTILE}`);
    await shownOn('withProgress', /Renew the key/);
    await shownOn('showWarningMessage', /not valid UTF-8/);
    assertInert('withProgress', /Renew the key/);
    assertInert('showWarningMessage', /not valid UTF-8/);
    await closeAllEditors();
  });

  it("a job's repository and branch, in the notification when it ends", async () => {
    emulator.jobs.add({ id: 'job-hostile', outcome: 'failed', runsForMs: 1_000, repository: `https://github.com/acme/docs`, ref: HOSTILE });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-hostile');
    await until('the first poll', () => api.trackedJobs().find((tracked) => tracked.id === 'job-hostile')?.job);
    clock.advance(2_000);
    await until('the end', () => api.trackedJobs().find((tracked) => tracked.id === 'job-hostile')?.job?.status === 'failed', 15_000);
    await shownOn('showErrorMessage', /Agent job .* failed/);
    assertInert('showErrorMessage', /Agent job .* failed/);
    // Its row in the Agent Jobs view: the words all there, no link or icon made of them.
    const row = api.agentJobsView().rows.find((shown) => shown.label.replace(/\u2060/g, '').includes('[Renew the key]'));
    assert.ok(row, JSON.stringify(api.agentJobsView().rows));
    assert.equal(NOTIFICATION_LINK.test(row.label), false, `a live link: ${row.label}`);
    assert.equal(ICON.test(row.label), false, `a live icon: ${row.label}`);
  });

  it("a job's pull request link and id, in the warning and the status bar", async () => {
    emulator.jobs.add({
      id: HOSTILE_ID,
      outcome: 'staysActive',
      raw: { id: HOSTILE_ID, status: 'completed', prLink: `javascript:${HOSTILE}` },
    });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', HOSTILE_ID);
    await until('the job', () => api.trackedJobs().find((tracked) => tracked.id === HOSTILE_ID)?.job);
    assert.equal(await vscode.commands.executeCommand('docsAssistant.openPullRequest', HOSTILE_ID), false);
    assertInert('showWarningMessage', /is not an https address/, ''); // The link is refused, not quoted.
    await vscode.commands.executeCommand('docsAssistant.copyAgentJobId', HOSTILE_ID);
    assertInert('setStatusBarMessage', /Copied agent job id/, '[Renewthekey]');
    assert.equal(await vscode.env.clipboard.readText(), HOSTILE_ID, 'the id itself is copied exactly');
  });

  it('a job id given by a command that cannot be one: refused, quoted', async () => {
    assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', `job ${HOSTILE}`), false);
    assertInert('showErrorMessage', /A job id has no spaces or line breaks\. This one was given by a command/);
    assert.ok(!api.trackedJobs().some((tracked) => tracked.id.includes(' ')), 'not tracked');
  });

  it("a job's fields in its tooltip: escaped, untrusted Markdown", () => {
    const tooltip = jobTooltip({
      id: 'j',
      job: { id: 'j', status: 'active', repository: `https://github.com/${HOSTILE}`, ref: HOSTILE, model: '<img src=x onerror=alert(1)>' },
      polling: { kind: 'watching' },
    });
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportHtml, false);
    assert.equal(/(^|[^\\])\[[^\]]*[^\\]\]\(/.test(tooltip.value), false, `an unescaped link: ${tooltip.value}`);
    assert.ok(!/(^|[^\\])</.test(tooltip.value), 'no unescaped HTML');
  });

  it("a setting's bad value, quoted in the warning about it", async () => {
    await setUserSetting('assistant.retrievalPageSize', HOSTILE);
    assertInert('showWarningMessage', /retrievalPageSize must be a whole number/);
    await setUserSetting('assistant.retrievalPageSize', undefined);
  });
});

describe('hardening: agent jobs stay with the origin they were tracked for', () => {
  let a: PlatformEmulator;
  let b: PlatformEmulator;
  let api: DocsAssistantApi;
  const clock = new ManualClock(Date.now());

  before(async () => {
    api = await activateExtension();
    a = await startEmulator({ clock });
    b = await startEmulator({ clock });
    await pollJobsEverySecond();
  });
  after(async () => {
    await resetUserSettings();
    await a.close();
    await b.close();
  });

  it('a base URL change polls the new origin for its own jobs only, and the old jobs come back unharmed', async () => {
    await connectTo(b);
    await connectTo(a);
    a.jobs.add({ id: 'job-on-a', outcome: 'staysActive' });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-on-a');
    await until('the job on A', () => api.trackedJobs().find((tracked) => tracked.id === 'job-on-a')?.job);

    await setUserSetting('baseUrl', b.url);
    assert.deepEqual(api.trackedJobs(), [], 'B shows none of A');
    // B's settings are in force (setUserSetting waited for the extension to see them). A poll not
    // sent leaves nothing to wait for: the time is three of the poller's intervals (1 s).
    await settle(3_000);
    assert.deepEqual(
      b.requestsFor('agentJob').map((request) => request.path),
      [],
      "A's job was never asked of B",
    );

    await setUserSetting('baseUrl', a.url);
    const back = await until("A's job again", () => api.trackedJobs().find((tracked) => tracked.id === 'job-on-a'));
    assert.notEqual(back.polling.kind, 'notFound');
    assert.equal(back.job?.status, 'active');
    await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-on-a');
  });
});
