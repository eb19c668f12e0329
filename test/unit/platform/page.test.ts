import * as assert from 'node:assert/strict';
import { arm, expectError, useHarness } from '../support';

describe('operation 2: retrieve page', () => {
  const h = useHarness();

  it('retrieves a page with the assistant key, posting {path}', async () => {
    const result = await h.client().discovery.page('acme-docs', 'guides/chat');
    assert.ok(result.ok);
    assert.equal(result.value.path, 'guides/chat');
    assert.match(result.value.content, /^# Chatting with the assistant/);
    assert.equal(result.value.invalidUtf8, false);

    const [request] = h.emulator.requests;
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/discovery/v1/page/acme-docs');
    assert.equal(request.headers.authorization, `Bearer ${h.emulator.config.assistantKey}`);
    assert.equal(request.headers['content-type'], 'application/json');
    assert.deepEqual(request.body, { path: 'guides/chat' });
  });

  it('sends a path with spaces, non-ASCII characters and .. segments exactly as given, in the body', async () => {
    const odd = 'guides/../café menü/naïve page';
    h.emulator.docs.add(odd, '# Odd\n\nStill a page.');
    const result = await h.client().discovery.page('acme-docs', odd);
    assert.ok(result.ok);
    assert.equal(result.value.content, '# Odd\n\nStill a page.');
    assert.deepEqual(h.emulator.requests[0].body, { path: odd });
  });

  it('percent-encodes a domain with a slash so it stays one path segment', async () => {
    await h.client().discovery.page('acme/../docs', 'x');
    assert.equal(h.emulator.requests[0].path, '/discovery/v1/page/acme%2F..%2Fdocs');
  });

  it('error kind notFound: 404 {message} names the page and carries the server message', async () => {
    const error = expectError(await h.client().discovery.page('acme-docs', 'no/such/page'), 'notFound');
    assert.equal(error.status, 404);
    assert.equal(error.serverMessage, 'Page not found: no/such/page');
    assert.match(error.message, /^Page not found: no\/such\/page\./);
  });

  it('keeps access groups when the server sends them', async () => {
    h.emulator.docs.add('internal/runbook', '# Runbook', ['staff']);
    const result = await h.client().discovery.page('acme-docs', 'internal/runbook');
    assert.ok(result.ok);
    assert.deepEqual(result.value.groups, ['staff']);
  });

  it('reads content that is not valid UTF-8 as text, and says so', async () => {
    h.emulator.docs.add('broken', Buffer.concat([Buffer.from('# Broken\n\nbad byte: '), Buffer.from([0xff, 0xfe]), Buffer.from(' end')]));
    const result = await h.client().discovery.page('acme-docs', 'broken');
    assert.ok(result.ok);
    assert.equal(result.value.invalidUtf8, true);
    assert.match(result.value.content, /^# Broken\n\nbad byte: \uFFFD\uFFFD end$/);
  });

  it('reads a 2 MB page', async () => {
    const big = `# Big\n\n${'All work and no play. '.repeat(100_000)}`;
    h.emulator.docs.add('big', big);
    const result = await h.client().discovery.page('acme-docs', 'big');
    assert.ok(result.ok);
    assert.equal(result.value.content.length, big.length);
  });

  it('error kind notConfigured: an admin key is never sent to the discovery interface', async () => {
    const error = expectError(
      await h.client({ keyMap: { assistantKey: h.emulator.config.adminKey } }).discovery.page('acme-docs', 'x'),
      'notConfigured',
    );
    assert.equal(error.setting, 'assistantKey');
    assert.match(error.message, /That is an admin key, but an assistant key is expected/);
    const noDomain = expectError(await h.client().discovery.page('', 'x'), 'notConfigured');
    assert.equal(noDomain.setting, 'domain');
    assert.equal(h.emulator.requests.length, 0);
  });

  it('error kind unauthorized and forbidden: an unknown key, another domain', async () => {
    expectError(await h.client({ keyMap: { assistantKey: 'svc_dsc_unknown' } }).discovery.page('acme-docs', 'x'), 'unauthorized');
    const error = expectError(await h.client().discovery.page('other-docs', 'x'), 'forbidden');
    assert.equal(error.serverMessage, 'This API key does not have access to domain other-docs');
  });

  it('error kind rateLimited: the hourly limit, with Retry-After honoured until the call gives up', async () => {
    h.emulator.config.limits.pagePerHour = 2;
    const client = h.client({ retry: { maxRetryAfterMs: 5_000 } });
    assert.ok((await client.discovery.page('acme-docs', 'guides/chat')).ok);
    assert.ok((await client.discovery.page('acme-docs', 'guides/chat')).ok);
    const error = expectError(await client.discovery.page('acme-docs', 'guides/chat'), 'rateLimited');
    assert.ok(error.retryAfterMs! > 5_000, 'the window is far from over, so the call returns at once');
    assert.equal(h.emulator.requestsFor('page').length, 3);
    h.clock.advance(3_600_000);
    assert.ok((await client.discovery.page('acme-docs', 'guides/chat')).ok);
  });

  it('fault rateLimit without Retry-After: backs off exponentially instead', async () => {
    arm(h.emulator, { kind: 'rateLimit' }, { operation: 'page', times: 2 });
    const result = await h.client({ retry: { baseDelayMs: 200 } }).discovery.page('acme-docs', 'guides/chat');
    assert.ok(result.ok);
    assert.deepEqual(h.delays, [150, 300]);
  });

  it('fault status: an empty 502 and a non-JSON 200 read as sentences', async () => {
    arm(h.emulator, { kind: 'status', status: 502, body: '' }, { operation: 'page', times: 4 });
    const gateway = expectError(await h.client().discovery.page('acme-docs', 'guides/chat'), 'serverError');
    assert.match(gateway.message, /HTTP 502.*An empty body came back\./);

    arm(h.emulator, { kind: 'status', status: 200, body: 'plain words', contentType: 'text/plain' }, { operation: 'page' });
    const notJson = expectError(await h.client().discovery.page('acme-docs', 'guides/chat'), 'badResponse');
    assert.match(notJson.message, /answered 200 with a body that is not JSON/);

    arm(h.emulator, { kind: 'status', status: 200, body: '{"path":"x"}' }, { operation: 'page' });
    expectError(await h.client().discovery.page('acme-docs', 'guides/chat'), 'badResponse');

    arm(h.emulator, { kind: 'status', status: 418, body: '{"message":"I am a teapot"}' }, { operation: 'page' });
    const odd = expectError(await h.client().discovery.page('acme-docs', 'guides/chat'), 'badResponse');
    assert.equal(odd.serverMessage, 'I am a teapot');
  });

  it('a server message that echoes a key is redacted', async () => {
    arm(h.emulator, { kind: 'status', status: 401, body: '{"message":"key svc_dsc_leaked_secret is revoked"}' }, { operation: 'page' });
    const error = expectError(await h.client().discovery.page('acme-docs', 'x'), 'unauthorized');
    assert.equal(error.serverMessage, 'key svc_dsc_[redacted] is revoked');
    assert.ok(!error.message.includes('leaked_secret'));
  });
});
