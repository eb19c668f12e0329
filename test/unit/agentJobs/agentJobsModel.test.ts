import * as assert from 'node:assert/strict';
import { AgentJobsModel, type JobScope } from '../../../src/agentJobs/agentJobsModel';
import { jobEndNotice } from '../../../src/agentJobs/jobNotifications';
import type { KeyValueStore } from '../../../src/agentJobs/savedJobs';
import { scopeKey } from '../../../src/agentJobs/savedJobs';
import type { AgentJob } from '../../../src/platform/agentJob';
import { ok, type Result } from '../../../src/platform/errors';
import { realTimers } from '../../../src/util/timers';
import { FakeTimers } from '../fakeTimers';

class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, unknown>();
  updates = 0;
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Thenable<void> {
    this.updates++;
    this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

const A: JobScope = { origin: 'https://a.example', projectId: 'proj' };
const B: JobScope = { origin: 'https://b.example', projectId: 'proj' };

describe('agent jobs model', () => {
  it('ties each set of jobs to the origin and project it was tracked for: polled there only, saved there only', async () => {
    const timers = new FakeTimers();
    const store = new MemoryStore();
    const reads: string[] = [];
    let release: (result: Result<AgentJob>) => void = () => {};
    const model = new AgentJobsModel({
      store,
      timers,
      read: (scope, id) => {
        reads.push(`${scope.origin}/${id}`);
        if (scope === A && id === 'slow') return new Promise((resolve) => (release = resolve));
        return Promise.resolve(ok({ id, status: 'active' }));
      },
    });
    model.setScope(A, 5_000);
    model.track('job-a');
    model.track('slow');
    await timers.advance(0);
    // The base URL changes while a read of A is on its way.
    model.setScope(B, 5_000);
    release(ok({ id: 'slow', status: 'completed' }));
    await timers.advance(60_000);
    assert.equal(model.jobs.length, 0, 'B has no jobs of its own');
    assert.ok(
      reads.every((read) => read.startsWith('https://a.example/')),
      `nothing of A was read at B: ${reads.join(', ')}`,
    );
    const savedA: { id: string }[] | undefined = store.get(scopeKey(A.origin, A.projectId));
    assert.deepEqual(
      savedA?.map((saved) => saved.id),
      ['job-a', 'slow'],
      'A keeps its jobs',
    );
    assert.equal(store.get(scopeKey(B.origin, B.projectId)), undefined, 'nothing was saved under B');

    model.setScope(A, 5_000);
    assert.deepEqual(
      model.jobs.map((tracked) => tracked.id),
      ['job-a', 'slow'],
    );
    model.dispose();
  });

  it('saves a job tracked or left at once, so that a window reloaded right after keeps it (and what polls bring soon after)', async () => {
    const timers = new FakeTimers();
    const store = new MemoryStore();
    const model = new AgentJobsModel({ store, timers, read: (_scope, id) => Promise.resolve(ok({ id, status: 'active' })) });
    model.setScope(A, 5_000);
    const saved = () =>
      (store.get<{ id: string; job?: unknown }[]>(scopeKey(A.origin, A.projectId)) ?? []).map(({ id, job }) => ({ id, read: !!job }));
    model.track('job-1');
    assert.deepEqual(saved(), [{ id: 'job-1', read: false }], 'saved before any timer ran');
    await timers.advance(500);
    assert.deepEqual(saved(), [{ id: 'job-1', read: true }], 'what the first poll read, soon after');
    await timers.advance(5_000);
    model.untrack('job-1');
    assert.deepEqual(saved(), []);
    model.dispose();
  });

  it('saves a Refresh of many jobs once, and what is waiting when it leaves the scope', async () => {
    const timers = new FakeTimers();
    const store = new MemoryStore();
    const model = new AgentJobsModel({ store, timers, read: (_scope, id) => Promise.resolve(ok({ id, status: 'active' })) });
    model.setScope(A, 5_000);
    for (let i = 0; i < 200; i++) model.track(`job-${i}`);
    await timers.advance(5_000);
    assert.ok(
      model.jobs.every((tracked) => tracked.job),
      'every job was read',
    );
    assert.ok(store.updates <= 5, `200 tracked and read jobs saved ${store.updates} times`);
    const saved = () => (store.get<{ id: string; job?: unknown }[]>(scopeKey(A.origin, A.projectId)) ?? []).filter((entry) => entry.job);
    assert.equal(saved().length, 200);

    model.refreshAll();
    const before = store.updates;
    await timers.advance(0);
    model.untrack('job-0');
    // Leaving the scope at once saves what was waiting.
    model.setScope(B, 5_000);
    assert.equal(store.updates, before + 1);
    assert.equal(saved().length, 199);
    model.dispose();
  });

  it("never lets one job's answer touch another (issue 28, item 4)", async () => {
    const timers = new FakeTimers();
    const model = new AgentJobsModel({
      store: new MemoryStore(),
      timers,
      // A hostile server: asked for `mine`, it answers with `theirs`.
      read: (_scope, id) =>
        Promise.resolve(
          ok(id === 'mine' ? { id: 'theirs', status: 'completed', prLink: 'https://evil.example/pr' } : { id, status: 'active' }),
        ),
    });
    model.setScope(A, 5_000);
    model.track('mine', { id: 'mine', status: 'active' });
    model.track('theirs', { id: 'theirs', status: 'active' });
    await timers.advance(0);
    assert.equal(model.get('mine')?.job?.status, 'active', 'the answer about another job is not taken for this one');
    assert.equal(model.get('mine')?.polling.kind, 'offline');
    assert.match((model.get('mine')?.polling as { message: string }).message, /answered with agent job "theirs" when "mine" was asked for/);
    assert.equal(model.get('theirs')?.job?.prLink, undefined, 'nor does it change the other job');

    assert.equal(
      model.update('mine', { id: 'theirs', status: 'completed' }),
      false,
      'a follow-up answered with another job changes nothing',
    );
    assert.equal(model.get('theirs')?.job?.status, 'active');
    assert.equal(model.update('mine', { id: 'mine', status: 'active' }), true);

    assert.equal(model.trackStarted({ id: 'theirs', status: 'active' }, 'A new prompt'), false, 'a new job under a tracked id is refused');
    assert.equal(model.get('theirs')?.prompt, undefined, 'and the tracked one keeps what it had');
    assert.equal(model.trackStarted({ id: 'new', status: 'active' }, 'A new prompt'), true);
    assert.equal(model.get('new')?.prompt, 'A new prompt');
    model.dispose();
  });

  it('keeps polling a job whose read throws', async () => {
    const timers = new FakeTimers();
    let calls = 0;
    const model = new AgentJobsModel({
      store: new MemoryStore(),
      timers,
      read: async (_scope, id) => {
        if (++calls === 1) throw new Error('encodeURIComponent: URI malformed');
        return ok({ id, status: 'active' });
      },
    });
    model.setScope(A, 1_000);
    model.track('j');
    await timers.advance(0);
    assert.equal(model.get('j')?.polling.kind, 'offline');
    await timers.advance(10_000);
    assert.ok(calls >= 2, 'polled again');
    assert.equal(model.get('j')?.polling.kind, 'watching');
    model.dispose();
  });
  it('remembers what a job was started to fix, across a reload, and names it fixing only until it ends (issue 58, item 2)', async () => {
    const timers = new FakeTimers();
    const store = new MemoryStore();
    let status: AgentJob['status'] = 'active';
    const read = (_scope: JobScope, id: string) => Promise.resolve(ok<AgentJob>({ id, status }));
    const model = new AgentJobsModel({ store, timers, read });
    model.setScope(A, 5_000);
    const fixes = { keys: ['question:how do i rotate the admin key', 'search:rotate admin key'], label: '2 reader signals' };
    assert.equal(model.trackStarted({ id: 'job-fix', status: 'active' }, 'Improve the documentation…', fixes), true);
    assert.equal(model.fixing('search:rotate admin key')?.id, 'job-fix');
    assert.equal(model.fixing('page:guides/chat'), undefined);

    // Saved with the job: a new window knows what it fixes; a damaged entry is only the job.
    await timers.advance(1_000);
    const reloaded = new AgentJobsModel({ store, timers, read });
    reloaded.setScope(A, 5_000);
    assert.deepEqual(reloaded.get('job-fix')?.fixes, fixes);
    const key = scopeKey(A.origin, A.projectId);
    await store.update(key, [{ id: 'job-fix', fixes: { keys: 'not a list', label: 3 } }]);
    const damaged = new AgentJobsModel({ store, timers, read });
    damaged.setScope(A, 5_000);
    assert.equal(damaged.get('job-fix')?.fixes, undefined);

    status = 'completed';
    await timers.advance(60_000);
    assert.equal(model.get('job-fix')?.job?.status, 'completed');
    assert.equal(model.fixing('search:rotate admin key'), undefined, 'an ended job fixes nothing any more');
    for (const each of [model, reloaded, damaged]) each.dispose();
  });
});

describe('job notifications', () => {
  const active = {
    id: 'j',
    job: { id: 'j', status: 'active' as const, repository: 'https://github.com/acme/docs', ref: 'fix' },
    polling: { kind: 'watching' as const },
  };
  const ended = (status: 'completed' | 'failed' | 'archived', prLink: string | null = null) => ({
    ...active,
    job: { ...active.job, status, prLink },
    polling: { kind: 'ended' as const },
  });

  it('says when a watched job ends, and whether with a pull request', () => {
    assert.deepEqual(jobEndNotice({ id: 'j', before: active, after: ended('completed', 'https://github.com/acme/docs/pull/7') }, 'all'), {
      level: 'info',
      message: 'Agent job "acme/docs · fix" completed with a pull request.',
    });
    assert.deepEqual(jobEndNotice({ id: 'j', before: active, after: ended('failed') }, 'all'), {
      level: 'error',
      message: 'Agent job "acme/docs · fix" failed.',
    });
    assert.match(jobEndNotice({ id: 'j', before: active, after: ended('completed') }, 'all')!.message, /completed without changes/);
    assert.match(jobEndNotice({ id: 'j', before: active, after: ended('archived') }, 'all')!.message, /was archived/);
  });

  it('follows the setting, and says nothing of a job seen ended from the start', () => {
    assert.equal(jobEndNotice({ id: 'j', before: active, after: ended('completed', 'https://x.example/pr') }, 'failures'), undefined);
    assert.ok(jobEndNotice({ id: 'j', before: active, after: ended('failed') }, 'failures'));
    assert.equal(jobEndNotice({ id: 'j', before: active, after: ended('failed') }, 'off'), undefined);
    assert.equal(jobEndNotice({ id: 'j', after: ended('completed') }, 'all'), undefined);
    assert.equal(jobEndNotice({ id: 'j', before: ended('completed'), after: ended('completed') }, 'all'), undefined);
  });
});

describe('timers', () => {
  it('never hands Node a delay it would overflow (and fire after 1 ms)', async () => {
    let fired = false;
    const handle = realTimers.setTimeout(() => (fired = true), 3_000_000_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    realTimers.clearTimeout(handle);
    assert.equal(fired, false);
  });
});
