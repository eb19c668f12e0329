// What a hostile server, a bad network and a careless input can do to the client, and what holds
// instead (issue 13, the items the client itself answers for).

import * as assert from 'node:assert/strict';
import { undiciFailure } from '../../../src/network/undiciExchange';
import { errorFromException } from '../../../src/platform/transport';
import { messageText } from '../../../src/platform/stream/assistantMessage';
import { arm, expectError, useHarness } from '../support';

const ask = (text: string) => ({
  domain: 'acme-docs',
  fp: 'anonymous',
  messages: [{ id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text }] }],
});

describe('hardening: the client', () => {
  const h = useHarness();

  it('stops an answer of endless text at the limit, keeping what arrived', async () => {
    arm(h.emulator, { kind: 'endlessAnswer', oneLine: false }, { operation: 'assistant' });
    const started = Date.now();
    const result = await h.client().discovery.ask(ask('q'));
    const error = expectError(result, 'badResponse');
    assert.match(
      error.message,
      /grew past what Docs Assistant keeps \(2 MB of text\) and was stopped there\. The part that arrived is kept\./,
    );
    assert.ok(!result.ok && result.partial);
    const kept = messageText(result.partial.message).length;
    assert.ok(kept > 2 * 1024 * 1024 && kept < 2.2 * 1024 * 1024, `${kept} characters kept`);
    assert.ok(Date.now() - started < 5_000, 'stopped promptly');
  });

  it('stops one SSE line that never ends at the limit', async () => {
    arm(h.emulator, { kind: 'endlessAnswer', oneLine: true }, { operation: 'assistant' });
    const result = await h.client().discovery.ask(ask('q'));
    const error = expectError(result, 'badResponse');
    assert.match(error.message, /a line of 2 MB/);
  });

  it('stops an answer of sources and tool calls without end at the limit of parts, keeping what arrived (issue 28, item 1)', async () => {
    arm(h.emulator, { kind: 'floodOfParts', count: 6_000 }, { operation: 'assistant' });
    const result = await h.client().discovery.ask(ask('q'));
    const error = expectError(result, 'badResponse');
    assert.equal(
      error.message,
      'The answer grew past what Docs Assistant keeps (10,000 parts: sources, tool calls and the like) and was stopped there. The part that arrived is kept.',
    );
    assert.ok(!result.ok && result.partial);
    const parts = result.partial.message.parts.length;
    assert.ok(parts > 10_000 && parts < 11_000, `${parts} parts kept`);
  });

  it('a body that drips a byte at a time past the overall deadline is a timeout, not a hang', async () => {
    arm(h.emulator, { kind: 'dripBody', intervalMs: 100 }, { operation: 'page' });
    const result = await h
      .client({ timeouts: { readTotalMs: 600, readIdleMs: 5_000 }, retry: { attempts: 1 } })
      .discovery.page('acme-docs', 'guides/chat');
    const error = expectError(result, 'timeout');
    assert.match(error.message, /took too long to send its answer/);
  });

  it('never throws: a broken character in a path parameter is refused in words, nothing is sent', async () => {
    const client = h.client();
    const lone = 'job-\ud800';
    const job = expectError(await client.agentJobs.read('proj_demo', lone), 'invalidRequest');
    assert.match(job.message, /The job id holds a broken character/);
    expectError(await client.agentJobs.read(`proj\udc00`, 'x'), 'invalidRequest');
    expectError(await client.discovery.page('acme\ud83d', 'guides/chat'), 'invalidRequest');
    expectError(await client.discovery.ask({ ...ask('q'), domain: 'acme\ud83d' }), 'invalidRequest');
    assert.equal(h.emulator.requests.length, 0);
  });

  it('a key the HTTP layer refuses is an invalid request, not a network problem to retry', async () => {
    const error = errorFromException(
      undiciFailure(Object.assign(new Error('invalid authorization header'), { code: 'UND_ERR_INVALID_ARG' })),
    );
    assert.equal(error.kind, 'invalidRequest');
    assert.match(error.message, /holds characters HTTP cannot carry/);
    // A key stored before keys were checked this strictly is refused before anything is sent.
    const client = h.client({ keyMap: { assistantKey: 'svc_dsc_abc\u201d' } });
    const refused = expectError(await client.discovery.page('acme-docs', 'guides/chat'), 'notConfigured');
    assert.match(refused.message, /curly quotes/);
    assert.ok(!refused.message.includes('svc_dsc_abc'), 'the key is not repeated');
    assert.deepEqual(h.delays, [], 'nothing was retried');
  });

  it('a 429 with an absurd Retry-After is waited within 1 s to 1 h, never 0 and never overflowing', async () => {
    for (const [header, expected] of [
      ['3000000', 3_600_000],
      ['0', 1_000],
      ['-1', undefined],
      ['1.5', undefined],
    ] as const) {
      arm(h.emulator, { kind: 'rateLimit', retryAfter: header }, { operation: 'page' });
      const error = expectError(await h.client({ retry: { attempts: 1 } }).discovery.page('acme-docs', 'guides/chat'), 'rateLimited');
      assert.equal(error.retryAfterMs, expected, header);
    }
  });
});
