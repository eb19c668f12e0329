import * as assert from 'node:assert/strict';
import { parseAgentJob } from '../../../src/platform/agentJob';
import { PlatformClient } from '../../../src/platform/client';
import { plainNodeTransport } from '../../../src/network/routedTransport';
import { arm, expectError, useHarness } from '../support';
import { html500 } from '../../emulator/faults';
import { until } from '../../until';

describe('operation 1: read agent job', () => {
  const h = useHarness();

  it('reads a job with the admin key and follows it from active to completed as time passes', async () => {
    h.emulator.jobs.add({
      id: 'job-1',
      outcome: 'completed',
      runsForMs: 60_000,
      repository: 'https://github.com/acme/docs',
      ref: 'fix-typos',
    });
    const client = h.client();

    const first = await client.agentJobs.read('proj_demo', 'job-1');
    assert.ok(first.ok);
    assert.equal(first.value.status, 'active');
    assert.equal(first.value.prLink, null);
    assert.equal(first.value.repository, 'https://github.com/acme/docs');
    assert.equal(first.value.ref, 'fix-typos');

    h.clock.advance(61_000);
    const second = await client.agentJobs.read('proj_demo', 'job-1');
    assert.ok(second.ok);
    assert.equal(second.value.status, 'completed');
    assert.match(second.value.prLink ?? '', /^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/);

    const [request] = h.emulator.requests;
    assert.equal(request.method, 'GET');
    assert.equal(request.path, '/v2/agent/proj_demo/job/job-1');
    assert.equal(request.headers.authorization, `Bearer ${h.emulator.config.adminKey}`);
    assert.equal(request.rawBody, '');
  });

  it('follows jobs to failed, to completed without changes, and to archived', async () => {
    h.emulator.jobs.add({ id: 'f', outcome: 'failed' });
    h.emulator.jobs.add({ id: 'n', outcome: 'completedWithoutChanges' });
    h.emulator.jobs.add({ id: 'a', outcome: 'archived', archivedAfterMs: 60_000 });
    const client = h.client();
    h.clock.advance(90_000);
    const read = async (id: string) => {
      const result = await client.agentJobs.read('proj_demo', id);
      assert.ok(result.ok);
      return result.value;
    };
    assert.equal((await read('f')).status, 'failed');
    assert.deepEqual([(await read('n')).status, (await read('n')).prLink], ['completed', null]);
    assert.equal((await read('a')).status, 'completed');
    h.clock.advance(60_000);
    const archived = await read('a');
    assert.equal(archived.status, 'archived');
    assert.ok(archived.archivedAt && !Number.isNaN(Date.parse(archived.archivedAt)));
  });

  it('error kind notFound: 404 {error} for an unknown job, with the server message', async () => {
    const error = expectError(await h.client().agentJobs.read('proj_demo', 'nope'), 'notFound');
    assert.equal(error.status, 404);
    assert.equal(error.serverMessage, 'Agent job nope not found');
    assert.match(error.message, /No agent job "nope" was found in project "proj_demo"/);
  });

  it('percent-encodes the job id and project so they cannot change the path', async () => {
    const client = h.client({ keyMap: { adminKey: h.emulator.config.adminKey } });
    h.emulator.jobs.add({ id: '../x', outcome: 'staysActive' });
    h.emulator.jobs.add({ id: 'a/b', outcome: 'staysActive' });
    for (const id of ['../x', 'a/b', '?q=1#frag']) await client.agentJobs.read('proj_demo', id);
    await client.agentJobs.read('proj/demo', 'x');
    // A parser of URLs (fetch's) reads `..` as a step up, even encoded: refused before anything is sent.
    const dots = await client.agentJobs.read('proj_demo', '..');
    assert.ok(!dots.ok && dots.error.kind === 'invalidRequest');
    assert.deepEqual(
      h.emulator.requests.map((request) => request.path),
      [
        '/v2/agent/proj_demo/job/..%2Fx',
        '/v2/agent/proj_demo/job/a%2Fb',
        '/v2/agent/proj_demo/job/%3Fq%3D1%23frag',
        '/v2/agent/proj%2Fdemo/job/x',
      ],
    );
  });

  it('error kind notConfigured: no admin key, or a key of the wrong kind, is refused before anything is sent', async () => {
    const missing = expectError(await h.client({ keyMap: {} }).agentJobs.read('proj_demo', 'x'), 'notConfigured');
    assert.equal(missing.setting, 'adminKey');
    assert.match(missing.message, /admin key is not set/);

    const wrongKind = expectError(
      await h.client({ keyMap: { adminKey: h.emulator.config.assistantKey } }).agentJobs.read('proj_demo', 'x'),
      'notConfigured',
    );
    assert.equal(wrongKind.setting, 'adminKey');
    assert.match(wrongKind.message, /That is an assistant key, but an admin key is expected/);
    assert.ok(!wrongKind.message.includes(h.emulator.config.assistantKey), 'the key itself is never repeated');

    const noProject = expectError(await h.client().agentJobs.read('  ', 'x'), 'notConfigured');
    assert.equal(noProject.setting, 'projectId');
    assert.equal(h.emulator.requests.length, 0);
  });

  it('error kind invalidRequest: an empty job id is refused before anything is sent', async () => {
    expectError(await h.client().agentJobs.read('proj_demo', ''), 'invalidRequest');
    assert.equal(h.emulator.requests.length, 0);
  });

  it('error kind notConfigured: a base URL that is not http(s) is reported in words', async () => {
    for (const baseUrl of ['', 'ftp://example.com', 'not a url', 'https://user:pw@example.com', 'https://example.com/?x=1']) {
      const client = new PlatformClient({ baseUrl, transport: plainNodeTransport, keys: async () => 'svc_x' });
      const error = expectError(await client.agentJobs.read('p', 'j'), 'notConfigured');
      assert.equal(error.setting, 'baseUrl');
    }
  });

  it('error kind unauthorized: 401 for a key the server does not know', async () => {
    const error = expectError(
      await h.client({ keyMap: { adminKey: 'svc_not_a_real_key' } }).agentJobs.read('proj_demo', 'x'),
      'unauthorized',
    );
    assert.equal(error.status, 401);
    assert.equal(error.setting, 'adminKey');
    assert.equal(error.serverMessage, 'Invalid API key');
    assert.ok(!error.message.includes('svc_not_a_real_key'));
  });

  it('error kind forbidden: 403 for a project the key does not cover', async () => {
    const error = expectError(await h.client().agentJobs.read('someone-elses-project', 'x'), 'forbidden');
    assert.equal(error.status, 403);
    assert.match(error.message, /scope/);
  });

  it('survives missing and wrong-typed fields, and keeps an unknown status as unknown', async () => {
    h.emulator.jobs.add({
      id: 'odd',
      outcome: 'staysActive',
      raw: { status: 'paused', source: 'not an object', model: 42, prLink: 7, createdAt: 'yesterday' },
    });
    h.emulator.jobs.add({ id: 'bare', outcome: 'staysActive', raw: {} });
    const client = h.client();
    const odd = await client.agentJobs.read('proj_demo', 'odd');
    assert.ok(odd.ok);
    assert.deepEqual(odd.value, { id: 'odd', status: 'unknown', rawStatus: 'paused' });
    const bare = await client.agentJobs.read('proj_demo', 'bare');
    assert.ok(bare.ok);
    assert.deepEqual(bare.value, { id: 'bare', status: 'unknown' });
  });

  it('error kind badResponse: an answer that names another job than the one asked for (issue 28, item 4)', async () => {
    h.emulator.jobs.add({
      id: 'asked',
      outcome: 'staysActive',
      raw: { id: 'someone-else', status: 'completed', prLink: 'https://x/pull/1' },
    });
    const error = expectError(await h.client().agentJobs.read('proj_demo', 'asked'), 'badResponse');
    assert.equal(error.message, 'The platform answered with agent job "someone-else" when "asked" was asked for; the answer was not used.');
  });

  it('error kind badResponse: a 200 whose body is not a job object', async () => {
    h.emulator.jobs.add({ id: 'list', outcome: 'staysActive', raw: ['not', 'a', 'job'] });
    const error = expectError(await h.client().agentJobs.read('proj_demo', 'list'), 'badResponse');
    assert.match(error.message, /not an agent job/);
  });

  it('parseAgentJob keeps the fields it can trust', () => {
    const job = parseAgentJob(
      {
        id: 'j',
        status: 'completed',
        source: { repository: 'https://r', ref: null },
        model: 'm',
        prLink: 'https://r/pull/1',
        createdAt: '2026-01-01T00:00:00Z',
        archivedAt: null,
        extra: 1,
      },
      'asked',
    );
    assert.deepEqual(job, {
      id: 'j',
      status: 'completed',
      rawStatus: 'completed',
      repository: 'https://r',
      ref: null,
      model: 'm',
      prLink: 'https://r/pull/1',
      createdAt: '2026-01-01T00:00:00Z',
      archivedAt: null,
    });
    assert.equal(parseAgentJob(null, 'x'), undefined);
    assert.equal(parseAgentJob('job', 'x'), undefined);
    // A pull request link is https or not kept at all: one check, here.
    for (const link of ['javascript:alert(1)', 'http://github.com/a/b/pull/1', 'file:///etc/passwd', 'command:x', 'not a url']) {
      const job = parseAgentJob({ id: 'j', status: 'completed', prLink: link }, 'j');
      assert.deepEqual([job?.prLink, job?.prLinkRefused], [null, true], link);
    }
  });

  describe('retries', () => {
    it('fault status: retries 503 and 502 with growing back-off, then succeeds', async () => {
      h.emulator.jobs.add({ id: 'j', outcome: 'staysActive' });
      arm(h.emulator, { kind: 'status', status: 503, body: '{"error":"busy"}' }, { operation: 'agentJob' });
      arm(h.emulator, { kind: 'status', status: 502, body: '' }, { operation: 'agentJob' });
      const result = await h.client({ retry: { baseDelayMs: 100 } }).agentJobs.read('proj_demo', 'j');
      assert.ok(result.ok);
      assert.equal(h.emulator.requests.length, 3);
      // Equal jitter with random() = 0.5: 3/4 of 100 ms, then of 200 ms.
      assert.deepEqual(h.delays, [75, 150]);
    });

    it('fault rateLimit: honours Retry-After on 429', async () => {
      h.emulator.jobs.add({ id: 'j', outcome: 'staysActive' });
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 3 }, { operation: 'agentJob' });
      const result = await h.client().agentJobs.read('proj_demo', 'j');
      assert.ok(result.ok);
      assert.deepEqual(h.delays, [3000]);
    });

    it('fault rateLimit: gives up after a bounded number of attempts with rateLimited and the wait', async () => {
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 2 }, { operation: 'agentJob', times: 10 });
      const error = expectError(await h.client({ retry: { attempts: 3 } }).agentJobs.read('proj_demo', 'j'), 'rateLimited');
      assert.equal(error.retryAfterMs, 2000);
      assert.equal(h.emulator.requests.length, 3);
      assert.match(error.message, /Try again in 2 seconds/);
    });

    it('does not wait out a Retry-After longer than the policy allows: the caller gets it', async () => {
      arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 3600 }, { operation: 'agentJob' });
      const error = expectError(await h.client().agentJobs.read('proj_demo', 'j'), 'rateLimited');
      assert.equal(error.retryAfterMs, 3_600_000);
      assert.equal(h.emulator.requests.length, 1);
      assert.match(error.message, /60 minutes/);
    });

    it('fault resetConnection: retries a dropped connection, and reports network when it keeps dropping', async () => {
      h.emulator.jobs.add({ id: 'j', outcome: 'staysActive' });
      arm(h.emulator, { kind: 'resetConnection' }, { operation: 'agentJob' });
      assert.ok((await h.client().agentJobs.read('proj_demo', 'j')).ok);
      assert.equal(h.emulator.requests.length, 2);

      arm(h.emulator, { kind: 'resetConnection' }, { operation: 'agentJob', times: 10 });
      const error = expectError(await h.client({ retry: { attempts: 2 } }).agentJobs.read('proj_demo', 'j'), 'network');
      assert.match(error.message, /Could not reach the platform/);
    });

    it('error kind serverError: 500 with an HTML body reads as a sentence and is not retried', async () => {
      arm(h.emulator, html500, { operation: 'agentJob' });
      const error = expectError(await h.client().agentJobs.read('proj_demo', 'j'), 'serverError');
      assert.equal(error.status, 500);
      assert.equal(error.serverMessage, undefined);
      assert.match(error.message, /HTTP 500.*An HTML page \(perhaps from a proxy\) came back\./);
      assert.equal(h.emulator.requests.length, 1);
    });

    it('error kind network: nothing listening', async () => {
      const port = Number(new URL(h.emulator.url).port);
      await h.emulator.close();
      const client = new PlatformClient({
        transport: plainNodeTransport,
        baseUrl: `http://127.0.0.1:${port}`,
        keys: async () => 'svc_k',
        retry: { attempts: 2 },
        delay: async () => {},
      });
      const error = expectError(await client.agentJobs.read('p', 'j'), 'network');
      assert.match(error.message, /ECONNREFUSED/);
      await client.dispose();
    });

    // undici checks its parser timeouts about once a second, so the server waits well past that.
    it('error kind timeout: fault slowFirstByte past the headers timeout', async () => {
      arm(h.emulator, { kind: 'slowFirstByte', ms: 3000 }, { operation: 'agentJob' });
      const error = expectError(await h.client({ timeouts: { headersMs: 100 } }).agentJobs.read('proj_demo', 'j'), 'timeout');
      assert.match(error.message, /took too long to start answering/);
    });

    it('error kind cancelled: an aborted signal stops the call, also while waiting to retry', async () => {
      const controller = new AbortController();
      controller.abort();
      expectError(await h.client().agentJobs.read('proj_demo', 'j', { signal: controller.signal }), 'cancelled');
      assert.equal(h.emulator.requests.length, 0);

      // Aborted once the server holds the request, not after a set time: on a busy machine a timer
      // can fire before the request arrives, leaving the slow fault queued for the next one.
      const during = new AbortController();
      arm(h.emulator, { kind: 'slowFirstByte', ms: 2000 }, { operation: 'agentJob' });
      const reading = h.client().agentJobs.read('proj_demo', 'j', { signal: during.signal });
      await until('the server to hold the request', () => h.emulator.requests.length === 1);
      during.abort();
      expectError(await reading, 'cancelled');

      const betweenRetries = new AbortController();
      arm(h.emulator, { kind: 'status', status: 503, body: '' }, { operation: 'agentJob' });
      const client = h.client({ delay: async () => betweenRetries.abort() });
      expectError(await client.agentJobs.read('proj_demo', 'j', { signal: betweenRetries.signal }), 'cancelled');
    });
  });

  it('logs every request at debug level with method, path, status and duration, and never a key', async () => {
    h.emulator.jobs.add({ id: 'j', outcome: 'staysActive' });
    await h.client().agentJobs.read('proj_demo', 'j');
    await h.client({ keyMap: { adminKey: 'svc_wrong_secret' } }).agentJobs.read('proj_demo', 'j');
    assert.match(h.logger.lines[0], /^debug GET \/v2\/agent\/proj_demo\/job\/j → 200 \(\d+ ms\)$/);
    for (const line of h.logger.lines) {
      assert.ok(!line.includes(h.emulator.config.adminKey) && !line.includes('svc_wrong_secret'), line);
    }
  });
});
