// Reviewing an agent job's change in VS Code, against a real repository: the workspace is a clone
// of a bare repository (test/runner/runVsCodeTests.ts) that the emulator's jobs push their
// branches to. Review Changes opens the multi-file diff of what the job changed; Check Out Branch
// switches to its branch; every dead end says its sentence.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import type { GitApi, GitRepository } from '../../src/git/vscode/gitApi';
import { ManualClock } from '../emulator/clock';
import type { PlatformEmulator } from '../emulator/emulator';
import { JobRepository } from '../emulator/jobRepository';
import { AGENT_EDITS, AGENT_REMOVES } from '../emulator/jobs';
import { until } from '../until';
import {
  activeEditor,
  agentJobsSuite,
  answeringWarnings,
  closeAllEditors,
  recordCommands,
  recordSurfaces,
  runAccepting,
  startJob,
} from './support';

interface ReviewSummary {
  readonly title: string;
  readonly files: readonly string[];
  readonly base: string;
  readonly head: string;
}

type Entry = [vscode.Uri, vscode.Uri | undefined, vscode.Uri | undefined];

describe("reviewing an agent job's change", () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  let clone: GitRepository;
  let origin: JobRepository;
  const clock = new ManualClock(Date.now());
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const tracked = (id: string) => api.trackedJobs().find((job) => job.id === id);
  const text = async (uri: vscode.Uri | undefined) => (uri ? (await vscode.workspace.openTextDocument(uri)).getText() : undefined);

  const suite = agentJobsSuite(clock);
  before(async () => {
    ({ emulator, api } = suite);
    const git = (await vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git')!.activate()).getAPI(1);
    clone = await until('the workspace repository', () => git.getRepository(folder()) ?? undefined, 20_000);
    const url = clone.state.remotes.find((remote) => remote.name === 'origin')?.fetchUrl;
    assert.ok(url, 'the workspace is a clone with an origin');
    origin = JobRepository.open(fileURLToPath(url));
    emulator.jobs.repository = origin;
  });
  afterEach(async () => {
    await closeAllEditors();
  });

  /** A job started from a prompt, completed: its branch holds the agent's commit. */
  async function completedJob(prompt: string): Promise<string> {
    const id = await startJob(prompt);
    clock.advance(61_000);
    await vscode.commands.executeCommand('docsAssistant.refreshAgentJobs');
    await until('completion', () => tracked(id)?.job?.status === 'completed', 15_000);
    return id;
  }

  it('opens the multi-file diff of exactly the files the job changed, each side as Git has it, and leaves the checkout alone', async () => {
    const id = await completedJob('Document the answer timeout');
    const head = clone.state.HEAD?.commit;
    const calls = recordCommands('vscode.changes');
    const surfaces = recordSurfaces();
    let summary: ReviewSummary | undefined;
    try {
      summary = await vscode.commands.executeCommand<ReviewSummary>('docsAssistant.reviewAgentJobChanges', id);
    } finally {
      calls.restore();
      surfaces.restore();
    }
    const page = 'docs/guides/document-the-answer-timeout.md';
    assert.deepEqual([...(summary?.files ?? [])].sort(), [AGENT_EDITS, page, AGENT_REMOVES].sort());
    assert.equal(summary?.base, 'origin/main');
    assert.equal(summary?.head, origin.head(tracked(id)!.job!.ref!));

    assert.equal(calls.made.length, 1);
    const [title, entries] = calls.made[0] as [string, Entry[]];
    assert.equal(title, `Agent job changes: Document the answer timeout (${id})`);
    const entry = (file: string) => entries.find(([resource]) => vscode.workspace.asRelativePath(resource, false) === file)!;
    const [, editedBefore, editedAfter] = entry(AGENT_EDITS);
    assert.equal(editedBefore?.scheme, 'git');
    assert.doesNotMatch((await text(editedBefore)) ?? '', /## Document the answer timeout/);
    assert.match((await text(editedAfter)) ?? '', /## Document the answer timeout\n/);
    const [, addedBefore, addedAfter] = entry(page);
    assert.equal(addedBefore, undefined, 'an added file has no side before');
    assert.equal(await text(addedAfter), '# Document the answer timeout\n\nWritten by the agent for: Document the answer timeout.\n');
    const [, removedBefore, removedAfter] = entry(AGENT_REMOVES);
    assert.equal(removedAfter, undefined, 'a removed file has no side after');
    assert.equal(await text(removedBefore), fs.readFileSync(vscode.Uri.joinPath(folder(), AGENT_REMOVES).fsPath, 'utf8'));

    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `${title} (3 files)`, 'the review is the active editor');
    const said = surfaces.shown.find((shown) => shown.surface === 'showInformationMessage');
    assert.match(
      said?.text ?? '',
      /^3 files changed by agent job "Document the answer timeout" on docs-agent\/job_\w+ \(.+\), against origin\/main\.$/,
    );
    assert.deepEqual(said?.actions, ['Send Follow-Up', 'Check Out Branch', 'Open Pull Request']);

    await clone.status();
    assert.equal(clone.state.HEAD?.name, 'main', 'the checkout is not touched');
    assert.equal(clone.state.HEAD?.commit, head);
    assert.equal(clone.state.workingTreeChanges.length + clone.state.indexChanges.length, 0, 'nor the working tree or the index');
  });

  it('shows a follow-up’s commit when the job completes again, in place of the earlier review', async () => {
    const id = await completedJob('Document retries');
    await vscode.commands.executeCommand('docsAssistant.reviewAgentJobChanges', id);
    await runAccepting('docsAssistant.sendAgentJobFollowUp', { jobId: id, prompt: 'Mention the maximum' });
    clock.advance(61_000);
    await until('completion again', () => tracked(id)?.job?.status === 'completed' && tracked(id)?.polling.kind === 'ended', 15_000);
    const calls = recordCommands('vscode.changes');
    try {
      await vscode.commands.executeCommand('docsAssistant.reviewAgentJobChanges', id);
    } finally {
      calls.restore();
    }
    const [, entries] = calls.made[0] as [string, Entry[]];
    const added = entries.find(([resource]) => resource.path.endsWith('docs/guides/document-retries.md'))!;
    assert.match((await text(added[2])) ?? '', /## Mention the maximum\n/);
    const reviews = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.label.startsWith('Agent job changes: Document retries'));
    assert.equal(reviews.length, 1, 'one review of the job is open');
  });

  it('shows a renamed file as one entry, from its old path to its new one', async () => {
    origin.commit('docs-agent/rename', { rename: { 'docs/guides/chat.md': 'docs/guides/asking.md' } }, 'Rename the chat guide');
    emulator.jobs.add({ id: 'job-rename', outcome: 'completed', runsForMs: 0, repository: origin.url, ref: 'docs-agent/rename' });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-rename');
    await until('the job', () => tracked('job-rename')?.job);
    const calls = recordCommands('vscode.changes');
    try {
      await vscode.commands.executeCommand('docsAssistant.reviewAgentJobChanges', 'job-rename');
    } finally {
      calls.restore();
    }
    const [, entries] = calls.made[0] as [string, Entry[]];
    assert.equal(entries.length, 1);
    const [resource, before, after] = entries[0];
    assert.equal(vscode.workspace.asRelativePath(resource, false), 'docs/guides/asking.md');
    assert.match(before?.query ?? '', /docs\/guides\/chat\.md/);
    assert.equal(await text(before), await text(after));
  });

  it('checks the branch out as a local branch tracking the remote one', async () => {
    const id = await completedJob('Document the proxy setting');
    const branch = tracked(id)!.job!.ref!;
    try {
      assert.equal(await vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', id), true);
      await until('HEAD on the branch', () => clone.state.HEAD?.name === branch, 10_000);
      assert.equal(clone.state.HEAD?.commit, origin.head(branch));
      assert.equal(clone.state.HEAD?.upstream?.remote, 'origin');
      assert.equal(clone.state.HEAD?.upstream?.name, branch);
      assert.match(fs.readFileSync(vscode.Uri.joinPath(folder(), AGENT_EDITS).fsPath, 'utf8'), /## Document the proxy setting\n/);
    } finally {
      await clone.checkout('main');
      await until('HEAD back on main', () => clone.state.HEAD?.name === 'main');
    }
  });

  it('checks out the local branch made before, and says when it is behind the agent’s newer work', async () => {
    const id = await completedJob('Document the log file');
    const branch = tracked(id)!.job!.ref!;
    const surfaces = recordSurfaces();
    try {
      assert.equal(await vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', id), true);
      await until('HEAD on the branch', () => clone.state.HEAD?.name === branch, 10_000);
      await clone.checkout('main');
      await runAccepting('docsAssistant.sendAgentJobFollowUp', { jobId: id, prompt: 'Say where it is' });
      clock.advance(61_000);
      await until('completion again', () => tracked(id)?.job?.status === 'completed' && tracked(id)?.polling.kind === 'ended', 15_000);
      await until('the job read again', () =>
        (origin.read(`refs/heads/${branch}`, 'docs/guides/document-the-log-file.md') ?? '').includes('Say where it is'),
      );
      assert.equal(await vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', id), true);
      await until('HEAD on the branch again', () => clone.state.HEAD?.name === branch, 10_000);
      const said = await until('the message that it is behind', () =>
        surfaces.shown.find((shown) => shown.surface === 'showInformationMessage' && /behind/.test(shown.text)),
      );
      assert.equal(
        said.text,
        `Checked out ${branch}, tracking origin/${branch}. It is 1 commit behind the agent's work: pull to bring it in.`,
      );
      assert.deepEqual(said.actions, ['Pull']);
    } finally {
      surfaces.restore();
      await clone.checkout('main');
      await until('HEAD back on main', () => clone.state.HEAD?.name === 'main');
    }
  });

  it('refuses to check out over uncommitted changes it would overwrite, and changes nothing', async () => {
    const id = await completedJob('Document the cache size');
    const file = vscode.Uri.joinPath(folder(), AGENT_EDITS).fsPath;
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `${original}\nMy own notes.\n`);
    const surfaces = recordSurfaces();
    try {
      assert.equal(await vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', id), false);
      const said = surfaces.shown.find((shown) => shown.surface === 'showWarningMessage');
      assert.match(
        said?.text ?? '',
        /^docs-agent\/job_\w+ was not checked out: it would overwrite your uncommitted changes to docs\/configuration\/settings\.md\. Commit or stash them, then check it out again\. Nothing was changed\.$/,
      );
      await clone.status();
      assert.equal(clone.state.HEAD?.name, 'main');
      assert.equal(fs.readFileSync(file, 'utf8'), `${original}\nMy own notes.\n`, 'the change is kept');
    } finally {
      surfaces.restore();
      fs.writeFileSync(file, original);
    }
  });

  /** Tracks a job the emulator has not been asked to start: its id only, no prompt. */
  async function trackedBranchJob(id: string, ref: string): Promise<void> {
    emulator.jobs.add({ id, outcome: 'completed', runsForMs: 0, repository: origin.url, ref });
    await vscode.commands.executeCommand('docsAssistant.trackAgentJob', id);
    await until('the job', () => tracked(id)?.job);
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder().fsPath, stdio: 'pipe', encoding: 'utf8' });

  it('refuses to check out over files git does not track, ignored ones too, names them, and changes nothing (issue 34, item 1)', async () => {
    const secret = vscode.Uri.joinPath(folder(), 'keys.local.json').fsPath;
    const draft = vscode.Uri.joinPath(folder(), 'notes', 'draft.md').fsPath;
    const mine = '{ "token": "the user\'s own secret" }\n';
    fs.writeFileSync(secret, mine);
    assert.equal(git('check-ignore', 'keys.local.json').trim(), 'keys.local.json', 'the secret is ignored, as a .env is');
    origin.commit(
      'docs-agent/config',
      { write: { 'keys.local.json': '{ "token": "placeholder" }\n', 'notes/draft.md': "The agent's draft.\n", 'docs/new.md': '# New\n' } },
      'Add a sample configuration',
    );
    await trackedBranchJob('job-config', 'docs-agent/config');
    const surfaces = recordSurfaces();
    const checkOut = () => vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', 'job-config');
    const warned = () => surfaces.shown.filter((shown) => shown.surface === 'showWarningMessage').map((shown) => shown.text);
    try {
      // Git itself would replace the ignored file without a word.
      assert.equal(await checkOut(), false);
      assert.deepEqual(warned(), [
        'docs-agent/config was not checked out: it has a file where you have one that git does not track (ignored or untracked), which checking it out would overwrite: keys.local.json. Move it out of the repository or rename it, check the branch out again, then bring back what you need. Nothing was changed.',
      ]);
      await clone.status();
      assert.equal(clone.state.HEAD?.name, 'main');
      assert.equal(fs.readFileSync(secret, 'utf8'), mine, 'the secret is kept');
      assert.equal(git('branch', '--list', 'docs-agent/config').trim(), '', 'no local branch was made');

      // An untracked file too: both named, before git is asked.
      fs.mkdirSync(path.dirname(draft), { recursive: true });
      fs.writeFileSync(draft, 'My draft.\n');
      assert.equal(await checkOut(), false);
      assert.equal(
        warned()[1],
        'docs-agent/config was not checked out: it has files where you have files that git does not track (ignored or untracked), which checking it out would overwrite: keys.local.json, notes/draft.md. Move them out of the repository or rename them, check the branch out again, then bring back what you need. Nothing was changed.',
      );
      assert.equal(fs.readFileSync(draft, 'utf8'), 'My draft.\n');

      // Moved aside as the message says, the branch checks out, and the user's files come back whole.
      fs.renameSync(secret, `${secret}.mine`);
      fs.renameSync(draft, `${draft}.mine`);
      assert.equal(await checkOut(), true);
      await until('HEAD on the branch', () => clone.state.HEAD?.name === 'docs-agent/config', 10_000);
    } finally {
      surfaces.restore();
      await clone.checkout('main');
      await until('HEAD back on main', () => clone.state.HEAD?.name === 'main');
      for (const file of [secret, draft]) if (fs.existsSync(`${file}.mine`)) fs.renameSync(`${file}.mine`, file);
    }
    assert.equal(fs.readFileSync(secret, 'utf8'), mine);
    fs.rmSync(secret);
    fs.rmSync(path.dirname(draft), { recursive: true });
  });

  it('looks the local branch up by its exact name, and never lets git read the name as a path (issue 34, item 2)', async () => {
    const file = vscode.Uri.joinPath(folder(), AGENT_EDITS).fsPath;
    const original = fs.readFileSync(file, 'utf8');
    git('branch', 'docs/draft');
    git('config', 'checkout.guess', 'false');
    fs.writeFileSync(file, `${original}\nMy unsaved notes.\n`);
    origin.commit('docs', { write: { 'docs/agent.md': '# Agent\n' } }, 'Agent');
    await trackedBranchJob('job-docs', 'docs');
    const surfaces = recordSurfaces();
    try {
      // `docs` cannot be made beside `docs/draft`, and git finds out only after writing the branch's files.
      assert.equal(await vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', 'job-docs'), false);
      const said = surfaces.shown.find((shown) => /^show(Information|Warning|Error)Message$/.test(shown.surface));
      assert.equal(
        said?.text,
        'docs was not checked out: your local branch docs/draft is in the way, since git cannot have a branch and a branch under it of the same name. Rename or delete docs/draft, then check the branch out again. Nothing was changed.',
      );
      assert.ok(!fs.existsSync(vscode.Uri.joinPath(folder(), 'docs', 'agent.md').fsPath), "none of the branch's files was written");
      assert.ok(!surfaces.shown.some((shown) => /Checked out/.test(shown.text)), 'never said to be checked out');
      await clone.status();
      assert.equal(clone.state.HEAD?.name, 'main');
      assert.equal(fs.readFileSync(file, 'utf8'), `${original}\nMy unsaved notes.\n`, 'the changes under docs/ are kept');
    } finally {
      surfaces.restore();
      git('config', '--unset', 'checkout.guess');
      git('branch', '-D', 'docs/draft');
      fs.writeFileSync(file, original);
      fs.rmSync(vscode.Uri.joinPath(folder(), 'docs', 'agent.md').fsPath, { force: true });
    }
  });

  it('never checks out a local branch of that name that tracks another remote, and offers a branch of its own (issue 40, item 3)', async () => {
    const branch = 'docs-agent/forked';
    origin.commit(branch, { write: { 'docs/forked.md': '# The agent’s work\n' } }, 'Agent');
    await trackedBranchJob('job-forked', branch);
    // The user's own branch of the same name, tracking their fork.
    const fork = fs.mkdtempSync(path.join(os.tmpdir(), 'fork-'));
    execFileSync('git', ['init', '--bare', '-q', fork]);
    git('remote', 'add', 'fork', fork);
    git('push', '-q', 'fork', `main:refs/heads/${branch}`);
    git('fetch', '-q', 'fork');
    git('branch', '--track', branch, `fork/${branch}`);
    const mine = git('rev-parse', branch).trim();
    await clone.status();
    try {
      const { result, asked } = await answeringWarnings(/was not checked out/, `Check Out as ${branch}-agent`, () =>
        vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', 'job-forked'),
      );
      assert.equal(result, false);
      assert.deepEqual(asked, [
        `${branch} was not checked out: your local branch ${branch} tracks fork/${branch}, not origin/${branch}, so it holds other work than the agent's. Check out the agent's work as ${branch}-agent instead, tracking origin/${branch}. Nothing was changed.`,
      ]);
      assert.equal(git('rev-parse', branch).trim(), mine, 'the user’s branch is left as it was');
      assert.equal(git('rev-parse', '--abbrev-ref', `${branch}@{upstream}`).trim(), `fork/${branch}`, 'and its upstream');
      // The button: the agent's work as a branch of its own, tracking the job's.
      await until('HEAD on the new branch', () => clone.state.HEAD?.name === `${branch}-agent`, 10_000);
      assert.equal(clone.state.HEAD?.commit, origin.head(branch));
      const upstream = () => git('for-each-ref', '--format=%(upstream:short)', `refs/heads/${branch}-agent`).trim();
      await until('the new branch tracking the job’s', () => upstream() === `origin/${branch}`);
    } finally {
      await clone.checkout('main');
      await until('HEAD back on main', () => clone.state.HEAD?.name === 'main');
      for (const local of [branch, `${branch}-agent`]) git('branch', '-D', local);
      git('remote', 'remove', 'fork');
      fs.rmSync(fork, { recursive: true, force: true });
    }
  });

  it('never checks out a local branch of that name that tracks nothing (a draft of the user’s), and offers a branch of its own (issue 46, item 4)', async () => {
    const branch = 'docs-agent/draft';
    origin.commit(branch, { write: { 'docs/draft.md': '# The agent’s work\n' } }, 'Agent');
    await trackedBranchJob('job-draft', branch);
    // The user's own draft of the same name, from main, tracking nothing.
    git('branch', '--no-track', branch, 'main');
    const mine = git('rev-parse', branch).trim();
    await clone.status();
    try {
      const { result, asked } = await answeringWarnings(/was not checked out/, `Check Out as ${branch}-agent`, () =>
        vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', 'job-draft'),
      );
      assert.equal(result, false);
      assert.deepEqual(asked, [
        `${branch} was not checked out: your local branch ${branch} tracks no branch, so it holds your own work, not the agent's, and pointing it at origin/${branch} would let a pull and a push mix the two. Check out the agent's work as ${branch}-agent instead, tracking origin/${branch}. Nothing was changed.`,
      ]);
      assert.equal(git('rev-parse', branch).trim(), mine, 'the draft is left as it was');
      assert.equal(git('for-each-ref', '--format=%(upstream:short)', `refs/heads/${branch}`).trim(), '', 'still tracking nothing');
      await until('HEAD on the new branch', () => clone.state.HEAD?.name === `${branch}-agent`, 10_000);
      assert.equal(clone.state.HEAD?.commit, origin.head(branch));
      const upstream = () => git('for-each-ref', '--format=%(upstream:short)', `refs/heads/${branch}-agent`).trim();
      await until('the new branch tracking the job’s', () => upstream() === `origin/${branch}`);
    } finally {
      await clone.checkout('main');
      await until('HEAD back on main', () => clone.state.HEAD?.name === 'main');
      for (const local of [branch, `${branch}-agent`]) git('branch', '-D', local);
    }
  });

  it('says each fact of a review once, for a job known by its id alone (issue 34, item 6)', async () => {
    origin.commit('docs-agent/by-id', { write: { 'docs/by-id.md': '# By id\n' } }, 'By id');
    await trackedBranchJob('job-by-id', 'docs-agent/by-id');
    const surfaces = recordSurfaces();
    try {
      await vscode.commands.executeCommand('docsAssistant.reviewAgentJobChanges', 'job-by-id');
      const said = await until('the review’s message', () => surfaces.shown.find((shown) => shown.surface === 'showInformationMessage'));
      assert.match(said.text, /^1 file changed by the agent on docs-agent\/by-id \([^)·]+\), against origin\/main\.$/);
    } finally {
      surfaces.restore();
    }
  });

  describe('says what it could not do, and what to do instead', () => {
    async function said(argument: string): Promise<{ text: string; actions: readonly string[] }> {
      const surfaces = recordSurfaces();
      try {
        await vscode.commands.executeCommand('docsAssistant.reviewAgentJobChanges', argument);
        return await until('a notification', () =>
          surfaces.shown.find((shown) => /^show(Information|Warning|Error)Message$/.test(shown.surface)),
        );
      } finally {
        surfaces.restore();
      }
    }

    it('a job of a repository the workspace has no clone of: Clone Repository or Open Pull Request', async () => {
      emulator.jobs.add({
        id: 'job-elsewhere',
        outcome: 'completed',
        runsForMs: 0,
        repository: 'https://github.com/acme/other',
        ref: 'fix',
      });
      await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-elsewhere');
      await until('the job', () => tracked('job-elsewhere')?.job);
      const message = await said('job-elsewhere');
      assert.equal(
        message.text,
        "No folder of this workspace is a clone of https://github.com/acme/other. Clone it to review the agent's changes in VS Code, or open the pull request.",
      );
      assert.deepEqual(message.actions, ['Clone Repository', 'Open Pull Request']);
    });

    it("a branch gone from the remote: git's own words, and Open Pull Request", async () => {
      const id = await completedJob('Document the log level');
      origin.deleteBranch(tracked(id)!.job!.ref!);
      const message = await said(id);
      assert.match(
        message.text,
        /^The branch docs-agent\/job_\w+ is not on origin: it may have been merged and deleted\. Git said: .*couldn't find remote ref/,
      );
      assert.deepEqual(message.actions, ['Open Pull Request']);
    });

    it('a branch the agent has not pushed yet, while it works', async () => {
      const id = await startJob('Document the colours');
      await until('the job', () => tracked(id)?.job);
      const message = await said(id);
      assert.match(message.text, /^The agent has not pushed docs-agent\/job_\w+ yet\. Review its changes once the job completes\.$/);
    });

    it('a branch name git could read as an option or a refspec: nothing is fetched, no local branch is touched', async () => {
      const head = clone.state.HEAD?.commit;
      for (const [id, ref] of [
        ['job-option', '--upload-pack=touch /tmp/docs-assistant-pwned; git-upload-pack'],
        ['job-refspec', '+refs/heads/docs-agent/rename:refs/heads/main'],
      ]) {
        emulator.jobs.add({ id, outcome: 'completed', runsForMs: 0, repository: origin.url, ref });
        await vscode.commands.executeCommand('docsAssistant.trackAgentJob', id);
        await until('the job', () => tracked(id)?.job);
        const message = await said(id);
        assert.match(message.text, /names no branch that can be fetched, so there is nothing to fetch\.$/, ref);
        assert.equal(await vscode.commands.executeCommand('docsAssistant.checkOutAgentJobBranch', id), false);
      }
      assert.ok(!fs.existsSync('/tmp/docs-assistant-pwned'));
      const main = await clone.getCommit('main');
      assert.equal(main.hash, head, 'the local main is where it was');
    });

    it('a branch with no change', async () => {
      origin.commit('docs-agent/nothing', {}, 'Nothing');
      emulator.jobs.add({ id: 'job-nothing', outcome: 'completed', runsForMs: 0, repository: origin.url, ref: 'docs-agent/nothing' });
      await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-nothing');
      await until('the job', () => tracked('job-nothing')?.job);
      const message = await said('job-nothing');
      assert.match(message.text, /^The branch docs-agent\/nothing has no change against origin\/main: the agent changed no file there\.$/);
    });
  });

  it('starts a failed job’s prompt again as a new draft, and the draft as a new job', async () => {
    emulator.jobs.createdOutcome = 'failed';
    try {
      const id = await startJob('Document the theme colours');
      clock.advance(61_000);
      await vscode.commands.executeCommand('docsAssistant.refreshAgentJobs');
      await until('failure', () => tracked(id)?.job?.status === 'failed', 15_000);
      const draft = await vscode.commands.executeCommand<vscode.Uri>('docsAssistant.startAgentJobAgain', id);
      assert.equal(draft?.scheme, 'untitled');
      const shown = await activeEditor('the draft', ({ document }) => document.uri.toString() === draft.toString());
      assert.equal(shown.document.getText(), 'Document the theme colours');
      const again = await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', draft);
      assert.match(again ?? '', /^job_/);
      assert.notEqual(again, id, 'a new job');
      assert.equal(emulator.jobs.prompts.at(-1)?.prompt, 'Document the theme colours');
    } finally {
      emulator.jobs.createdOutcome = 'completed';
    }
  });
});
