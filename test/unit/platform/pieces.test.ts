import * as assert from 'node:assert/strict';
import { encodeSegment, parseBaseUrl, path } from '../../../src/platform/endpoint';
import { keyProblem, kindOfKey } from '../../../src/platform/keys';
import { redactSecrets } from '../../../src/platform/redact';
import { abortableDelay, backoffDelay, parseRetryAfter } from '../../../src/platform/retry';

describe('keys', () => {
  it('tells the two kinds apart by prefix', () => {
    assert.equal(kindOfKey('svc_dsc_abc'), 'assistantKey');
    assert.equal(kindOfKey('svc_abc'), 'adminKey');
    assert.equal(kindOfKey('sk_abc'), undefined);
  });

  it('says which kind is expected, never repeating the key', () => {
    assert.equal(keyProblem('adminKey', 'svc_abc'), undefined);
    assert.equal(keyProblem('assistantKey', 'svc_dsc_abc'), undefined);
    assert.equal(keyProblem('adminKey', 'svc_dsc_abc'), 'That is an assistant key, but an admin key is expected here: an admin key starts with "svc_" but not "svc_dsc_".');
    assert.equal(keyProblem('assistantKey', 'svc_abc'), 'That is an admin key, but an assistant key is expected here: an assistant key starts with "svc_dsc_".');
    assert.match(keyProblem('assistantKey', 'hello')!, /does not look like an assistant key/);
    assert.match(keyProblem('adminKey', 'svc_')!, /nothing after its prefix/);
    assert.match(keyProblem('adminKey', 'svc_a b')!, /spaces or control characters/);
    assert.match(keyProblem('adminKey', 'svc_ab\n')!, /spaces or control characters/);
    assert.match(keyProblem('adminKey', '')!, /empty/);
  });
});

describe('endpoint', () => {
  it('parses the base URL into origin and path prefix', () => {
    const parsed = parseBaseUrl(' https://api.example.com/platform/ ');
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, { origin: 'https://api.example.com', pathPrefix: '/platform' });
    const plain = parseBaseUrl('http://127.0.0.1:8080');
    assert.ok(plain.ok);
    assert.deepEqual(plain.value, { origin: 'http://127.0.0.1:8080', pathPrefix: '' });
  });

  it('refuses what is not an http(s) base URL, saying why', () => {
    const reasons = ['javascript:alert(1)', 'file:///etc', 'example.com', 'https://a:b@example.com', 'https://example.com#x'].map((raw) => {
      const parsed = parseBaseUrl(raw);
      assert.ok(!parsed.ok);
      assert.equal(parsed.error.setting, 'baseUrl');
      return parsed.error.message;
    });
    assert.match(reasons[0], /must start with https:\/\/ or http:\/\/, not javascript:/);
    assert.match(reasons[2], /"example.com" is not a URL/);
    assert.match(reasons[3], /user name or password/);
  });

  it('encodes segments so that no value adds, removes or climbs a path segment', () => {
    assert.equal(encodeSegment('..'), '%2E%2E');
    assert.equal(encodeSegment('.'), '%2E');
    assert.equal(encodeSegment('...'), '%2E%2E%2E');
    assert.equal(encodeSegment('a.b'), 'a.b');
    assert.equal(encodeSegment('a/b?c#d e'), 'a%2Fb%3Fc%23d%20e');
    assert.equal(path`/v2/agent/${'p'}/job/${'../../x'}`, '/v2/agent/p/job/..%2F..%2Fx');
  });
});

describe('retry', () => {
  it('backs off exponentially with equal jitter, up to a ceiling', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
    assert.deepEqual([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, policy, () => 0)), [50, 100, 200, 400, 500, 500]);
    assert.deepEqual([0, 1, 2].map((retry) => backoffDelay(retry, policy, () => 1)), [100, 200, 400]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(undefined, now), undefined);
  });

  it('a delay ends early when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 10);
    await abortableDelay(10_000, controller.signal);
    assert.ok(Date.now() - started < 5_000);
  });
});

describe('redactSecrets', () => {
  it('hides keys and bearer tokens wherever they appear', () => {
    assert.equal(redactSecrets('key svc_dsc_abc123 and svc_xyz-9 done'), 'key svc_dsc_[redacted] and svc_[redacted] done');
    assert.equal(redactSecrets('Authorization: Bearer abc.def'), 'Authorization: Bearer [redacted]');
    assert.equal(redactSecrets('nothing here'), 'nothing here');
  });
});
