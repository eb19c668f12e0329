// The emulator's jobs on a real Git repository: a job that completes has pushed a commit to its
// branch (a page edited, one added, one removed), a follow-up adds one, and a job that changes
// nothing pushes nothing.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { JobRepository } from '../../emulator/jobRepository';
import { AGENT_EDITS, AGENT_REMOVES } from '../../emulator/jobs';
import { useHarness } from '../support';

describe('the emulator: agent jobs on a Git repository', () => {
  const h = useHarness();
  let repository: JobRepository;

  beforeEach(() => {
    repository = JobRepository.create(JobRepository.docsFiles());
    h.emulator.jobs.repository = repository;
  });
  afterEach(() => repository.remove());

  const changed = (from: string, to: string) =>
    execFileSync('git', ['--git-dir', repository.dir, 'diff', '--name-status', from, to], { encoding: 'utf8' }).trim().split('\n').sort();

  it('names the repository and a branch of its own, and pushes its change when it completes', async () => {
    const client = h.client();
    const created = await client.agentJobs.create('proj_demo', 'Document the answer timeout\n\nIt is 30 seconds.');
    assert.ok(created.ok);
    assert.equal(created.value.repository, repository.url);
    assert.equal(created.value.ref, `docs-agent/${created.value.id}`);
    assert.equal(repository.head(created.value.ref), undefined, 'nothing pushed while the agent works');

    h.clock.advance(61_000);
    const done = await client.agentJobs.read('proj_demo', created.value.id);
    assert.ok(done.ok);
    assert.equal(done.value.status, 'completed');
    assert.match(done.value.prLink ?? '', /^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/);
    const head = repository.head(created.value.ref);
    assert.ok(head);
    assert.deepEqual(changed('main', head), [`A\tdocs/guides/document-the-answer-timeout.md`, `D\t${AGENT_REMOVES}`, `M\t${AGENT_EDITS}`]);
    assert.match(repository.read(head, AGENT_EDITS) ?? '', /## Document the answer timeout\n/);

    // Read again, it pushes nothing more.
    assert.ok((await client.agentJobs.read('proj_demo', created.value.id)).ok);
    assert.equal(repository.head(created.value.ref), head);
  });

  it('adds a commit for a follow-up once the job completes again', async () => {
    const client = h.client();
    const created = await client.agentJobs.create('proj_demo', 'Document retries');
    assert.ok(created.ok);
    h.clock.advance(61_000);
    assert.ok((await client.agentJobs.read('proj_demo', created.value.id)).ok);
    const first = repository.head(created.value.ref!)!;
    assert.ok((await client.agentJobs.followUp('proj_demo', created.value.id, 'Mention the maximum')).ok);
    h.clock.advance(61_000);
    assert.ok((await client.agentJobs.read('proj_demo', created.value.id)).ok);
    const second = repository.head(created.value.ref!)!;
    assert.notEqual(second, first);
    assert.deepEqual(changed(first, second), ['M\tdocs/guides/document-retries.md']);
    assert.match(repository.read(second, 'docs/guides/document-retries.md') ?? '', /## Mention the maximum\n/);
  });

  it('pushes nothing for a job that completes without changes, and has no pull request', async () => {
    h.emulator.jobs.createdOutcome = 'completedWithoutChanges';
    const client = h.client();
    const created = await client.agentJobs.create('proj_demo', 'Check the links');
    assert.ok(created.ok);
    h.clock.advance(61_000);
    const done = await client.agentJobs.read('proj_demo', created.value.id);
    assert.ok(done.ok);
    assert.equal(done.value.prLink, null);
    assert.equal(repository.head(created.value.ref!), undefined);
  });

  it('renames and removes files on a branch of a test’s own', () => {
    const commit = repository.commit(
      'moves',
      { rename: { 'docs/guides/chat.md': 'docs/guides/asking.md' }, remove: ['docs/reference/commands.md'] },
      'Move',
    );
    assert.deepEqual(changed('main', commit), ['D\tdocs/reference/commands.md', 'R100\tdocs/guides/chat.md\tdocs/guides/asking.md']);
    repository.deleteBranch('moves');
    assert.equal(repository.head('moves'), undefined);
  });
});
