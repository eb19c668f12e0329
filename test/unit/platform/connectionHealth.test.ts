import * as assert from 'node:assert/strict';
import { ConnectionHealth, type Health } from '../../../src/platform/connectionHealth';
import { platformError } from '../../../src/platform/errors';
import { useHarness } from '../support';

describe("the connection's health", () => {
  it('is told of a refused key, keeps it until that key gets through or is set anew, and of a failing network until any exchange does', () => {
    const health = new ConnectionHealth();
    const seen: Health[] = [];
    health.onDidChange((current) => seen.push(current));
    health.observe('adminKey', { status: 401 });
    assert.deepEqual(health.current.refused, ['adminKey']);
    health.observe('assistantKey', { status: 200 });
    assert.deepEqual(health.current.refused, ['adminKey'], 'another key getting through says nothing of this one');
    health.observe('adminKey', { status: 404 });
    assert.deepEqual(health.current.refused, [], 'a 404 takes the key, as Check Connection reads it');
    health.observe('assistantKey', { status: 401 });
    health.keysChanged();
    assert.deepEqual(health.current.refused, []);

    health.observe('assistantKey', { error: platformError('network', 'No route to the platform.') });
    assert.equal(health.current.networkProblem?.message, 'No route to the platform.');
    health.observe('assistantKey', { error: platformError('notFound', 'No such page.') });
    assert.equal(
      health.current.networkProblem?.message,
      'No route to the platform.',
      'a failure that is not the network’s changes nothing',
    );
    health.observe('adminKey', { status: 404 });
    assert.equal(health.current.networkProblem, undefined, 'an answer, whatever its status, is a network that works');
    assert.equal(seen.length, 6);
  });

  describe('through a client', () => {
    const h = useHarness();

    it('hears every exchange a client makes: a 401 for the key it used', async () => {
      const health = new ConnectionHealth();
      const client = h.client({
        keyMap: { assistantKey: 'svc_dsc_not_the_right_one' },
        onExchange: (kind, outcome) => health.observe(kind, outcome),
      });
      const found = await client.discovery.search('acme-docs', 'keys');
      assert.ok(!found.ok && found.error.kind === 'unauthorized');
      assert.deepEqual(health.current.refused, ['assistantKey']);
    });
  });
});
