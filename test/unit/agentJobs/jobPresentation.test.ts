import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import {
  age,
  jobDescription,
  jobDetails,
  jobContextValue,
  jobIcon,
  jobLabel,
  pullRequestDetail,
  repositoryName,
  spokenJob,
} from '../../../src/agentJobs/jobPresentation';
import type { TrackedJob } from '../../../src/agentJobs/trackedJob';
import { loadTrackedJobs, saveTrackedJobs, scopeKey, type KeyValueStore } from '../../../src/agentJobs/savedJobs';
import { setDisplayLanguage } from '../../../src/shared/language';

const tracked = (job: TrackedJob['job'], polling: TrackedJob['polling'] = { kind: 'watching' }): TrackedJob => ({
  id: 'j1',
  ...(job ? { job } : {}),
  polling,
});

describe('agent job presentation', () => {
  it('labels a job by repository and branch, or by its id when nothing is known yet', () => {
    assert.equal(repositoryName('https://github.com/acme/docs.git'), 'acme/docs');
    assert.equal(
      jobLabel(tracked({ id: 'j1', status: 'active', repository: 'https://github.com/acme/docs', ref: 'fix-typos' })),
      'acme/docs · fix-typos',
    );
    assert.equal(jobLabel(tracked(undefined)), 'j1');
  });

  it('describes status and age, and picks an icon for every state', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    assert.equal(jobDescription(tracked({ id: 'j1', status: 'active', createdAt: '2026-11-21T11:55:00Z' }), now), 'active · 5 minutes ago');
    assert.equal(jobDescription(tracked({ id: 'j1', status: 'unknown', rawStatus: 'paused' }), now), 'unknown status "paused"');
    assert.equal(age(3 * 24 * 3_600_000), '3 days ago');
    assert.equal(age(90 * 60_000), '1 hour ago');
    assert.equal(age(20_000), 'just now');
    assert.equal(
      spokenJob(
        {
          ...tracked({
            id: 'j1',
            status: 'completed',
            createdAt: '2026-11-21T11:59:00Z',
            repository: 'https://github.com/acme/docs',
            ref: 'fix-typos',
            prLink: 'https://github.com/acme/docs/pull/1',
          }),
          prompt: '# Fix the typos\nEverywhere.',
        },
        now,
      ),
      'Agent job Fix the typos, in acme/docs on branch fix-typos, completed, started 1 minute ago, pull request ready',
      'said in words for a screen reader: no dots, no abbreviations',
    );
    assert.equal(
      spokenJob(
        tracked({ id: 'j1', status: 'active', createdAt: '2026-11-21T09:00:00Z', repository: 'https://github.com/acme/docs' }),
        now,
      ),
      'Agent job, in acme/docs, active, started 3 hours ago',
    );
    assert.equal(spokenJob(tracked(undefined), now), 'Agent job j1, loading');
    assert.equal(jobIcon(tracked(undefined, { kind: 'notFound', message: 'x' })), 'notFound');
    assert.equal(jobIcon(tracked({ id: 'j1', status: 'active' }, { kind: 'offline', message: 'x' })), 'offline');
    assert.equal(jobIcon(tracked({ id: 'j1', status: 'failed' }, { kind: 'ended' })), 'failed');
    assert.equal(jobIcon(tracked(undefined)), 'loading');
  });

  // What a Japanese VS Code draws in the row: the words from the bundle it loads, the age as Japanese says it.
  it('writes the row in Japanese, with the bundle and the display language of a Japanese VS Code', () => {
    const bundle = path.join(__dirname, '../../../../l10n/bundle.l10n.ja.json');
    const japanese = JSON.parse(fs.readFileSync(bundle, 'utf8')) as Record<string, string>;
    l10n.config({ contents: japanese });
    setDisplayLanguage('ja');
    try {
      const now = Date.parse('2026-11-21T12:00:00Z');
      const row = (status: 'active' | 'completed' | 'archived' | 'failed', createdAt: string) =>
        jobDescription(tracked({ id: 'j1', status, createdAt }), now);
      assert.equal(row('active', '2026-11-21T11:55:00Z'), `${japanese.active} · 5 分前`);
      assert.equal(row('completed', '2026-11-21T10:30:00Z'), `${japanese.completed} · 1 時間前`);
      assert.equal(row('archived', '2026-11-18T11:00:00Z'), `${japanese.archived} · 3 日前`);
      assert.equal(row('failed', '2026-11-21T11:59:50Z'), `${japanese.failed} · ${japanese['just now']}`);
      assert.ok(
        !/[a-z]/.test(`${japanese.active}${japanese.completed}${japanese.archived}${japanese.failed}`),
        'the states are translated',
      );
    } finally {
      l10n.config({ contents: {} });
      setDisplayLanguage('en');
    }
  });

  it('says why there is no pull request, and never offers to open a link that is not https', () => {
    assert.match(pullRequestDetail({ id: 'j', status: 'active', prLink: null }).value, /still working/);
    assert.match(pullRequestDetail({ id: 'j', status: 'completed', prLink: null }).value, /no file was changed/);
    assert.equal(
      pullRequestDetail({ id: 'j', status: 'completed', prLink: 'https://github.com/a/b/pull/1' }).url,
      'https://github.com/a/b/pull/1',
    );
    const refused = pullRequestDetail({ id: 'j', status: 'completed', prLink: null, prLinkRefused: true });
    assert.equal(refused.url, undefined);
    assert.equal(refused.value, 'a link that is not https, so not kept');
  });

  it('lists the pull request, model and times as details', () => {
    const details = jobDetails(
      tracked({
        id: 'j1',
        status: 'archived',
        model: 'm-1',
        createdAt: '2026-11-01T09:00:00Z',
        archivedAt: '2026-11-02T09:00:00Z',
        prLink: null,
      }),
    );
    assert.deepEqual(
      details.map((detail) => detail.label),
      ['Pull request', 'Model', 'Created', 'Archived'],
    );
  });

  it('offers in the tree only what applies: a pull request, a branch to review, a prompt to start again', () => {
    const withPrompt = (job: TrackedJob['job']): TrackedJob => ({ ...tracked(job), prompt: 'Fix the typos' });
    const onBranch = { id: 'j1', repository: 'https://github.com/acme/docs', ref: 'fix-typos' };
    assert.equal(jobContextValue(tracked(undefined)), 'agentJob');
    assert.equal(
      jobContextValue(tracked({ ...onBranch, status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })),
      'agentJob hasPullRequest hasBranch',
    );
    assert.equal(jobContextValue(tracked({ ...onBranch, status: 'completed', prLink: null, prLinkRefused: true })), 'agentJob hasBranch');
    assert.equal(jobContextValue(tracked({ id: 'j1', status: 'active', repository: 'https://github.com/acme/docs', ref: '' })), 'agentJob');
    assert.equal(jobContextValue(tracked({ id: 'j1', status: 'active', ref: 'x' })), 'agentJob', 'a branch without a repository');
    assert.equal(jobContextValue(withPrompt({ id: 'j1', status: 'failed' })), 'agentJob canStartAgain');
    assert.equal(jobContextValue(withPrompt({ id: 'j1', status: 'archived' })), 'agentJob canStartAgain');
    assert.equal(jobContextValue(withPrompt({ id: 'j1', status: 'completed' })), 'agentJob');
    assert.equal(
      jobContextValue(tracked({ id: 'j1', status: 'failed' })),
      'agentJob',
      'the prompt of a job started elsewhere is not known',
    );
  });

  it('names a repository on this machine by its last two folders', () => {
    assert.equal(repositoryName('file:///tmp/demo/remote/acme/docs.git'), 'acme/docs');
    assert.equal(repositoryName('file:///tmp/work%20space/docs'), 'work space/docs');
  });
});

describe('tracked jobs storage', () => {
  const memory = (): KeyValueStore & { data: Map<string, unknown> } => {
    const data = new Map<string, unknown>();
    return { data, get: <T>(key: string) => data.get(key) as T | undefined, update: async (key, value) => void data.set(key, value) };
  };

  it('keeps jobs per base URL origin and project', async () => {
    const store = memory();
    const job = {
      id: 'j1',
      status: 'completed' as const,
      rawStatus: 'completed',
      repository: 'https://github.com/acme/docs',
      ref: 'fix-typos',
      model: 'm-1',
      prLink: 'https://github.com/acme/docs/pull/7',
      createdAt: '2026-11-01T09:00:00.000Z',
      archivedAt: null,
    };
    await saveTrackedJobs(store, scopeKey('https://a.example', 'p1'), [{ id: 'j1', job }, { id: 'j2' }]);
    // Through JSON, as VS Code's global state stores it: every field comes back.
    store.data.set(scopeKey('https://a.example', 'p1'), JSON.parse(JSON.stringify(store.data.get(scopeKey('https://a.example', 'p1')))));
    assert.deepEqual(loadTrackedJobs(store, scopeKey('https://a.example', 'p1')), [{ id: 'j1', job }, { id: 'j2' }]);
    assert.deepEqual(loadTrackedJobs(store, scopeKey('https://b.example', 'p1')), []);
    assert.deepEqual(loadTrackedJobs(store, scopeKey('https://a.example', 'p2')), []);
  });

  it('survives damaged storage', () => {
    const store = memory();
    store.data.set('k', [{ id: 'a' }, { id: 'a' }, { nope: 1 }, null, { id: '' }, { id: 'b', job: 'x' }]);
    assert.deepEqual(loadTrackedJobs(store, 'k'), [{ id: 'a' }, { id: 'b' }]);
    store.data.set('k', 'garbage');
    assert.deepEqual(loadTrackedJobs(store, 'k'), []);
  });
});
