import * as assert from 'node:assert/strict';
import { setupStatusOf } from '../../../src/chat/setupStatus';
import { defaultSettings } from '../../../src/settings/settingsModel';
import { agentJobsNeeds, assistantNeeds, type KeyPresence, setupStateOf } from '../../../src/settings/setupState';

const state = (settings: Partial<typeof defaultSettings>, keys: Partial<Record<'adminKey' | 'assistantKey', KeyPresence>> = {}) =>
  setupStateOf({ ...defaultSettings, ...settings }, { adminKey: 'missing', assistantKey: 'missing', ...keys });

describe('setup state', () => {
  it('asks for what is missing in the order a user sets it up', () => {
    assert.equal(assistantNeeds(state({}))?.need, 'baseUrl');
    assert.equal(assistantNeeds(state({ baseUrl: 'https://x.example' }))?.need, 'domain');
    assert.equal(assistantNeeds(state({ baseUrl: 'https://x.example', domain: 'd' }))?.need, 'assistantKey');
    assert.equal(assistantNeeds(state({ baseUrl: 'https://x.example', domain: 'd' }, { assistantKey: 'set' })), undefined);
    assert.equal(agentJobsNeeds(state({ baseUrl: 'https://x.example' }))?.need, 'projectId');
    assert.equal(agentJobsNeeds(state({ baseUrl: 'https://x.example', projectId: 'p' }))?.need, 'adminKey');
    assert.equal(agentJobsNeeds(state({ baseUrl: 'https://x.example', projectId: 'p' }, { adminKey: 'set' })), undefined);
  });

  it('keeps the origin keys belong to, and the reason an unusable base URL is unusable', () => {
    assert.equal(state({ baseUrl: 'https://x.example/api/' }).origin, 'https://x.example');
    const bad = state({ baseUrl: 'x.example' });
    assert.equal(bad.origin, undefined);
    assert.match(bad.baseUrlProblem!, /not a URL/);
    assert.equal(assistantNeeds(bad)?.message, bad.baseUrlProblem);
  });

  it('says so when secret storage cannot be read', () => {
    const needs = assistantNeeds(state({ baseUrl: 'https://x.example', domain: 'd' }, { assistantKey: 'unavailable' }));
    assert.match(needs!.message, /secret storage is not available/);
  });

  it('the chat view shows the right title and buttons for each state', () => {
    assert.deepEqual(setupStatusOf(state({})), {
      kind: 'needs',
      title: 'Connect your documentation',
      message:
        'Docs Assistant is not connected to a documentation platform yet. Configure the base URL, your documentation domain and the assistant key to start asking.',
      actions: ['configure'],
    });
    assert.deepEqual(setupStatusOf(state({ baseUrl: 'javascript:x' })), {
      kind: 'needs',
      title: 'The base URL is not valid',
      message: 'The platform base URL is not valid: it must start with https://, not javascript://.',
      actions: ['openSettings', 'configure'],
    });
    const keyMissing = setupStatusOf(state({ baseUrl: 'https://x.example', domain: 'd' }));
    assert.ok(keyMissing.kind === 'needs');
    assert.deepEqual(keyMissing.actions, ['setAssistantKey', 'configure']);
    assert.deepEqual(setupStatusOf(state({ baseUrl: 'https://x.example', domain: 'd' }, { assistantKey: 'set' })), {
      kind: 'ready',
      origin: 'https://x.example',
      domain: 'd',
    });
    // The answers' scope, which the view shows above its box (test/browser/chatComposer), once a filter is set.
    assert.deepEqual(
      setupStatusOf(
        state({ baseUrl: 'https://x.example', domain: 'd', filter: { version: 'v2', language: 'fr' } }, { assistantKey: 'set' }),
      ),
      {
        kind: 'ready',
        origin: 'https://x.example',
        domain: 'd',
        scope: 'v2 · fr',
      },
    );
  });
});
