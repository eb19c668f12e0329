// The search operation, against the emulator.

import * as assert from 'node:assert/strict';
import { arm, expectError, useHarness } from '../support';

describe('search', () => {
  const h = useHarness();

  it('asks with the assistant key and {query, pageSize, filter}, and reads the pages, best first', async () => {
    const result = await h.client().discovery.search('acme-docs', 'agent jobs pull request', { pageSize: 3, filter: { version: 'v2' } });
    assert.ok(result.ok);
    assert.ok(result.value.length >= 1 && result.value.length <= 3);
    assert.deepEqual(result.value[0].target, 'guides/agent-jobs');
    assert.equal(result.value[0].title, 'Watching agent jobs');
    assert.ok(result.value[0].content.length > 0);
    const [request] = h.emulator.requestsFor('search');
    assert.equal(request.path, '/discovery/v1/search/acme-docs');
    assert.equal(request.headers.authorization, `Bearer ${h.emulator.config.assistantKey}`);
    assert.deepEqual(request.body, { query: 'agent jobs pull request', pageSize: 3, filter: { version: 'v2' } });
  });

  it('sends pageSize 10 unless told, and no filter when there is none; matches words as they are typed', async () => {
    const result = await h.client().discovery.search('acme-docs', 'retri');
    assert.ok(result.ok && result.value.length > 0, 'a word being typed already matches');
    assert.deepEqual(h.emulator.requestsFor('search')[0].body, { query: 'retri', pageSize: 10 });
  });

  it('keeps at most the page size asked for, whatever the server sends (issue 28, item 2)', async () => {
    const flood = Array.from({ length: 20_000 }, (_, i) => ({ path: `p${i}`, content: 'x', metadata: { title: `Page ${i}` } }));
    arm(h.emulator, { kind: 'status', status: 200, body: JSON.stringify(flood) }, { operation: 'search' });
    const result = await h.client().discovery.search('acme-docs', 'x');
    assert.ok(result.ok);
    assert.equal(result.value.length, 10);
    assert.equal(result.value[9].target, 'p9', 'the best ones, in order');
  });

  it('honours filter.version: no page is of version v1', async () => {
    const result = await h.client().discovery.search('acme-docs', 'agent', { filter: { version: 'v1' } });
    assert.ok(result.ok);
    assert.deepEqual(result.value, []);
  });

  it('error kind invalidRequest: an empty query is refused before sending; the server refuses one too', async () => {
    expectError(await h.client().discovery.search('acme-docs', '  '), 'invalidRequest');
    assert.equal(h.emulator.requestsFor('search').length, 0);
    arm(h.emulator, { kind: 'status', status: 400, body: JSON.stringify({ message: 'query is required' }) }, { operation: 'search' });
    assert.match(
      expectError(await h.client().discovery.search('acme-docs', 'x'), 'invalidRequest').message,
      /The server said: "query is required"/,
    );
  });

  it('error kind rateLimited: a 429 comes back at once, tried once', async () => {
    arm(h.emulator, { kind: 'rateLimit', retryAfterSeconds: 30 }, { operation: 'search' });
    const error = expectError(await h.client().discovery.search('acme-docs', 'keys'), 'rateLimited');
    assert.match(error.message, /Try again in 30 seconds/);
    assert.equal(h.emulator.requestsFor('search').length, 1);
    assert.deepEqual(h.delays, []);
  });

  it('error kind cancelled: a newer keystroke cancels a search on its way', async () => {
    h.emulator.config.searchDelayMs = 2_000;
    const controller = new AbortController();
    const searching = h.client().discovery.search('acme-docs', 'keys', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    expectError(await searching, 'cancelled');
    assert.ok(Date.now() - started < 1_500);
  });
});
