// From what readers could not find to a fix previewed as the site will show it (issue 58), in VS
// Code: the Reader Signals view, read when shown and on Refresh, a Load More at a time; Fix with the
// Docs Agent from a signal or a page, into a draft whose job remembers what it fixes; Preview on the
// Site for a job's branch, followed to its end, opened in the Simple Browser or its log read; and
// the tools that lend all of it to VS Code's agents. Readers' words stay inert everywhere.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { ManualClock } from '../emulator/clock';
import type { PlatformEmulator } from '../emulator/emulator';
import { PREVIEW_BUILD_MS, PREVIEW_QUEUED_MS } from '../emulator/previews';
import { activeEditor, agentJobsSuite, closeAllEditors, runAccepting, setUserSetting } from './support';
import { until } from '../until';

type Shown = ReturnType<DocsAssistantApi['readerSignalsView']>;

describe('reader signals, their fixes and previews', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  const clock = new ManualClock(Date.now());
  const suite = agentJobsSuite(clock);
  before(() => ({ emulator, api } = suite));
  afterEach(closeAllEditors);
  // Shown, the view reads whenever what it reads with changes: the suites after this one count
  // their requests, so the view is hidden after this one (it is collapsed until opened, by default).
  after(() => vscode.commands.executeCommand('docsAssistant.readerSignals.removeView'));

  const group = (shown: Shown, title: RegExp) => shown.groups.find((candidate) => title.test(candidate.label))?.rows ?? [];
  const questions = (shown: Shown) => group(shown, /^Questions/);
  /** The view once every group is read (not loading), after `action`. */
  async function loaded(action: () => Thenable<unknown>): Promise<Shown> {
    await action();
    return until('the groups read', () => {
      const shown = api.readerSignalsView();
      return shown.groups.length === 3 && shown.groups.every((row) => /^\d+$|^not loaded$/.test(row.description)) && shown;
    });
  }
  const refresh = () => loaded(() => vscode.commands.executeCommand('docsAssistant.refreshReaderSignals'));

  it('reads the three groups when the view is shown, for the period picked, and grows a group by one request per Load More', async () => {
    const shown = await loaded(() => vscode.commands.executeCommand('docsAssistant.readerSignals.focus'));
    assert.equal(shown.description, 'last 30 days');
    const [rotate] = questions(shown);
    assert.equal(rotate.label, 'How do I rotate the admin key?');
    assert.match(rotate.description, /^asked 3 times · (\d+ hours?|1 day) ago · from https:\/\/docs\.acme\.example\/guides\/agent-jobs$/);
    assert.deepEqual(
      group(shown, /^Searches/).map((row) => row.label),
      ['rotate admin key', 'webhook retries', 'proxy', 'Load More'],
    );
    const pages = group(shown, /^Pages/);
    assert.deepEqual(
      pages.map((row) => [row.label, row.description]),
      [
        ['guides/agent-jobs', '4 down of 6'],
        ['guides/chat', '1 down of 57'],
        ['reference/components', '1 down of 1'],
        // 64 entries in the month, 50 a request: the rest of the comments are behind the cursor.
        ['Load More', ''],
      ],
    );
    const reads = emulator.requestsFor('conversations').length;
    await vscode.commands.executeCommand('docsAssistant.loadMoreReaderSignals', 'question');
    const more = await until('the next page of questions', () => {
      const rows = questions(api.readerSignalsView());
      return rows.some((row) => row.label === 'Where is the changelog of the API?') && rows;
    });
    assert.equal(emulator.requestsFor('conversations').length, reads + 1, 'one request');
    assert.ok(!more.some((row) => row.label === 'Load More'), 'the end of the month');

    const week = await loaded(() => vscode.commands.executeCommand('docsAssistant.chooseReaderSignalsPeriod', 7));
    assert.equal(week.description, 'last 7 days');
    assert.deepEqual(
      questions(week).map((row) => row.label),
      ['How do I rotate the admin key?', 'Can the assistant answer in Japanese?', 'What is the retry limit of a webhook?'],
    );
    assert.equal((await refresh()).description, 'last 7 days', 'the period is kept');
    await loaded(() => vscode.commands.executeCommand('docsAssistant.chooseReaderSignalsPeriod', 30));
  });

  it('draws again only what changed: a group as it is read, and no row for a job or a set-up change that changes none', async () => {
    // Every row drawn again is a new element under the pointer: a click on a row's Fix with the
    // Docs Agent, pressed on one and released on the next, is lost.
    await refresh();
    const before = api.readerSignalsView().redrawn;
    const unrelated = () => api.trackedJobs().find((job) => job.id === 'job-unrelated');
    emulator.jobs.add({ id: 'job-unrelated', outcome: 'completed', runsForMs: 1_000 });
    try {
      await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-unrelated');
      await until('the first poll', () => unrelated()?.job);
      clock.advance(2_000);
      await until('the job completed', () => unrelated()?.job?.status === 'completed');
    } finally {
      await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-unrelated');
    }
    await setUserSetting('assistant.retrievalPageSize', 3);
    await setUserSetting('assistant.retrievalPageSize', undefined);
    assert.deepEqual(api.readerSignalsView().redrawn, before, 'nothing drawn again for a job and a setting that change no row');

    await loaded(() => vscode.commands.executeCommand('docsAssistant.loadMoreReaderSignals', 'search'));
    assert.deepEqual(api.readerSignalsView().redrawn, { ...before, search: before.search + 2 }, 'the searches, as they load and once read');
  });

  it('keeps readers’ words inert in every row and tooltip, and opens a question as its conversation, read-only', async () => {
    emulator.readers.conversations.unshift({
      ...emulator.readers.conversations[0],
      id: '01JH5T00000000000000000000',
      query: 'Why $(alert) [click](command:docsAssistant.setAdminKey)?',
      at: clock.now() - 60_000,
    });
    const shown = await refresh();
    const [hostile] = questions(shown);
    assert.equal(hostile.label, 'Why $\u2060(alert) [click]\u2060(command:docsAssistant.setAdminKey)?');
    assert.ok(hostile.tooltip.startsWith('Why $\u2060(alert) [click]\u2060(command:'));
    await vscode.commands.executeCommand('docsAssistant.openReaderSignal', (hostile.node as { signal: unknown }).signal);
    const editor = await activeEditor('the conversation', ({ document }) => document.uri.scheme === 'docs-assistant-text');
    assert.equal(editor.document.languageId, 'docs-assistant-text');
    const text = editor.document.getText();
    assert.match(text, /^Readers asked this 1 time; the assistant could not answer it\./);
    assert.match(
      text,
      /The whole conversation:\nReader:\n {4}Why \$\(alert\) \[click\]\(command:docsAssistant\.setAdminKey\)\?\nAssistant:\n/,
    );
    emulator.readers.conversations.shift();
  });

  it('says what helps for a key refused, a plan without analytics and a rate limit; a read-only key reads', async () => {
    const problem = async () => {
      const shown = await refresh();
      return { shown, row: questions(shown).at(-1) };
    };
    try {
      assert.equal(await runAccepting('docsAssistant.setAdminKey', emulator.config.readOnlyAdminKey), true);
      assert.ok(questions(await refresh()).length > 3, 'a read-only key reads');

      emulator.config.plan.analytics = false;
      const plan = await problem();
      assert.match(plan.row?.label ?? '', /^The admin key may not read this project's analytics: the project's plan may not include them/);
      emulator.config.plan.analytics = true;

      emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 600 }, { operation: 'conversations', times: 1 });
      const limited = await problem();
      assert.match(limited.row?.label ?? '', /rate limit was reached/);
      assert.equal(limited.row?.description, 'Try Again');

      assert.equal(await runAccepting('docsAssistant.setAdminKey', 'svc_not_the_key'), true);
      await vscode.commands.executeCommand('docsAssistant.refreshReaderSignals');
      // Refused, the key is what the set-up needs: the view shows nothing but why, above its welcome (Set Admin Key).
      await until('the view says the key was refused', () => {
        const shown = api.readerSignalsView();
        return shown.groups.length === 0 || /did not accept the admin key/.test(questions(shown).at(-1)?.label ?? '');
      });
    } finally {
      emulator.faults.clear();
      assert.equal(await runAccepting('docsAssistant.setAdminKey', emulator.config.adminKey), true);
    }
  });

  it('fixes a signal with the Docs Agent: a draft of what readers said, a job that remembers it, a row that says so', async () => {
    const shown = await refresh();
    const [rotate] = questions(shown);
    const [search] = group(shown, /^Searches/);
    assert.equal(await vscode.commands.executeCommand('docsAssistant.fixWithDocsAgent', rotate.node, [rotate.node, search.node]), true);
    const draft = await activeEditor(
      'the draft',
      ({ document }) => document.uri.scheme === 'untitled' && /^Improve the documentation/.test(document.getText()),
    );
    const prompt = draft.document.getText();
    assert.match(prompt, /### "How do I rotate the admin key\?"\n\nAsked 3 times/);
    assert.match(prompt, /- "rotate admin key": searched 14 times/);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', draft.document.uri);
    const titles = lenses.map((lens) => lens.command?.title ?? '');
    assert.ok(titles.includes('$(lightbulb) Fixes: 2 reader signals'), titles.join('\n'));
    assert.ok(titles.some((title) => /^\$\(credit-card\) Cost: an agent job spends your documentation platform's credits/.test(title)));

    const id = await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', draft.document.uri);
    assert.ok(id);
    assert.equal(emulator.jobs.prompts.at(-1)?.prompt, prompt, 'the draft as it was');
    const row = await until('the job’s row', () =>
      api.agentJobsView().rows.find((candidate) => /fixes 2 reader signals/.test(candidate.description)),
    );
    assert.match(row.description, /fixes 2 reader signals/);
    const fixing = await until('the signal being fixed', () =>
      questions(api.readerSignalsView()).find((candidate) => /being fixed by job/.test(candidate.description)),
    );
    assert.equal(fixing.label, 'How do I rotate the admin key?');

    clock.advance(61_000);
    await until('the job ended', () => api.trackedJobs().find((job) => job.id === id)?.job?.status === 'completed');
    await until(
      'the signal no longer being fixed',
      () => !questions(api.readerSignalsView()).some((candidate) => /being fixed/.test(candidate.description)),
    );
  });

  it('fixes a page with the Docs Agent from its editor, the selection as the passage readers had trouble with, and a search from its words', async () => {
    await vscode.commands.executeCommand('docsAssistant.openPage', 'guides/agent-jobs');
    const page = await activeEditor('the page', ({ document }) => document.uri.scheme === 'docs-assistant');
    page.selection = new vscode.Selection(2, 0, 3, 0);
    const passage = page.document.getText(page.selection);
    assert.equal(await vscode.commands.executeCommand('docsAssistant.fixWithDocsAgent', page.document.uri), true);
    const draft = await activeEditor(
      'the draft',
      ({ document }) => document.uri.scheme === 'untitled' && /^Improve the documentation page/.test(document.getText()),
    );
    assert.ok(
      draft.document
        .getText()
        .startsWith('Improve the documentation page `guides/agent-jobs`.\n\nReaders had trouble with this passage of it, quoted as data:'),
    );
    assert.ok(draft.document.getText().includes(passage.trim()));

    // From Search Docs, its words: what the search result's sparkle runs.
    assert.equal(await vscode.commands.executeCommand('docsAssistant.fixWithDocsAgent', { query: 'Rotate admin key?' }), true);
    const searched = await activeEditor(
      'the search’s draft',
      ({ document }) => document.uri.scheme === 'untitled' && /led nowhere/.test(document.getText()),
    );
    assert.match(searched.document.getText(), /## A search readers made that led nowhere\n\n- "Rotate admin key\?"\n$/);
  });

  it('previews a job’s branch on the site, follows it to its end, opens it in the Simple Browser, and reads a failed one’s log', async () => {
    emulator.jobs.add({ id: 'job-preview', outcome: 'staysActive', ref: 'docs-agent/retries', repository: 'https://github.com/acme/docs' });
    emulator.jobs.add({
      id: 'job-broken',
      outcome: 'staysActive',
      ref: 'docs-agent/fail-build',
      repository: 'https://github.com/acme/docs',
    });
    for (const id of ['job-preview', 'job-broken'])
      assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', id), true);
    await until('both jobs read', () =>
      ['job-preview', 'job-broken'].every((id) => api.trackedJobs().find((job) => job.id === id)?.job?.ref),
    );

    for (const id of ['job-preview', 'job-broken'])
      assert.ok(await vscode.commands.executeCommand<string>('docsAssistant.previewOnSite', id));
    assert.deepEqual(
      emulator.requestsFor('preview').map((request) => request.body),
      [{ branch: 'docs-agent/retries' }, { branch: 'docs-agent/fail-build' }],
    );
    clock.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    const rowOf = (label: RegExp) => api.agentJobsView().rows.find((row) => label.test(row.label));
    await until('the preview ready on the job’s row', () => /preview: ready/.test(rowOf(/job-preview|retries/)?.description ?? '')).catch(
      (e: Error) => {
        throw new Error(`${e.message}: ${JSON.stringify(api.agentJobsView().rows.map((r) => [r.label, r.description]))}`);
      },
    );
    await until('the failed preview on its row', () => /preview: failed/.test(rowOf(/job-broken|fail-build/)?.description ?? ''));

    const picks: vscode.QuickPick<vscode.QuickPickItem>[] = [];
    const window = vscode.window as { createQuickPick: <T extends vscode.QuickPickItem>() => vscode.QuickPick<T> };
    const original = window.createQuickPick;
    window.createQuickPick = <T extends vscode.QuickPickItem>() => {
      const pick = original.call<typeof vscode.window, [], vscode.QuickPick<T>>(vscode.window);
      picks.push(pick);
      return pick;
    };
    try {
      const opened = vscode.commands.executeCommand<boolean>('docsAssistant.openPreview', 'job-preview');
      const pick = await until('the pages the agent changed', () => picks[0]?.items.length > 0 && picks[0]);
      assert.deepEqual(
        pick.items.map((item) => item.label),
        ['docs/guides/agent-jobs.mdx', 'docs/guides/chat.mdx'],
      );
      assert.ok(
        pick.items.every((item) => item.buttons?.length === 1),
        'each also opens in the Markdown preview',
      );
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await opened, true);
    } finally {
      window.createQuickPick = original;
    }
    const browser = await until('the Simple Browser', () =>
      vscode.window.tabGroups.all
        .flatMap((tabs) => tabs.tabs)
        .find((tab) => tab.input instanceof vscode.TabInputWebview && /simpleBrowser/.test(tab.input.viewType)),
    );
    assert.ok(browser);

    assert.equal(await vscode.commands.executeCommand('docsAssistant.showPreviewLog', 'job-broken'), true);
    const log = await activeEditor('the log', ({ document }) => document.uri.scheme === 'docs-assistant-text');
    assert.match(log.document.getText(), /^The preview of docs-agent\/fail-build: failure\n\nBuild failed/);
  });

  it('refuses a preview in a sentence for a read-only key, and lends the signals and previews to VS Code’s agents', async () => {
    try {
      assert.equal(await runAccepting('docsAssistant.setAdminKey', emulator.config.readOnlyAdminKey), true);
      emulator.jobs.add({
        id: 'job-readonly',
        outcome: 'staysActive',
        ref: 'docs-agent/readonly',
        repository: 'https://github.com/acme/docs',
      });
      assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-readonly'), true);
      await until('the job read', () => api.trackedJobs().find((job) => job.id === 'job-readonly')?.job);
      assert.equal(await vscode.commands.executeCommand('docsAssistant.previewOnSite', 'job-readonly'), undefined);
      await until('the row says why', () =>
        /preview: not deployed/.test(api.agentJobsView().rows.find((row) => /readonly/.test(row.label))?.description ?? ''),
      );
    } finally {
      assert.equal(await runAccepting('docsAssistant.setAdminKey', emulator.config.adminKey), true);
    }
    const text = async (name: string, input: object) => {
      const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
      return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    };
    const signals = await text('docsAssistant_readReaderSignals', { kind: 'questions', days: 30, count: 2 });
    assert.match(signals, /^The questions readers asked that the documentation assistant could not answer, in the last 30 days follow/);
    assert.match(signals, /\n1\. question: "How do I rotate the admin key\?"\n {3}asked: 3 times/);
    // Starting one is confirmed in VS Code's own dialog (no chat here to show it in), which no test
    // here can answer: it is started as the command does, and the tool reads it by its statusId,
    // waiting (a while) for it to end.
    const statusId = await vscode.commands.executeCommand<string>('docsAssistant.previewOnSite', { branch: 'docs-agent/tool' });
    assert.ok(statusId);
    const preview = text('docsAssistant_previewBranch', { branch: 'docs-agent/tool', statusId });
    clock.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    assert.match(
      await preview,
      /^The preview deployment of branch "docs-agent\/tool" \(statusId "[^"]+"\) is "success"\.\n.*\nBEGIN PREVIEW (\S+)\nsummary: "[^"\n]+"\naddress: "http:\/\/127\.0\.0\.1:\d+\/previews\/[^"]+"\n/,
    );
  });
});

describe('the Docs agent, for VS Code’s own agents', () => {
  it('is contributed where VS Code loads custom agents from extensions (1.139; 1.99 has no such contribution)', async function () {
    // An internal command of VS Code's: the prompt files, agents among them, that extensions contribute.
    if (!(await vscode.commands.getCommands(false)).includes('_listExtensionPromptFiles')) return this.skip();
    const files =
      await vscode.commands.executeCommand<{ uri: { path: string }; type: string; extensionId: string }[]>('_listExtensionPromptFiles');
    const ours = files.filter((file) => file.extensionId.toLowerCase() === 'docs-assistant.docs-assistant');
    assert.deepEqual(
      ours.map((file) => [file.type, file.uri.path.replace(/^.*\/agents\//, 'agents/')]),
      [['agent', 'agents/docs.agent.md']],
    );
  });
});
