import * as assert from 'node:assert/strict';
import { defaultSettings, readSettings } from '../../../src/settings/settingsModel';

const reading = (values: Record<string, unknown>) => readSettings((name) => values[name]);

describe('settings model', () => {
  it('gives the defaults when nothing is set, with no problem', () => {
    assert.deepEqual(reading({}), { settings: defaultSettings, problems: [] });
  });

  it('reads every setting, trimming text', () => {
    const { settings, problems } = reading({
      baseUrl: ' https://api.example.com ',
      domain: 'acme',
      projectId: 'p1',
      siteUrl: 'https://docs.example.com',
      'assistant.retrievalPageSize': 12,
      'assistant.fingerprint': 'user-7',
      'assistant.filter': { version: 'v2' },
      'agentJobs.pollIntervalSeconds': 30,
      'agentJobs.notifications': 'failures',
      'mcpServer.enabled': true,
      'statusBar.enabled': false,
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(settings, {
      baseUrl: 'https://api.example.com',
      domain: 'acme',
      projectId: 'p1',
      siteUrl: 'https://docs.example.com',
      retrievalPageSize: 12,
      fingerprint: 'user-7',
      filter: { version: 'v2' },
      pollIntervalSeconds: 30,
      notifications: 'failures',
      mcpServerEnabled: true,
      statusBarEnabled: false,
    });
  });

  it('falls back to defaults for bad values and says which setting and why', () => {
    const { settings, problems } = reading({
      baseUrl: 'ftp://example.com',
      'assistant.retrievalPageSize': 0,
      'assistant.filter': ['v2'],
      'agentJobs.pollIntervalSeconds': 2.5,
      'agentJobs.notifications': 'sometimes',
      domain: 42,
      siteUrl: 'javascript:alert(1)',
      'statusBar.enabled': 'no',
    });
    assert.equal(settings.siteUrl, '');
    assert.equal(settings.statusBarEnabled, true);
    assert.equal(settings.retrievalPageSize, 5);
    assert.equal(settings.filter, null);
    assert.equal(settings.pollIntervalSeconds, 5);
    assert.equal(settings.notifications, 'all');
    assert.equal(settings.domain, '');
    assert.deepEqual(problems.map((problem) => problem.setting).sort(), [
      'docsAssistant.agentJobs.notifications',
      'docsAssistant.agentJobs.pollIntervalSeconds',
      'docsAssistant.assistant.filter',
      'docsAssistant.assistant.retrievalPageSize',
      'docsAssistant.baseUrl',
      'docsAssistant.domain',
      'docsAssistant.siteUrl',
      'docsAssistant.statusBar.enabled',
    ]);
    assert.match(problems.find((p) => p.setting === 'docsAssistant.statusBar.enabled')!.message, /must be true or false; true is used/);
    assert.match(problems.find((p) => p.setting === 'docsAssistant.baseUrl')!.message, /must start with https:\/\//);
    assert.match(
      problems.find((p) => p.setting === 'docsAssistant.assistant.retrievalPageSize')!.message,
      /from 1 to 50; 5 is used instead of 0/,
    );
  });

  it('an empty fingerprint means anonymous', () => {
    assert.equal(reading({ 'assistant.fingerprint': '  ' }).settings.fingerprint, 'anonymous');
  });
});
