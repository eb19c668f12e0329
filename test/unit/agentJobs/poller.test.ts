import * as assert from 'node:assert/strict';
import { AgentJobPoller } from '../../../src/agentJobs/poller';
import type { AgentJob, AgentJobStatus } from '../../../src/platform/agentJob';
import { fail, ok, platformError, type PlatformError, type Result } from '../../../src/platform/errors';
import { FakeTimers } from '../fakeTimers';

const job = (id: string, status: AgentJobStatus, prLink: string | null = null): AgentJob => ({ id, status, prLink });

interface Harness {
  timers: FakeTimers;
  poller: AgentJobPoller;
  /** Poll times per job id. */
  polls: Map<string, number[]>;
  /** Whether each poll was background work, in order, per job id. */
  background: Map<string, boolean[]>;
  /** What the next read of a job answers; the default is "still active". */
  answers: Map<string, (Result<AgentJob> | Promise<Result<AgentJob>>)[]>;
}

function harness(options: { maxInFlight?: number } = {}): Harness {
  const timers = new FakeTimers();
  const polls = new Map<string, number[]>();
  const background = new Map<string, boolean[]>();
  const answers = new Map<string, (Result<AgentJob> | Promise<Result<AgentJob>>)[]>();
  const poller = new AgentJobPoller({
    timers,
    firstIntervalMs: 5_000,
    maxIntervalMs: 60_000,
    random: () => 0.5,
    ...options,
    read: async (id, _signal, inBackground) => {
      polls.set(id, [...(polls.get(id) ?? []), timers.now()]);
      background.set(id, [...(background.get(id) ?? []), inBackground]);
      return (await answers.get(id)?.shift()) ?? ok(job(id, 'active'));
    },
  });
  return { timers, poller, polls, background, answers };
}

const error = (kind: PlatformError['kind'], extra: Partial<PlatformError> = {}) =>
  fail<AgentJob>(platformError(kind, `A ${kind} error.`, extra));

describe('agent job poller', () => {
  it('polls an active job at once, then at the interval, growing up to the ceiling', async () => {
    const h = harness();
    h.poller.track('a');
    await h.timers.advance(400_000);
    const times = h.polls.get('a')!;
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    assert.equal(times[0], 0);
    assert.deepEqual(gaps.slice(0, 5), [5_000, 7_500, 11_250, 16_875, 25_312.5]);
    assert.ok(gaps.every((gap) => gap <= 60_000));
    assert.equal(gaps[gaps.length - 1], 60_000);
  });

  it('stops at completed, archived or failed, and then nothing is scheduled at all', async () => {
    const h = harness();
    h.answers.set('a', [ok(job('a', 'active')), ok(job('a', 'completed', 'https://github.com/acme/docs/pull/1'))]);
    h.answers.set('b', [ok(job('b', 'failed'))]);
    h.answers.set('c', [ok(job('c', 'archived'))]);
    for (const id of ['a', 'b', 'c']) h.poller.track(id);
    await h.timers.advance(600_000);
    assert.deepEqual(
      [...h.polls].map(([id, times]) => [id, times.length]),
      [
        ['a', 2],
        ['b', 1],
        ['c', 1],
      ],
    );
    assert.equal(h.poller.get('a')?.job?.prLink, 'https://github.com/acme/docs/pull/1');
    assert.deepEqual(
      h.poller.jobs.map((tracked) => tracked.polling.kind),
      ['ended', 'ended', 'ended'],
    );
    assert.equal(h.timers.pending, 0, 'no timer runs when no job is active');
  });

  it('never fetches a job restored as ended, and tracks a job once however often it is added', async () => {
    const h = harness();
    h.poller.track('done', job('done', 'completed'));
    h.poller.track('a');
    h.poller.track('a');
    await h.timers.advance(1_000);
    assert.equal(h.polls.get('done'), undefined);
    assert.equal(h.polls.get('a')?.length, 1);
    assert.equal(h.poller.jobs.length, 2);
  });

  it('stops polling a job that is untracked', async () => {
    const h = harness();
    h.poller.track('a');
    await h.timers.advance(6_000);
    h.poller.untrack('a');
    await h.timers.advance(100_000);
    assert.equal(h.polls.get('a')?.length, 2);
    assert.equal(h.timers.pending, 0);
  });

  it('stops at 404 and says not found', async () => {
    const h = harness();
    h.answers.set('gone', [error('notFound')]);
    h.poller.track('gone');
    await h.timers.advance(100_000);
    assert.equal(h.polls.get('gone')?.length, 1);
    assert.equal(h.poller.get('gone')?.polling.kind, 'notFound');
  });

  it('pauses all polling on 401 or 403 until resumed', async () => {
    const h = harness();
    h.answers.set('a', [error('unauthorized', { setting: 'adminKey', status: 401 })]);
    h.poller.track('a');
    h.poller.track('b');
    await h.timers.advance(100_000);
    assert.equal(h.polls.get('a')?.length, 1);
    assert.equal(h.polls.get('b')?.length, 1, 'b was polled together with a, then nothing more');
    assert.equal(h.poller.paused?.kind, 'unauthorized');
    assert.equal(h.poller.get('a')?.polling.kind, 'error');
    h.poller.resume();
    await h.timers.advance(1);
    assert.equal(h.polls.get('a')?.length, 2);
    assert.equal(h.poller.paused, undefined);
  });

  it('pauses all polling on what only the user can get past (a proxy’s sign-in dismissed), until they act (issue 46, item 7)', async () => {
    const h = harness();
    h.answers.set('a', [error('network', { network: 'proxyCredentials', waitsForUser: true })]);
    h.poller.track('a', undefined, { asked: true });
    h.poller.track('b');
    await h.timers.advance(300_000);
    assert.equal(h.polls.get('a')!.length, 1);
    assert.ok((h.polls.get('b')?.length ?? 0) <= 1, 'the other job waits too');
    assert.equal(h.poller.paused?.waitsForUser, true);
    assert.deepEqual(h.poller.get('a')!.polling, { kind: 'error', message: 'A network error.', error: h.poller.paused });
    h.poller.refreshAll();
    await h.timers.advance(1);
    assert.equal(h.polls.get('a')!.length, 2);
    assert.equal(h.poller.paused, undefined);
  });

  it('says which polls the user asked for (tracking, Refresh) and which are background work (issue 46, item 7)', async () => {
    const h = harness();
    h.poller.track('a', undefined, { asked: true });
    h.poller.track('b');
    await h.timers.advance(20_000);
    assert.deepEqual(h.background.get('a'), [false, true, true]);
    assert.deepEqual(h.background.get('b'), [true, true, true]);
    h.poller.refreshAll();
    await h.timers.advance(1);
    assert.equal(h.background.get('a')!.at(-1), false);
    assert.equal(h.background.get('b')!.at(-1), false);
  });

  it('on 429 every job waits for Retry-After', async () => {
    const h = harness();
    h.poller.track('a');
    await h.timers.advance(1);
    h.answers.set('a', [error('rateLimited', { retryAfterMs: 30_000 })]);
    h.poller.track('b');
    await h.timers.advance(5_000);
    const before = [h.polls.get('a')!.length, h.polls.get('b')!.length];
    await h.timers.advance(29_000);
    assert.deepEqual([h.polls.get('a')!.length, h.polls.get('b')!.length], before, 'nothing is polled while the limit lasts');
    await h.timers.advance(2_000);
    assert.ok(h.polls.get('a')!.length > before[0] && h.polls.get('b')!.length > before[1]);
  });

  it('on network errors backs off and says offline, then recovers', async () => {
    const h = harness();
    h.answers.set('a', [error('network'), error('network'), error('network')]);
    h.poller.track('a');
    await h.timers.advance(1);
    assert.equal(h.poller.get('a')?.polling.kind, 'offline');
    await h.timers.advance(120_000);
    const times = h.polls.get('a')!;
    const gaps = times.slice(1, 4).map((t, i) => t - times[i]);
    assert.ok(gaps[1] > gaps[0] && gaps[2] > gaps[1], `gaps grow: ${gaps.join(', ')}`);
    assert.equal(h.poller.get('a')?.polling.kind, 'watching');
  });

  it('slows down while the window is not focused and catches up at once when it is', async () => {
    const h = harness();
    h.poller.track('a');
    await h.timers.advance(1);
    h.poller.setFocused(false);
    await h.timers.advance(5_000);
    await h.timers.advance(15_000);
    const unfocused = h.polls.get('a')!.length;
    assert.equal(unfocused, 2, 'the second poll came 5 s after the first, the third is four times further off');
    h.poller.setFocused(true);
    await h.timers.advance(1);
    assert.equal(h.polls.get('a')!.length, 3, 'focus brings the overdue poll forward at once');
  });

  it('never has two requests in flight for one job, nor more than the global limit', async () => {
    const h = harness({ maxInFlight: 3 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let peak = 0;
    for (let i = 0; i < 10; i++) {
      const id = `j${i}`;
      h.answers.set(id, [gate.then(() => ok(job(id, 'active')))]);
      h.poller.track(id);
    }
    const watchPeak = h.poller.onDidChange(() => (peak = Math.max(peak, h.poller.requestsInFlight)));
    await h.timers.advance(1);
    assert.equal(h.poller.requestsInFlight, 3);
    await h.timers.advance(60_000);
    assert.equal(h.poller.requestsInFlight, 3, 'slow requests hold their places; no job is asked twice');
    assert.ok([...h.polls.values()].every((times) => times.length <= 1));
    release();
    await h.timers.advance(60_000);
    assert.ok(
      [...h.polls.values()].every((times) => times.length >= 1),
      'every job got its turn',
    );
    assert.ok(peak <= 3);
    watchPeak.dispose();
  });

  it('polls every unfinished job at once on refresh', async () => {
    const h = harness();
    h.answers.set('done', [ok(job('done', 'completed'))]);
    h.poller.track('a');
    h.poller.track('done');
    await h.timers.advance(1);
    h.poller.refreshAll();
    await h.timers.advance(1);
    assert.equal(h.polls.get('a')?.length, 2);
    assert.equal(h.polls.get('done')?.length, 1);
  });

  it('a job fresh from the platform waits one interval before its first poll, and keeps its prompt', async () => {
    const h = harness();
    h.poller.track('j', job('j', 'active'), { prompt: 'Document X', fresh: true });
    await h.timers.advance(4_999);
    assert.equal(h.polls.get('j'), undefined);
    await h.timers.advance(1);
    assert.deepEqual(h.polls.get('j'), [5_000]);
    assert.equal(h.poller.get('j')?.prompt, 'Document X', 'the prompt survives a poll');
  });

  it('an ended job updated after a follow-up is polled again until it ends again', async () => {
    const h = harness();
    h.answers.set('j', [ok(job('j', 'completed'))]);
    h.poller.track('j');
    await h.timers.advance(0);
    assert.equal(h.poller.get('j')?.polling.kind, 'ended');
    h.poller.update(job('j', 'active'));
    assert.equal(h.poller.get('j')?.job?.status, 'active');
    assert.equal(h.poller.get('j')?.polling.kind, 'watching');
    h.answers.set('j', [ok(job('j', 'completed', 'https://github.com/a/b/pull/2'))]);
    await h.timers.advance(5_000);
    assert.equal(h.polls.get('j')?.length, 2);
    assert.equal(h.poller.get('j')?.job?.prLink, 'https://github.com/a/b/pull/2');
    await h.timers.advance(600_000);
    assert.equal(h.polls.get('j')?.length, 2, 'ended again: no more polls');
  });
});
