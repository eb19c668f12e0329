import * as assert from 'node:assert/strict';
import { encodeSegment, parseBaseUrl, path } from '../../../src/platform/endpoint';
import { keyProblem, kindOfKey } from '../../../src/platform/keys';
import { redactSecrets } from '../../../src/log/redact';
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
    assert.equal(
      keyProblem('adminKey', 'svc_dsc_abc'),
      'That is an assistant key, but an admin key is expected here: an admin key starts with "svc_" but not "svc_dsc_".',
    );
    assert.equal(
      keyProblem('assistantKey', 'svc_abc'),
      'That is an admin key, but an assistant key is expected here: an assistant key starts with "svc_dsc_".',
    );
    assert.match(keyProblem('assistantKey', 'hello')!, /does not look like an assistant key/);
    assert.match(keyProblem('adminKey', 'svc_')!, /nothing after its prefix/);
    assert.match(keyProblem('adminKey', 'svc_a b')!, /spaces or control characters/);
    assert.match(keyProblem('adminKey', 'svc_ab\n')!, /spaces or control characters/);
    assert.match(keyProblem('adminKey', '')!, /empty/);
  });

  it('refuses a key with characters no key has, when it is typed', () => {
    for (const key of ['svc_abc\u201d', 'svc_\u201cabc', 'svc_ab\u200bcd', 'svc_caf\u00e9']) {
      assert.match(
        keyProblem('adminKey', key)!,
        /characters a key never has \(such as curly quotes or invisible spaces\)/,
        JSON.stringify(key),
      );
    }
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
    assert.match(reasons[0], /must start with https:\/\/, not javascript:/);
    assert.match(reasons[2], /"example.com" is not a URL/);
    assert.match(reasons[3], /user name or password/);
  });

  it('allows http only for this machine: elsewhere keys would travel in the clear', () => {
    for (const local of [
      'http://127.0.0.1:8080',
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://[::1]:9',
      'https://docs.example.com',
    ])
      assert.ok(parseBaseUrl(local).ok, local);
    for (const remote of [
      'http://docs.example.com',
      'http://10.0.0.2',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com:80',
      // Names under .localhost are resolved through the network's DNS by Node: a hostile answer sends the key elsewhere.
      'http://docs.localhost',
      'http://a.b.localhost:8080',
      'http://localhost.',
      'http://127.5.6.7',
      'http://[::ffff:127.0.0.1]',
    ]) {
      const parsed = parseBaseUrl(remote);
      assert.ok(!parsed.ok, remote);
      assert.match(parsed.error.message, /must start with https:\/\/; http:\/\/ is allowed only for this machine/);
    }
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
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, policy, () => 0)),
      [50, 100, 200, 400, 500, 500],
    );
    assert.deepEqual(
      [0, 1, 2].map((retry) => backoffDelay(retry, policy, () => 1)),
      [100, 200, 400],
    );
  });

  it('reads Retry-After as seconds or as an HTTP date, within 1 s to 1 h', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter(' 0 ', now), 1000, 'no wait at all would be a storm of requests');
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now), 1000, 'a date already past');
    assert.equal(parseRetryAfter('3000000', now), 3_600_000, 'a wait that would overflow a timer is cut to an hour');
    assert.equal(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now), 3_600_000);
    for (const absent of ['-1', '1.5', 'soon', '', '1e3', undefined]) assert.equal(parseRetryAfter(absent, now), undefined, String(absent));
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

  it('keeps the words that describe a key: its prefix alone is no key (issue 34, item 6)', () => {
    for (const kind of ['assistantKey', 'adminKey'] as const) {
      const hint = keyProblem(kind, 'not-a-key')!;
      assert.match(hint, /starts with "svc_/);
      assert.equal(redactSecrets(hint), hint);
    }
    assert.equal(redactSecrets('a key starts with svc_, svc_dsc or svc_dsc_.'), 'a key starts with svc_, svc_dsc or svc_dsc_.');
    assert.equal(redactSecrets('key svc_d and svc_dsc_x'), 'key svc_[redacted] and svc_dsc_[redacted]', 'anything past a prefix is a key');
  });

  it('ends a key where its own characters end: a Japanese sentence goes on after it (issue 46, item 6)', () => {
    const hint = 'アシスタント キーではないようです。アシスタント キーは「svc_dsc_」で始まります。';
    assert.equal(redactSecrets(hint), hint, 'the prefix alone, and every word after it, kept');
    assert.equal(
      redactSecrets('キー「svc_dsc_abc123」は拒否されました。設定し直してください。'),
      'キー「svc_dsc_[redacted]」は拒否されました。設定し直してください。',
    );
    assert.equal(redactSecrets('キーsvc_abc123が無効です'), 'キーsvc_[redacted]が無効です');
    assert.equal(
      redactSecrets('the key svc_dsc_abc123. Set it again.'),
      'the key svc_dsc_[redacted]. Set it again.',
      'a full stop is no part of it',
    );
  });

  it('hides the user information of a web address, whatever it holds (issue 46, item 1)', () => {
    assert.equal(redactSecrets('via http://alice:S3cret@Pw#x/y?z@proxy.corp:3128 now'), 'via http://[redacted]@proxy.corp:3128 now');
    assert.equal(redactSecrets('https://docs.example.com/guides/x'), 'https://docs.example.com/guides/x');
  });

  it('hides the whole key whatever its characters: curly quotes, invisible spaces, accents', () => {
    for (const key of ['svc_abc\u201ddef', 'svc_ab\u200bcd', 'svc_ab\u00a0cd', 'svc_dsc_caf\u00e9']) {
      const redacted = redactSecrets(`the key ${key} failed`);
      assert.equal(redacted, `the key ${key.startsWith('svc_dsc_') ? 'svc_dsc_' : 'svc_'}[redacted] failed`, JSON.stringify(key));
    }
  });
});
