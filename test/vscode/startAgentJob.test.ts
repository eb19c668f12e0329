// Agent jobs started from the editor: the prompt the user sees and edits is exactly what reaches
// the platform; Git changes come through VS Code's Git extension; a refused prompt is kept; a
// follow-up sets an ended job working, and polled, again.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { ManualClock } from '../emulator/clock';
import type { PlatformEmulator } from '../emulator/emulator';
import {
  agentJobsSuite,
  closeAllEditors,
  draftEditor,
  recordSurfaces,
  runAccepting,
  runDismissing,
  startDraft,
  startJob,
  updateSetting,
} from './support';
import { until } from '../until';

describe('agent jobs from the editor', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  const clock = new ManualClock(Date.now());
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const tracked = (id: string) => api.trackedJobs().find((job) => job.id === id);

  const suite = agentJobsSuite(clock);
  before(() => ({ emulator, api } = suite));
  beforeEach(() => emulator.reset());
  afterEach(async () => {
    await closeAllEditors();
  });
  after(() => fs.writeFileSync(vscode.Uri.joinPath(folder(), 'src', 'retry.ts').fsPath, 'export const retries = 3;\n'));

  async function openWithSelection(file: string, line: number): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), file));
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(line, 0, line, document.lineAt(line).text.length);
    return editor;
  }

  it('starts a job about a selection: the prompt shown in an editor, as edited, is what the platform gets', async () => {
    await openWithSelection('src/retry.ts', 0);
    const opened = await vscode.commands.executeCommand('docsAssistant.startAgentJob', {
      instruction: 'Document the retries setting.',
      attach: ['selection'],
    });
    assert.equal(opened, undefined, 'no job yet: the prompt is shown first');
    assert.equal(emulator.requestsFor('createJob').length, 0, 'nothing sent');
    const draft = await draftEditor('Document the retries setting.');
    assert.equal(draft.document.uri.scheme, 'untitled');
    assert.equal(draft.document.languageId, 'markdown');
    assert.equal(
      draft.document.getText(),
      'Document the retries setting.\n\n## Selected from `src/retry.ts`, line 1\n\n```typescript\nexport const retries = 3;\n```\n',
    );

    await draft.edit((edit) => edit.insert(new vscode.Position(0, 'Document the retries setting.'.length), ' Keep it short.'));
    const id = (await startDraft(draft.document.uri)) ?? '';
    assert.match(id, /^job_/);
    const expected =
      'Document the retries setting. Keep it short.\n\n## Selected from `src/retry.ts`, line 1\n\n```typescript\nexport const retries = 3;\n```\n';
    assert.deepEqual(emulator.jobs.prompts, [{ kind: 'create', jobId: id, prompt: expected }]);
    assert.equal(tracked(id)?.prompt, expected, 'the prompt is kept with the job');
    assert.equal(tracked(id)?.job?.status, 'active');
    assert.ok(
      draft.document.isClosed || !vscode.window.visibleTextEditors.some((editor) => editor.document === draft.document),
      'the draft is closed once its job started',
    );
  });

  it("attaches a file's uncommitted changes as a diff, read through VS Code's Git extension", async () => {
    fs.writeFileSync(vscode.Uri.joinPath(folder(), 'src', 'retry.ts').fsPath, 'export const retries = 5;\n');
    await openWithSelection('src/retry.ts', 0);
    await vscode.commands.executeCommand('docsAssistant.startAgentJob', {
      instruction: 'Document the new default.',
      attach: ['fileChanges'],
    });
    const draft = await draftEditor('Document the new default.');
    const text = draft.document.getText();
    assert.match(
      text,
      /^Document the new default\.\n\n## Uncommitted changes of `src\/retry\.ts`\n\n```diff\ndiff --git a\/src\/retry\.ts b\/src\/retry\.ts\n/,
    );
    assert.match(text, /\n-export const retries = 3;\n\+export const retries = 5;\n```\n$/);
    const id = (await startDraft(draft.document.uri)) ?? '';
    assert.equal(emulator.jobs.prompts.find((prompt) => prompt.jobId === id)?.prompt, text, 'exactly what was shown');
  });

  it('offers no diff without a Git repository: from an untitled file the draft holds the instruction alone', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'scratch', language: 'plaintext' }));
    const opened = await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', {
      instruction: 'Just this.',
      attach: ['fileChanges', 'repositoryChanges'],
    });
    assert.equal(opened, undefined, 'an instruction given as an argument is not sent: it opens as a draft');
    const { document: draft } = await draftEditor('Just this.');
    assert.equal(draft.getText(), 'Just this.\n');
    assert.equal(emulator.requestsFor('createJob').length, 0);
    const id = (await startDraft(draft.uri)) ?? '';
    assert.match(id ?? '', /^job_/);
    assert.equal(emulator.jobs.prompts.at(-1)?.prompt, 'Just this.\n');
  });

  it("keeps a refused prompt in its editor and shows the server's words", async () => {
    emulator.faults.add(
      { kind: 'status', status: 400, body: JSON.stringify({ error: 'The prompt must name a page.' }) },
      { operation: 'createJob' },
    );
    const surfaces = recordSurfaces();
    try {
      assert.equal(await vscode.commands.executeCommand('docsAssistant.startAgentJob', { prompt: 'Fix the docs.' }), undefined);
      assert.equal(emulator.requestsFor('createJob').length, 0, 'a prompt given as an argument is only a draft (issue 28, item 6)');
      const { document: draft } = await draftEditor('Fix the docs.');
      assert.equal(draft.getText(), 'Fix the docs.');
      assert.equal(await startDraft(draft.uri), undefined);
      const kept = await until('the kept prompt', () =>
        vscode.window.activeTextEditor?.document.getText() === 'Fix the docs.' ? vscode.window.activeTextEditor : undefined,
      );
      assert.equal(kept.document.uri.scheme, 'untitled');
      const error = await until('the error message', () => surfaces.shown.find((shown) => shown.surface === 'showErrorMessage'));
      assert.match(
        error.text,
        /refused the request as invalid\. The server said: "The prompt must name a page\." The prompt is kept in its editor\./,
      );
    } finally {
      surfaces.restore();
    }
  });

  it('opens a draft holding its prompt when VS Code fills the new document with an old text', async () => {
    // A new untitled document takes the name of one just closed, and VS Code fills it from that
    // one's backup while the backup is not yet deleted (a draft of "Start with the quickstart."
    // opened holding the "Fix the docs." just discarded, on a busy machine). A new untitled
    // document opens holding an old text here, as it does then.
    const workspace = vscode.workspace as { openTextDocument: (options?: unknown) => Thenable<vscode.TextDocument> };
    const open = workspace.openTextDocument;
    workspace.openTextDocument = (options) =>
      open.call(
        vscode.workspace,
        typeof options === 'object' && !(options instanceof vscode.Uri) ? { ...options, content: 'Fix the docs.' } : options,
      );
    try {
      assert.equal(
        await vscode.commands.executeCommand('docsAssistant.startAgentJob', { prompt: 'Start with the quickstart.' }),
        undefined,
      );
    } finally {
      workspace.openTextDocument = open;
    }
    const { document: draft } = await draftEditor('Start with the quickstart.');
    assert.equal(draft.getText(), 'Start with the quickstart.', 'the draft holds its own prompt, and nothing else');
    const id = (await startDraft(draft.uri)) ?? '';
    assert.deepEqual(
      emulator.jobs.prompts.at(-1),
      { kind: 'create', jobId: id, prompt: 'Start with the quickstart.' },
      'what was shown is sent',
    );
  });

  it('follows up on a completed job, which is polled again until it ends again', async () => {
    const id = await startJob('Start with the quickstart.');
    clock.advance(61_000);
    await vscode.commands.executeCommand('docsAssistant.refreshAgentJobs');
    await until('completion', () => tracked(id)?.job?.status === 'completed', 15_000);
    const pollsWhenEnded = emulator.requestsFor('agentJob').length;

    // A follow-up given as an argument only fills the box: dismissed, nothing is sent (issue 28, item 6).
    assert.equal(await runDismissing('docsAssistant.sendAgentJobFollowUp', { jobId: id, prompt: 'Also the install page.' }), undefined);
    assert.equal(emulator.requestsFor('jobFollowUp').length, 0);
    const job = await runAccepting<{ status: string }>('docsAssistant.sendAgentJobFollowUp', {
      jobId: id,
      prompt: 'Also the install page.',
    });
    assert.equal(job?.status, 'active');
    assert.equal(tracked(id)?.job?.status, 'active', 'the tree shows the job as returned');
    assert.deepEqual(emulator.jobs.prompts.at(-1), { kind: 'followUp', jobId: id, prompt: 'Also the install page.' });
    clock.advance(61_000);
    await until('completion again', () => tracked(id)?.job?.status === 'completed', 15_000);
    assert.ok(emulator.requestsFor('agentJob').length > pollsWhenEnded, 'polled again');
    assert.equal(tracked(id)?.prompt, 'Start with the quickstart.', 'still named by the prompt that started it');
  });

  describe('what a prompt carries, and where it goes (issue 28)', () => {
    const write = (file: string, text: string) => {
      const full = vscode.Uri.joinPath(folder(), file).fsPath;
      fs.mkdirSync(vscode.Uri.joinPath(folder(), file, '..').fsPath, { recursive: true });
      fs.writeFileSync(full, text);
    };
    const lensTitles = async (uri: vscode.Uri) =>
      ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map(
        (lens) => lens.command?.title ?? '',
      );

    it('attaches all uncommitted changes a few at a time up to the limit, lists them, and names those that may hold secrets (item 5)', async () => {
      const originals = ['.env', 'settings.local.json'].map((file) => [
        file,
        fs.readFileSync(vscode.Uri.joinPath(folder(), file).fsPath, 'utf8'),
      ]);
      try {
        write('.env', 'API_TOKEN=real-secret\n');
        write('settings.local.json', '{ "port": 4000 }\n');
        for (let i = 0; i < 40; i++) write(`tmp-notes/note-${String(i).padStart(2, '0')}.md`, `# Note ${i}\n\n${'words '.repeat(700)}\n`);
        await openWithSelection('src/retry.ts', 0);
        vscode.window.activeTextEditor!.selection = new vscode.Selection(0, 0, 0, 0);
        await vscode.commands.executeCommand('docsAssistant.startAgentJob', {
          instruction: 'Document all of this.',
          attach: ['repositoryChanges'],
        });
        const { document: draft } = await draftEditor('Document all of this.');
        const text = draft.getText();
        assert.ok(new TextEncoder().encode(text).length <= 100 * 1024, 'within the limit of a prompt');
        assert.match(
          text,
          /^Document all of this\.\n\n## Uncommitted changes of the repository `workspace`\n\nFiles: `\.env`, `settings\.local\.json`, (`src\/retry\.ts`, )?`tmp-notes\/note-00\.md`, /,
        );
        assert.match(text, /\n\nLeft out, over the 100 KB limit of a prompt: `tmp-notes\/note-\d\d\.md`/);
        assert.match(text, /\n\+API_TOKEN=real-secret\n/, 'a tracked file that may hold secrets is attached, and named above the prompt');
        assert.match(
          text,
          /\nnew file mode 100644\n--- \/dev\/null\n\+\+\+ b\/tmp-notes\/note-00\.md\n@@ -0,0 \+1,3 @@\n\+# Note 0\n/,
          'a new file: its content',
        );
        const titles = await lensTitles(draft.uri);
        assert.ok(
          titles.includes('$(warning) .env (an environment file) may hold secrets: read its diff before starting'),
          titles.join(' | '),
        );
        assert.ok(
          titles.includes(
            "$(warning) settings.local.json (ignored by the repository's .gitignore) may hold secrets: read its diff before starting",
          ),
          titles.join(' | '),
        );
        assert.ok(
          titles.some((title) => /^Attached: the changes of \d+ files; left out, over the 100 KB limit: \d+$/.test(title)),
          titles.join(' | '),
        );
      } finally {
        for (const [file, text] of originals) fs.writeFileSync(vscode.Uri.joinPath(folder(), file).fsPath, text);
        fs.rmSync(vscode.Uri.joinPath(folder(), 'tmp-notes').fsPath, { recursive: true, force: true });
      }
    });

    it('shows the project a prompt goes to, and asks once before sending to one this workspace set (item 9)', async () => {
      await updateSetting('docsAssistant', 'projectId', emulator.config.projectId, vscode.ConfigurationTarget.Workspace);
      const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
      const { showQuickPick, showWarningMessage } = window;
      let pickTitle = '';
      const answers: (string | undefined)[] = [undefined, 'Send to This Project'];
      const asked: string[] = [];
      window.showQuickPick = async (_items: unknown, options?: unknown) => {
        pickTitle = (options as { title?: string } | undefined)?.title ?? '';
        return undefined;
      };
      window.showWarningMessage = async (message: unknown, ...rest: unknown[]) => {
        if (!(rest[0] as { modal?: boolean } | undefined)?.modal) return showWarningMessage.call(vscode.window, message, ...rest);
        // The draft below was put there by a command's argument: starting it is agreed to first.
        if (String(message).startsWith('Start an agent job with the prompt in this editor')) return 'Start Agent Job';
        asked.push(String(message));
        return answers.shift();
      };
      try {
        await openWithSelection('src/retry.ts', 0);
        await vscode.commands.executeCommand('docsAssistant.startAgentJob');
        assert.match(
          pickTitle,
          /^Docs Assistant: Start Agent Job \(1 of 2\) · this workspace's project "proj_demo" at http:\/\/127\.0\.0\.1:\d+$/,
        );

        await vscode.commands.executeCommand('docsAssistant.startAgentJob', { prompt: 'Document the proxy.' });
        const { document: draft } = await draftEditor('Document the proxy.');
        assert.ok(
          (await lensTitles(draft.uri)).some((title) =>
            /^Destination: this workspace's project "proj_demo" at http:\/\/127\.0\.0\.1:\d+$/.test(title),
          ),
        );
        assert.equal(await vscode.commands.executeCommand('docsAssistant.startAgentJob', draft.uri), undefined, 'the user said no');
        assert.equal(asked.length, 1);
        assert.match(
          asked[0],
          /^This workspace's settings send agent prompts to the project "proj_demo" at http:\/\/127\.0\.0\.1:\d+\. Send the prompt there\?$/,
        );
        assert.equal(emulator.requestsFor('createJob').length, 0, 'nothing sent');
        assert.equal(vscode.window.activeTextEditor?.document.getText(), 'Document the proxy.', 'the draft is kept');
        assert.match(
          (await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', draft.uri)) ?? '',
          /^job_/,
          'the user agreed',
        );
        await startJob('Document the cache.');
        assert.equal(asked.length, 2, 'asked once for this workspace and project');
      } finally {
        window.showQuickPick = showQuickPick;
        window.showWarningMessage = showWarningMessage;
        await updateSetting('docsAssistant', 'projectId', undefined, vscode.ConfigurationTarget.Workspace);
      }
    });
  });
});
