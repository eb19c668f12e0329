// A preview deployment followed after it was started (issue 58, item 3): at a gentle pace that backs
// off (3 s, half again each time, at most 30 s), one request at a time, until it ends; never again
// after; a moment's trouble is asked again later, a lasting one is said; a branch triggered once at a
// time, never a sixth in a minute, and a build that never ends left after half an hour. The requests themselves are
// the client's (test/unit/platform/analytics.test.ts): here the platform is a script.

import * as assert from 'node:assert/strict';
import { FIRST_FOLLOW_MS, GIVE_UP_AFTER_MS, MAX_FOLLOW_MS, Previews } from '../../../src/agentJobs/previews';
import type { Deployment, DeploymentStatus, PreviewTriggered } from '../../../src/platform/deployments';
import { fail, ok, platformError, type Result } from '../../../src/platform/errors';
import { FakeTimers } from '../fakeTimers';

const deployment = (status: DeploymentStatus): Deployment => ({ statusId: 'st_1', status, logs: [], filesChanged: ['docs/a.mdx'] });

/** A platform that answers each status read with the next of `answers` (the last one again at the end). */
function scripted(timers: FakeTimers, answers: Result<Deployment>[]) {
  const reads: number[] = [];
  let running = 0;
  const previews = new Previews({
    timers,
    status: async () => {
      reads.push(timers.now());
      running++;
      assert.equal(running, 1, 'one request at a time');
      await Promise.resolve();
      running--;
      return answers[Math.min(reads.length - 1, answers.length - 1)];
    },
  });
  const trigger = () => Promise.resolve(ok({ statusId: 'st_1', previewUrl: 'https://preview.example/st_1' }));
  return { previews, reads, trigger };
}

describe('preview deployments, followed', () => {
  it('follows a preview from queued to success at a pace that backs off, then never asks again', async () => {
    const timers = new FakeTimers();
    const answers = [
      ...Array.from({ length: 7 }, () => ok(deployment('queued'))),
      ok(deployment('in_progress')),
      ok(deployment('success')),
    ];
    const { previews, reads, trigger } = scripted(timers, answers);
    const states: string[] = [];
    previews.onDidChange(() => states.push(previews.get('docs-agent/retries')?.kind ?? 'none'));
    assert.ok((await previews.start('docs-agent/retries', trigger)).ok);
    await timers.advance(10 * 60_000);
    assert.deepEqual(
      reads.map((at, index) => at - (reads[index - 1] ?? 0)),
      [FIRST_FOLLOW_MS, 4_500, 6_750, 10_125, 15_188, 22_782, MAX_FOLLOW_MS, MAX_FOLLOW_MS, MAX_FOLLOW_MS],
    );
    const ended = previews.get('docs-agent/retries');
    assert.equal(ended?.kind, 'ended');
    assert.equal(ended.deployment.status, 'success');
    assert.deepEqual(states.slice(0, 2), ['starting', 'following']);
    assert.equal(states.at(-1), 'ended');
    assert.equal(timers.pending, 0, 'an ended preview is not followed');
  });

  it('asks again after a moment’s trouble, and says a lasting one', async () => {
    const timers = new FakeTimers();
    const busy = fail(platformError('serverError', 'The platform is busy.', { status: 503 }));
    const gone = fail(platformError('notFound', 'The platform no longer knows deployment "st_1".', { status: 404 }));
    const { previews, reads, trigger } = scripted(timers, [busy, ok(deployment('queued')), gone]);
    await previews.start('main', trigger);
    await timers.advance(FIRST_FOLLOW_MS);
    assert.equal(previews.get('main')?.kind, 'following', 'a 503 is asked again later');
    await timers.advance(10 * 60_000);
    const failed = previews.get('main');
    assert.equal(failed?.kind, 'failed');
    assert.match(failed.error.message, /no longer knows deployment/);
    assert.equal(reads.length, 3);
    assert.equal(timers.pending, 0);
  });

  it('follows one preview of a branch at a time, says a preview that could not start, and tells a waiter when it ends', async () => {
    const timers = new FakeTimers();
    const { previews, reads, trigger } = scripted(timers, [ok(deployment('queued')), ok(deployment('success'))]);
    await previews.start('main', trigger);
    await previews.start('main', trigger);
    assert.equal(timers.pending, 1, 'one follower for the branch');
    const refused = await previews.start('other', () => Promise.resolve(fail(platformError('forbidden', 'No previews on this plan.'))));
    assert.equal(refused.ok, false);
    assert.equal(previews.get('other')?.kind, 'failed');
    const settled = previews.settled('main', new AbortController().signal);
    await timers.advance(60_000);
    assert.equal((await settled)?.kind, 'ended');
    assert.equal(reads.length, 2);
    previews.dispose();
  });

  it('triggers a branch once while it is started or followed, and never a sixth in a minute from here (issue 58, item 3)', async () => {
    const timers = new FakeTimers();
    const { previews } = scripted(timers, [ok(deployment('queued'))]);
    let triggers = 0;
    let answer: (value: Result<PreviewTriggered>) => void = () => undefined;
    const slow = () => {
      triggers++;
      return new Promise<Result<PreviewTriggered>>((resolve) => (answer = resolve));
    };
    const first = previews.start('main', slow);
    const second = previews.start('main', slow);
    answer(ok({ statusId: 'st_1' }));
    assert.deepEqual([await first, await second], [ok({ statusId: 'st_1' }), ok({ statusId: 'st_1' })]);
    assert.ok((await previews.start('main', slow)).ok, 'followed: read, not triggered again');
    assert.equal(triggers, 1);

    const quick = () => (triggers++, Promise.resolve(ok({ statusId: `st_${triggers}` })));
    for (const branch of ['b1', 'b2', 'b3', 'b4']) assert.ok((await previews.start(branch, quick)).ok);
    const sixth = await previews.start('b5', quick);
    assert.equal(sixth.ok, false);
    assert.equal(sixth.error.kind, 'rateLimited');
    assert.match(sixth.error.message, /^Five previews were deployed from here in the last minute.*try again in 60 s\.$/);
    assert.equal(triggers, 5, 'the sixth never left');
    await timers.advance(60_000);
    assert.ok((await previews.start('b5', quick)).ok, 'a minute on, it goes');
    previews.dispose();
  });

  it('leaves a preview that never ends after half an hour, saying so', async () => {
    const timers = new FakeTimers();
    const { previews, reads, trigger } = scripted(timers, [ok(deployment('in_progress'))]);
    await previews.start('main', trigger);
    await timers.advance(GIVE_UP_AFTER_MS + 2 * MAX_FOLLOW_MS);
    const left = previews.get('main');
    assert.equal(left?.kind, 'failed');
    assert.match(left.error.message, /has not finished after half an hour/);
    assert.equal(timers.pending, 0);
    const asked = reads.length;
    await timers.advance(10 * 60_000);
    assert.equal(reads.length, asked);
  });
});
