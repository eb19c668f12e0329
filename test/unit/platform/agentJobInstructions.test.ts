// Starting an agent job and sending it a follow-up: the client's two calls against the emulator.

import * as assert from 'node:assert/strict';
import { MAX_PROMPT_BYTES } from '../../../src/platform/agentJob';
import { arm, expectError, useHarness } from '../support';

describe('agent job instructions: create and follow up', () => {
  const h = useHarness();

  it('creates a job with the admin key and {prompt}: 201 with the job, active', async () => {
    const result = await h.client().agentJobs.create('proj_demo', 'Document the retry option.');
    assert.ok(result.ok);
    assert.equal(result.value.status, 'active');
    assert.match(result.value.id, /^job_/);
    const [request] = h.emulator.requestsFor('createJob');
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/v2/agent/proj_demo/job');
    assert.equal(request.headers.authorization, `Bearer ${h.emulator.config.adminKey}`);
    assert.deepEqual(request.body, { prompt: 'Document the retry option.' });
    assert.deepEqual(h.emulator.jobs.prompts, [{ kind: 'create', jobId: result.value.id, prompt: 'Document the retry option.' }]);
  });

  it('a 400 is an invalid request with the server words, and is not sent again', async () => {
    arm(
      h.emulator,
      { kind: 'status', status: 400, body: JSON.stringify({ error: 'prompt mentions an unknown repository' }) },
      { operation: 'createJob' },
    );
    const error = expectError(await h.client().agentJobs.create('proj_demo', 'x'), 'invalidRequest');
    assert.match(error.message, /refused the request as invalid\. The server said: "prompt mentions an unknown repository"/);
    assert.equal(h.emulator.requestsFor('createJob').length, 1);
  });

  it('a 429 past the hourly limit of jobs and follow-ups says when to try again, and is not retried', async () => {
    h.emulator.config.limits.jobInstructionsPerHour = 1;
    const client = h.client();
    assert.ok((await client.agentJobs.create('proj_demo', 'first')).ok);
    const error = expectError(await client.agentJobs.create('proj_demo', 'second'), 'rateLimited');
    assert.match(error.message, /Try again in \d+ minutes?/);
    assert.deepEqual(h.delays, [], 'nothing waited out silently');
    assert.equal(h.emulator.requestsFor('createJob').length, 2);
  });

  it('a connection dropped after sending never starts the job twice', async () => {
    arm(h.emulator, { kind: 'resetConnection' }, { operation: 'createJob' });
    expectError(await h.client().agentJobs.create('proj_demo', 'once'), 'network');
    assert.equal(h.emulator.requestsFor('createJob').length, 1);
    assert.deepEqual(h.delays, []);
  });

  it('refuses an empty prompt, or one over the limit, before sending', async () => {
    const client = h.client();
    assert.match(expectError(await client.agentJobs.create('proj_demo', '   '), 'invalidRequest').message, /The prompt is empty/);
    const big = 'x'.repeat(MAX_PROMPT_BYTES + 1);
    assert.match(
      expectError(await client.agentJobs.create('proj_demo', big), 'invalidRequest').message,
      /The prompt is 100\.0 KB|The prompt is 100 KB/,
    );
    assert.ok(
      (await client.agentJobs.create('proj_demo', 'é'.repeat(MAX_PROMPT_BYTES / 2))).ok,
      'counted in bytes: exactly the limit is fine',
    );
    assert.equal(h.emulator.requestsFor('createJob').length, 1);
  });

  it('a follow-up sets an ended job working again; the answer is the job', async () => {
    const client = h.client();
    const created = await client.agentJobs.create('proj_demo', 'start');
    assert.ok(created.ok);
    h.clock.advance(61_000);
    const ended = await client.agentJobs.read('proj_demo', created.value.id);
    assert.ok(ended.ok && ended.value.status === 'completed' && ended.value.prLink);
    const followed = await client.agentJobs.followUp('proj_demo', created.value.id, 'Also fix the typo in the heading.');
    assert.ok(followed.ok);
    assert.equal(followed.value.status, 'active');
    const [request] = h.emulator.requestsFor('jobFollowUp');
    assert.equal(request.path, `/v2/agent/proj_demo/job/${created.value.id}/message`);
    assert.deepEqual(request.body, { prompt: 'Also fix the typo in the heading.' });
  });

  it('a follow-up answered with another job is a badResponse, and touches no job (issue 28, item 4)', async () => {
    const other = {
      id: 'job-other',
      status: 'completed',
      source: { repository: 'https://github.com/acme/docs' },
      prLink: 'https://evil.example/pr',
    };
    arm(h.emulator, { kind: 'status', status: 200, body: JSON.stringify(other) }, { operation: 'jobFollowUp' });
    const error = expectError(await h.client().agentJobs.followUp('proj_demo', 'job-asked', 'more'), 'badResponse');
    assert.match(error.message, /answered with agent job "job-other" when "job-asked" was asked for/);
  });

  it('a follow-up to a job the platform does not know is notFound, in words', async () => {
    const error = expectError(await h.client().agentJobs.followUp('proj_demo', 'job-gone', 'hello?'), 'notFound');
    assert.match(error.message, /No agent job "job-gone" was found/);
  });
});
