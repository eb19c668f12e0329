// The two transports (undici in Node, fetch in a browser) against the same emulator: the client
// gets the same answers, the same error kinds and the same sentences from either. What only a
// browser does (CORS) is tested in a browser: test/ui/web.ui.test.ts.

import * as assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/platform/client';
import type { PlatformError, Result } from '../../../src/platform/errors';
import { messageText } from '../../../src/platform/stream/assistantMessage';
import { fetchTransport } from '../../../src/platform/fetchTransport';
import type { TransportFactory } from '../../../src/platform/transport';
import { plainNodeTransport } from '../../../src/network/routedTransport';
import { html500 } from '../../emulator/faults';
import { arm, useHarness } from '../support';

const TRANSPORTS: [string, TransportFactory][] = [
  ['undici', plainNodeTransport],
  ['fetch', fetchTransport],
];

const ask = (question: string) => ({
  domain: 'acme-docs',
  fp: 'anonymous',
  messages: [{ id: 'm1', role: 'user' as const, parts: [{ type: 'text' as const, text: question }] }],
});

/** What a result says, the same way whichever transport made it. */
function outcome(result: Result<unknown> | { ok: false; error: PlatformError }): unknown {
  return result.ok ? 'ok' : { kind: result.error.kind, message: result.error.message, status: result.error.status };
}

describe('the undici and fetch transports', () => {
  const h = useHarness();
  const each = async (run: (client: (overrides?: object) => PlatformClient) => Promise<unknown>) => {
    const seen: unknown[] = [];
    for (const [, transport] of TRANSPORTS) {
      h.emulator.reset();
      seen.push(await run((overrides = {}) => h.client({ transport, retry: { attempts: 1 }, ...overrides })));
    }
    assert.deepEqual(seen[1], seen[0], 'fetch says what undici says');
    return seen[0];
  };

  it('read a job, a page and a streamed answer alike, with its thread headers', async () => {
    h.emulator.jobs.add({ id: 'job-1', outcome: 'staysActive' });
    const read = await each(async (client) => {
      const job = await client().agentJobs.read('proj_demo', 'job-1');
      const page = await client().discovery.page('acme-docs', 'guides/chat');
      const answer = await client().discovery.ask(ask('How do I stop an answer?'));
      assert.ok(job.ok && page.ok && answer.ok);
      return {
        job: job.value.status,
        page: page.value.content,
        answer: messageText(answer.value.message),
        thread: answer.value.threadId !== undefined,
      };
    });
    assert.deepEqual((read as { thread: boolean }).thread, true);
  });

  it('fail alike: 401, 404, 429 with Retry-After, 500 with HTML, a redirect', async () => {
    const faults = [
      { kind: 'status' as const, status: 401, body: '{"message":"bad key"}' },
      { kind: 'status' as const, status: 404, body: '{"message":"gone"}' },
      { kind: 'rateLimit' as const, retryAfterSeconds: 30 },
      html500,
      { kind: 'status' as const, status: 302, body: '', contentType: 'text/plain' },
    ];
    for (const fault of faults)
      await each(async (client) => {
        arm(h.emulator, fault, { operation: 'page' });
        return outcome(await client().discovery.page('acme-docs', 'guides/chat'));
      });
  });

  it('time out alike: headers that do not come, a stream that stalls, a body that drips past its deadline', async () => {
    const slow = await each(async (client) => {
      arm(h.emulator, { kind: 'slowFirstByte', ms: 2_000 }, { operation: 'page' });
      return outcome(await client({ timeouts: { headersMs: 200 } }).discovery.page('acme-docs', 'guides/chat'));
    });
    assert.deepEqual((slow as { kind: string }).kind, 'timeout');
    await each(async (client) => {
      arm(h.emulator, { kind: 'stallMidStream', afterEvents: 12, ms: 2_000 }, { operation: 'assistant' });
      const result = await client({ timeouts: { streamIdleMs: 200 } }).discovery.ask(ask('How do I set up keys?'));
      assert.ok(!result.ok && result.partial && messageText(result.partial.message).length > 0, 'the partial answer is kept');
      return outcome(result);
    });
    await each(async (client) => {
      arm(h.emulator, { kind: 'dripBody', intervalMs: 100 }, { operation: 'page' });
      return outcome(await client({ timeouts: { readTotalMs: 500, readIdleMs: 5_000 } }).discovery.page('acme-docs', 'guides/chat'));
    });
  });

  it('log each exchange once, a failure in the transports’ own words rather than the message the user reads', async () => {
    for (const [name, transport] of TRANSPORTS) {
      h.emulator.reset();
      arm(h.emulator, { kind: 'slowFirstByte', ms: 2_000 }, { operation: 'page' });
      const before = h.logger.lines.length;
      const result = await h
        .client({ transport, retry: { attempts: 1 }, timeouts: { headersMs: 200 } })
        .discovery.page('acme-docs', 'guides/chat');
      assert.ok(!result.ok && result.error.kind === 'timeout', `${name}: ${JSON.stringify(result)}`);
      const logged = h.logger.lines.slice(before).filter((line) => line.startsWith('debug '));
      assert.equal(logged.length, 1, `${name}: ${logged.join(' | ')}`);
      assert.match(logged[0], /^debug POST \/discovery\/v1\/page\/acme-docs → headersTimeout \(\d+ ms\)$/, `${name}: ${logged[0]}`);
    }
  });

  it('stop alike when the caller cancels mid-answer, keeping what arrived', async () => {
    h.emulator.config.deltaDelayMs = 5;
    await each(async (client) => {
      const controller = new AbortController();
      let deltas = 0;
      const result = await client().discovery.ask(ask('How do I set up keys?'), {
        signal: controller.signal,
        observer: { onChunk: (chunk) => chunk.type === 'text-delta' && ++deltas === 5 && controller.abort() },
      });
      assert.ok(!result.ok && result.partial);
      return outcome(result);
    });
  });

  it('never send a change twice when the connection drops after sending (a browser cannot tell that from a refusal)', async () => {
    for (const [name, transport] of TRANSPORTS) {
      h.emulator.reset();
      arm(h.emulator, { kind: 'resetConnection' }, { operation: 'createJob' });
      const result = await h.client({ transport }).agentJobs.create('proj_demo', 'once');
      assert.ok(!result.ok && result.error.kind === 'network', name);
      assert.equal(h.emulator.requestsFor('createJob').length, 1, `${name}: the job was asked for once`);
    }
  });

  it('refuse a parameter of dots before anything is sent: fetch would read %2E%2E as ".." and leave the base path', async () => {
    const said = await each(async (client) => {
      const job = await client().agentJobs.read('proj_demo', '..');
      const followUp = await client().agentJobs.followUp('.', 'job-1', 'more');
      assert.equal(h.emulator.requests.length, 0, 'nothing was sent');
      return [outcome(job), outcome(followUp)];
    });
    assert.deepEqual(
      (said as { kind: string }[]).map((result) => result.kind),
      ['invalidRequest', 'invalidRequest'],
    );
  });
});
