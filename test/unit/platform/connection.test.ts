import * as assert from 'node:assert/strict';
import { PlatformConnection } from '../../../src/platform/connection';
import { ConnectionHealth } from '../../../src/platform/connectionHealth';
import type { KeyKind } from '../../../src/platform/keys';
import { plainNodeTransport } from '../../../src/network/routedTransport';
import { useHarness } from '../support';

describe('the connection to the platform', () => {
  const h = useHarness();
  let baseUrl = '';
  const asked: string[] = [];
  let connection: PlatformConnection;

  beforeEach(() => {
    baseUrl = h.emulator.url;
    asked.length = 0;
    connection = new PlatformConnection({
      source: {
        baseUrl: () => baseUrl,
        key: async (origin: string, kind: KeyKind) => {
          asked.push(`${origin} ${kind}`);
          return origin === new URL(h.emulator.url).origin ? h.emulator.config[kind] : 'svc_dsc_someone_elses';
        },
      },
      log: h.logger,
      userAgent: 'docs-assistant-test',
      transport: plainNodeTransport,
    });
  });

  afterEach(() => connection.dispose());

  it('keeps one client while the base URL stays, and reads keys for its origin only', async () => {
    const client = connection.current();
    assert.equal(connection.current(), client);
    h.emulator.jobs.add({ id: 'job-1', outcome: 'completed' });
    const read = await connection.at(client.origin, (current) => current.agentJobs.read('proj_demo', 'job-1'));
    assert.ok(read.ok);
    assert.deepEqual(asked, [`${client.origin} adminKey`]);
  });

  it('sends nothing meant for one origin once the base URL moved to another', async () => {
    const origin = connection.current().origin;
    baseUrl = 'https://docs.example.invalid';
    assert.notEqual(connection.current().origin, origin);
    let called = false;
    const result = await connection.at(origin, async (client) => {
      called = true;
      return client.agentJobs.read('proj_demo', 'job-1');
    });
    assert.ok(!result.ok && result.error.kind === 'notConfigured');
    assert.match(result.error.message, /changed from .* nothing was sent to the new one/);
    assert.equal(called, false);
    assert.deepEqual(asked, []);
    assert.equal(h.emulator.requests.length, 0);
  });

  it('says the base URL is not set when nothing was meant for any origin', () => {
    baseUrl = '';
    const result = connection.forOrigin(undefined);
    assert.ok(!result.ok && result.error.kind === 'notConfigured');
    assert.match(result.error.message, /base URL is not set/);
  });

  it("tells the health of the platform in force only: a new base URL starts afresh, and a replaced client's answers are not heard", async () => {
    const health = new ConnectionHealth();
    const healthy = new PlatformConnection({
      source: { baseUrl: () => baseUrl, key: async () => 'svc_dsc_not_the_right_one' },
      health,
      log: h.logger,
      userAgent: 'docs-assistant-test',
      transport: plainNodeTransport,
    });
    try {
      const old = healthy.current();
      await old.discovery.search('acme-docs', 'keys');
      assert.deepEqual(health.current.refused, ['assistantKey']);
      baseUrl = 'https://docs.example.invalid';
      healthy.current();
      assert.deepEqual(health.current.refused, [], 'another platform: nothing known of it yet');
      await old.discovery.search('acme-docs', 'keys');
      assert.deepEqual(health.current, { refused: [] }, 'the replaced client speaks for no one, whatever it met');
    } finally {
      healthy.dispose();
    }
  });
});
