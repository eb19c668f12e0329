// Docs Assistant behind a company's network, in a real VS Code (issue 41): the platform at a host
// name only the test proxies resolve, served over TLS with a certificate from a root trusted only
// through NODE_EXTRA_CA_CERTS (or, where the run could put it there, the system's store: see
// test/runner/runVsCodeTests.ts); VS Code's own http settings as a user sets them; chat, pages,
// search, job polling and a follow-up through each way; a settings change taking effect at once.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ShownTurn } from '../../src/shared/protocol';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import type { CheckedConnection } from '../../src/settings/vscode/checkConnectionCommand';
import type { PlatformEmulator } from '../emulator/emulator';
import { makePki, PLATFORM_HOST, type Pki, ROOT_NAMES } from '../network/pki';
import { startInspectingProxy, startProxy, type TestProxy } from '../network/proxies';
import { until } from '../until';
import { activateExtension, connectTo, recordSurfaces, resetUserSettings, runAccepting, setHttp, settle, startEmulator } from './support';

/** VS Code's `http.*` settings the tests write as a user does, undone after each test. */
const HTTP_SETTINGS = ['proxy', 'noProxy', 'proxySupport', 'proxyAuthorization', 'systemCertificates'];
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'NO_PROXY', 'no_proxy'];

describe('behind a company’s network', function () {
  this.timeout(60_000);
  const pkiDir = process.env.DOCS_ASSISTANT_TEST_PKI;
  const systemTrust = process.env.DOCS_ASSISTANT_SYSTEM_TRUST === '1';
  /** The proxy VS Code's own fetch was started with (the run's https_proxy); this suite starts it when a test needs it. */
  const vscodeProxy = process.env.https_proxy;
  let api: DocsAssistantApi;
  let pki: Pki;
  let platform: PlatformEmulator;
  let proxy: TestProxy;
  let environment: Record<string, string | undefined>;
  const started: { close(): Promise<void> }[] = [];

  before(async function () {
    if (!pkiDir) this.skip();
    api = await activateExtension();
    pki = makePki(pkiDir);
    platform = await startEmulator({ tls: { ...pki.server('extra'), hostname: PLATFORM_HOST } });
    await connectTo(platform);
  });
  beforeEach(async () => {
    environment = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
    // As a user's machine with no proxy in its environment (VS Code read the run's at its start).
    for (const name of PROXY_VARIABLES) delete process.env[name];
    platform.reset();
    proxy = await startProxy({ resolve: [PLATFORM_HOST] });
    started.push(proxy);
  });
  afterEach(async () => {
    for (const [name, value] of Object.entries(environment)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    for (const name of HTTP_SETTINGS) await setHttp(name, undefined);
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  after(async () => {
    if (!pkiDir) return;
    await resetUserSettings();
    await platform.close();
  });

  /** Asks in the chat view as a user does; the turn as the view shows it. */
  const ask = (question: string) => runAccepting<ShownTurn>('docsAssistant.ask', question);
  const tunnels = () => proxy.log.filter((line) => line === `CONNECT ${PLATFORM_HOST}:${new URL(platform.url).port} → allowed`).length;

  it('takes chat, pages, search, job polling and a follow-up through the proxy of http.proxy', async () => {
    await setHttp('proxy', proxy.url);
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    const first = await ask('What are API keys?');
    assert.equal(first.status, 'done', first.error?.message);
    const second = await ask('Where are they kept?');
    assert.equal(second.status, 'done');
    assert.match(
      String((platform.requestsFor('assistant')[1].body as { threadKey?: string }).threadKey),
      /^tk_/,
      'a follow-up in its thread',
    );
    const page = await vscode.commands.executeCommand<vscode.Uri | undefined>('docsAssistant.openPage', 'guides/chat');
    assert.ok(page, 'the page opened');
    const found = await vscode.lm.invokeTool('docsAssistant_searchDocs', {
      input: { query: 'agent jobs' },
      toolInvocationToken: undefined,
    });
    assert.match(found.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join(''), /agent-jobs/);
    platform.jobs.add({ id: 'job-behind-proxy', outcome: 'staysActive' });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-behind-proxy');
    await until('the job read', () => api.trackedJobs().find((job) => job.id === 'job-behind-proxy')?.job);
    assert.ok(await runAccepting('docsAssistant.sendAgentJobFollowUp', { jobId: 'job-behind-proxy', prompt: 'Add the README too.' }));
    assert.equal(platform.requestsFor('jobFollowUp').length, 1);
    await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-behind-proxy');
    // One tunnel may carry them all (connections are kept alive); only the proxy knows the name, so each went through it.
    assert.ok(tunnels() >= 1, proxy.log.join('\n'));
    assert.ok(api.recentLog().some((line) => line.includes(`go through the proxy ${proxy.url} (the setting http.proxy)`)));
  });

  it('takes the environment’s proxy, passes it by for NO_PROXY, and goes directly with http.proxySupport off', async () => {
    process.env.HTTPS_PROXY = proxy.url;
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    assert.equal((await ask('What are API keys?')).status, 'done');
    assert.equal(tunnels(), 1);
    process.env.NO_PROXY = PLATFORM_HOST;
    const bypassed = await ask('And now?');
    assert.equal(bypassed.status, 'failed');
    assert.match(
      bypassed.error?.message ?? '',
      new RegExp(`^The name ${PLATFORM_HOST.replace('.', '\\.')}:\\d+ does not resolve .*Nothing was sent\\.`),
    );
    assert.equal(bypassed.error?.fix, 'checkConnection');
    delete process.env.NO_PROXY;
    await setHttp('proxySupport', 'off');
    assert.equal((await ask('And off?')).status, 'failed');
    assert.equal(tunnels(), 1, 'the proxy saw the first question only');
  });

  it('says when the proxy asks for credentials, with the button to set them, and goes through with http.proxyAuthorization', async () => {
    const guarded = await startProxy({ resolve: [PLATFORM_HOST], credentials: 'alice:s3cret' });
    started.push(guarded);
    await setHttp('proxy', guarded.url);
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    const asked = await ask('What are API keys?');
    assert.equal(asked.status, 'failed');
    // VS Code's own fetch, which can ask the user to sign in, was tried: here it has no way to.
    assert.match(
      asked.error?.message ?? '',
      /asks for credentials \(407 Proxy Authentication Required\), and VS Code's own sign-in to it did not get through .*Nothing was sent\. Set http\.proxyAuthorization/,
    );
    assert.equal(asked.error?.fix, 'proxyCredentials');
    // The notifications say it too, with the same button.
    const surfaces = recordSurfaces();
    try {
      await vscode.commands.executeCommand('docsAssistant.openPage', 'configuration/keys');
      const said = await until('the notification', () => surfaces.shown.find((shown) => /asks for credentials/.test(shown.text)));
      assert.deepEqual(said.actions, ['Set Proxy Credentials']);
    } finally {
      surfaces.restore();
    }
    await setHttp('proxyAuthorization', `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
    assert.equal((await ask('With them?')).status, 'done');
    assert.ok(!api.recentLog().some((line) => line.includes('s3cret') || line.includes(Buffer.from('alice:s3cret').toString('base64'))));
  });

  it('stops polling jobs once the proxy’s sign-in did not get through, says why, and goes on once the settings change (issue 46, item 7)', async () => {
    const guarded = await startProxy({ resolve: [PLATFORM_HOST], credentials: 'alice:s3cret' });
    started.push(guarded);
    await setHttp('proxy', guarded.url);
    platform.jobs.add({ id: 'job-behind-proxy', outcome: 'staysActive' });
    try {
      await runAccepting('docsAssistant.trackAgentJob', 'job-behind-proxy');
      const paused = await until('the job paused', () =>
        api.trackedJobs().find((job) => job.id === 'job-behind-proxy' && job.polling.kind === 'error'),
      );
      assert.match(paused.polling.kind === 'error' ? paused.polling.message : '', /sign-in to it did not get through/);
      const tunnelsAsked = guarded.log.length;
      // Paused, the refused poll ended: a poll not sent leaves nothing to wait for, so the time is
      // more than the poller's interval (1 s).
      await settle(1_500);
      assert.equal(guarded.log.length, tunnelsAsked, 'no poll asks the proxy again');
      await setHttp('proxyAuthorization', `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
      await until(
        'polled again, through',
        () => api.trackedJobs().find((job) => job.id === 'job-behind-proxy')?.job?.status === 'active',
        15_000,
      );
    } finally {
      await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-behind-proxy');
    }
  });

  it('follows a change of http.proxy with the next request, without a reload', async () => {
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    assert.equal((await ask('Directly?')).status, 'failed');
    await setHttp('proxy', proxy.url);
    assert.equal((await ask('Through it?')).status, 'done');
    await setHttp('proxy', undefined);
    assert.equal((await ask('Directly again?')).status, 'failed');
    assert.equal(tunnels(), 1);
  });

  it('trusts NODE_EXTRA_CA_CERTS whatever http.systemCertificates says, and never a root trusted nowhere', async () => {
    await setHttp('proxy', proxy.url);
    await setHttp('systemCertificates', false);
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    assert.equal((await ask('Through NODE_EXTRA_CA_CERTS?')).status, 'done');
    const stranger = await startEmulator({ tls: { ...pki.server('stranger'), hostname: PLATFORM_HOST } });
    started.push(stranger);
    await connectTo(stranger);
    try {
      const refused = await ask('Untrusted?');
      assert.equal(refused.status, 'failed');
      assert.match(
        refused.error?.message ?? '',
        new RegExp(
          `^The platform's certificate is not trusted \\([A-Z_]+\\): it was issued to ${PLATFORM_HOST.replace('.', '\\.')} by ${ROOT_NAMES.stranger} \\(Docs Assistant Tests\\), which this machine does not trust\\. Nothing was sent\\.`,
        ),
      );
      assert.equal(stranger.requests.length, 0);
    } finally {
      await connectTo(platform);
    }
  });

  it('trusts a root of the system’s store, as VS Code does, and not with http.systemCertificates off', async function () {
    if (!systemTrust) this.skip();
    const company = await startEmulator({ tls: { ...pki.server('company'), hostname: PLATFORM_HOST } });
    started.push(company);
    await connectTo(company);
    try {
      await setHttp('proxy', proxy.url);
      await vscode.commands.executeCommand('docsAssistant.newConversation');
      assert.equal((await ask('Through the system’s store?')).status, 'done');
      await setHttp('systemCertificates', false);
      const refused = await ask('Without it?');
      assert.match(refused.error?.message ?? '', new RegExp(`issued to ${PLATFORM_HOST.replace('.', '\\.')} by ${ROOT_NAMES.company}`));
    } finally {
      await connectTo(platform);
    }
  });

  it('goes through a TLS-inspecting proxy that re-signs with the company’s root', async function () {
    if (!systemTrust) this.skip();
    const inspecting = await startInspectingProxy({
      certificates: { [PLATFORM_HOST]: pki.server('company') },
      upstreamCa: pki.root('extra').pem,
    });
    started.push(inspecting);
    await setHttp('proxy', inspecting.url);
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    const answer = await ask('Inspected?');
    assert.equal(answer.status, 'done', answer.error?.message);
    assert.ok(inspecting.log.length >= 1);
    for (const line of inspecting.log) assert.equal(line, `CONNECT ${PLATFORM_HOST}:${new URL(platform.url).port} → inspected`);
  });

  it('reaches through VS Code’s own resolution what it alone knows of, when the direct way fails', async function () {
    // VS Code's fetch was started with the run's https_proxy, which this host's environment no
    // longer shows Docs Assistant: as a PAC script or the system's proxy is known to VS Code alone.
    if (!systemTrust || !vscodeProxy) this.skip();
    const known = await startProxy({ resolve: [PLATFORM_HOST], port: Number(new URL(vscodeProxy).port) });
    started.push(known);
    const company = await startEmulator({ tls: { ...pki.server('company'), hostname: PLATFORM_HOST } });
    started.push(company);
    await connectTo(company);
    try {
      await vscode.commands.executeCommand('docsAssistant.newConversation');
      const answer = await ask('Through VS Code?');
      assert.equal(answer.status, 'done', answer.error?.message);
      assert.ok(known.log.length >= 1, 'VS Code took it through the proxy it knows');
      assert.ok(api.recentLog().some((line) => line.includes("go through VS Code's own network stack")));
    } finally {
      await connectTo(platform);
    }
  });

  it('Check Connection reports the way, the tunnel and the chain, and no secret', async () => {
    await setHttp('proxy', proxy.url.replace('http://', 'http://alice:s3cret@'));
    await setHttp('proxyAuthorization', 'Basic c2VjcmV0LWhlYWRlcg==');
    const checked = await vscode.commands.executeCommand<CheckedConnection>('docsAssistant.checkConnection');
    assert.ok(checked.assistant.ok && checked.agentJobs.ok, checked.report);
    const report = checked.report;
    assert.match(report, new RegExp(`Way: through the proxy ${proxy.url.replace(/\./g, '\\.')} \\(the setting http\\.proxy\\)`));
    assert.match(report, /Tunnel: the proxy answered CONNECT with 200/);
    assert.match(
      report,
      new RegExp(
        `TLS: TLSv1\\.[23]; the platform's chain is trusted:\\n\\s+${PLATFORM_HOST.replace('.', '\\.')}, issued by ${ROOT_NAMES.extra}`,
      ),
    );
    assert.match(report, /HTTP: 404 Not Found: the key was accepted/);
    for (const secret of ['s3cret', 'c2VjcmV0LWhlYWRlcg', platform.config.assistantKey, platform.config.adminKey])
      assert.ok(!report.includes(secret), `the report holds no ${secret.slice(0, 4)}…`);
  });

  it('Check Connection, its sentences and the log show no part of a password, whatever its shape (issue 46, item 1)', async () => {
    const hostPort = proxy.url.replace('http://', '');
    process.env.HTTP_PROXY = `bob:An0ther#Pw@${hostPort}`;
    for (const address of [
      `alice:S3cret@Pw#x/y?z@${hostPort}`,
      `http://alice:S3cret@Pw@${hostPort}`,
      'http://alice:S3cret#Pw@127.0.0.1:9',
    ]) {
      await setHttp('proxy', address);
      const checked = await vscode.commands.executeCommand<CheckedConnection>('docsAssistant.checkConnection');
      await vscode.commands.executeCommand('docsAssistant.newConversation');
      const turn = await ask('Through it?');
      const said = [checked.report, turn.error?.message ?? '', ...api.recentLog()].join('\n');
      for (const secret of ['S3cret', 'alice', 'An0ther', 'bob']) assert.ok(!said.includes(secret), `${address} shows ${secret}:\n${said}`);
    }
  });
});
