// Agent jobs started from the editor: the prompt the user sees and edits is exactly what reaches
// the platform; Git changes come through VS Code's Git extension; a refused prompt is kept; a
// follow-up sets an ended job working, and polled, again.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/extension';
import { ManualClock } from '../platform/clock';
import type { PlatformEmulator } from '../platform/emulator';
import { activateExtension, connectTo, pollJobsEverySecond, recordSurfaces, resetUserSettings, settle, startEmulator } from './support';
import { until } from '../until';

describe('agent jobs from the editor', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  const clock = new ManualClock(Date.now());
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const tracked = (id: string) => api.trackedJobs().find((job) => job.id === id);

  before(async () => {
    api = await activateExtension();
    emulator = await startEmulator({ clock });
    await pollJobsEverySecond();
    await connectTo(emulator);
  });
  beforeEach(() => emulator.reset());
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    for (const job of api.trackedJobs()) await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', job.id);
    fs.writeFileSync(vscode.Uri.joinPath(folder(), 'src', 'retry.ts').fsPath, 'export const retries = 3;\n');
    await resetUserSettings();
    await emulator.close();
  });

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
    const draft = vscode.window.activeTextEditor!;
    assert.equal(draft.document.uri.scheme, 'untitled');
    assert.equal(draft.document.languageId, 'markdown');
    assert.equal(
      draft.document.getText(),
      'Document the retries setting.\n\n## Selected from `src/retry.ts`, line 1\n\n```typescript\nexport const retries = 3;\n```\n',
    );

    await draft.edit((edit) => edit.insert(new vscode.Position(0, 'Document the retries setting.'.length), ' Keep it short.'));
    const id = await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', draft.document.uri);
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
    const draft = await until('the prompt editor', () =>
      vscode.window.activeTextEditor?.document.uri.scheme === 'untitled' ? vscode.window.activeTextEditor : undefined,
    );
    const text = draft.document.getText();
    assert.match(
      text,
      /^Document the new default\.\n\n## Uncommitted changes of `src\/retry\.ts`\n\n```diff\ndiff --git a\/src\/retry\.ts b\/src\/retry\.ts\n/,
    );
    assert.match(text, /\n-export const retries = 3;\n\+export const retries = 5;\n```\n$/);
    const id = await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', draft.document.uri);
    assert.equal(emulator.jobs.prompts.find((prompt) => prompt.jobId === id)?.prompt, text, 'exactly what was shown');
  });

  it('offers no diff without a Git repository: from an untitled file the instruction alone is sent', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'scratch', language: 'plaintext' }));
    const id = await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', {
      instruction: 'Just this.',
      attach: ['fileChanges', 'repositoryChanges'],
    });
    assert.match(id ?? '', /^job_/, 'nothing to attach, so nothing to edit: sent at once');
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
      const kept = await until('the kept prompt', () =>
        vscode.window.activeTextEditor?.document.getText() === 'Fix the docs.' ? vscode.window.activeTextEditor : undefined,
      );
      assert.equal(kept.document.uri.scheme, 'untitled');
      await settle();
      const error = surfaces.shown.find((shown) => shown.surface === 'showErrorMessage');
      assert.match(
        error?.text ?? '',
        /refused the request as invalid\. The server said: "The prompt must name a page\." The prompt is kept in its editor\./,
      );
    } finally {
      surfaces.restore();
    }
  });

  it('follows up on a completed job, which is polled again until it ends again', async () => {
    const id = await vscode.commands.executeCommand<string>('docsAssistant.startAgentJob', { prompt: 'Start with the quickstart.' });
    clock.advance(61_000);
    await vscode.commands.executeCommand('docsAssistant.refreshAgentJobs');
    await until('completion', () => tracked(id)?.job?.status === 'completed', 15_000);
    const pollsWhenEnded = emulator.requestsFor('agentJob').length;

    const job = await vscode.commands.executeCommand<{ status: string }>('docsAssistant.sendAgentJobFollowUp', {
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
});
