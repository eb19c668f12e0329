import * as assert from 'node:assert/strict';
import { platformError } from '../../../src/platform/errors';
import { setupStateOf, type SetupState } from '../../../src/settings/setupState';
import { defaultSettings } from '../../../src/settings/settingsModel';
import { statusSummary } from '../../../src/status/statusSummary';

const setUp = (overrides: Partial<typeof defaultSettings> = {}, keys: SetupState['keys'] = { adminKey: 'set', assistantKey: 'set' }) =>
  setupStateOf({ ...defaultSettings, baseUrl: 'https://api.example.com', domain: 'acme', projectId: 'proj', ...overrides }, keys);
const healthy = { refused: [] };
const offline = { refused: [], networkProblem: platformError('network', 'The platform at api.example.com could not be reached.') };

describe('what the status bar says', () => {
  it('says nothing while nothing needs the user and nothing runs', () => {
    assert.equal(statusSummary({ setup: setUp(), health: healthy, activeJobs: 0 }), undefined);
  });

  it('says nothing before the platform is set: the welcome views and the walkthrough guide then', () => {
    const blank = setupStateOf(defaultSettings, { adminKey: 'missing', assistantKey: 'missing' });
    assert.equal(statusSummary({ setup: blank, health: healthy, activeJobs: 0 }), undefined);
  });

  it('asks for the assistant key once the platform is set, and for the admin key once a project is', () => {
    const assistant = statusSummary({ setup: setUp({}, { adminKey: 'set', assistantKey: 'missing' }), health: healthy, activeJobs: 0 });
    assert.equal(assistant?.action, 'setAssistantKey');
    assert.match(assistant.sentence, /assistant key is not set/);
    const admin = statusSummary({ setup: setUp({}, { adminKey: 'missing', assistantKey: 'set' }), health: healthy, activeJobs: 0 });
    assert.equal(admin?.action, 'setAdminKey');
    assert.equal(
      statusSummary({ setup: setUp({ projectId: '' }, { adminKey: 'missing', assistantKey: 'set' }), health: healthy, activeJobs: 0 }),
      undefined,
      'no project: agent jobs are not in use',
    );
  });

  it('says a key the platform refused before anything else, and how to set it again', () => {
    const said = statusSummary({ setup: setUp(), health: { ...offline, refused: ['adminKey'] }, activeJobs: 2 });
    assert.deepEqual([said?.action, said?.tone], ['setAdminKey', 'error']);
    assert.match(said!.sentence, /refused the admin key/);
  });

  it("says the network's failure in its sentence, with Check Connection", () => {
    const said = statusSummary({ setup: setUp({}, { adminKey: 'missing', assistantKey: 'set' }), health: offline, activeJobs: 1 });
    assert.equal(said?.action, 'checkConnection');
    assert.match(said.sentence, /^The platform at api\.example\.com could not be reached\. Check Connection/);
    assert.match(said.text, /^\$\(debug-disconnect\) /);
  });

  it('counts the agent jobs running, and opens their view', () => {
    assert.deepEqual(statusSummary({ setup: setUp(), health: healthy, activeJobs: 1 }), {
      text: '$(sync~spin) 1 agent job running',
      sentence: '1 agent job running',
      action: 'showAgentJobs',
      tone: 'busy',
    });
    assert.equal(statusSummary({ setup: setUp(), health: healthy, activeJobs: 3 })?.sentence, '3 agent jobs running');
  });
});
