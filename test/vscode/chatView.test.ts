// What the chat view's messages do in VS Code (issue 57: moved here from the workbench, where each
// cost a VS Code): a link or source clicked opens its page, a web link once, with nothing asked of
// ours; Insert at Cursor edits the active editor, or says why not; a chip removed is not sent; the
// scope cleared leaves the setting nowhere. The view's own side (the clicks, what it posts) is
// tested in Chromium (test/browser).

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import type { PlatformEmulator } from '../emulator/emulator';
import {
  activateExtension,
  activeEditor,
  closeAllEditors,
  connectTo,
  recordSurfaces,
  resetUserSettings,
  runAccepting,
  setUserSetting,
  startEmulator,
} from './support';
import { until } from '../until';

describe('the chat view’s messages, in VS Code', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  before(async () => {
    api = await activateExtension();
    emulator = await startEmulator();
    await connectTo(emulator);
  });
  beforeEach(() => emulator.reset());
  afterEach(closeAllEditors);
  after(async () => {
    await resetUserSettings();
    await emulator.close();
  });

  it('opens a source or a suggestion of the site as a page, and never a link of another scheme', async () => {
    await api.fromChatView({ type: 'openLink', url: '/guides/chat' });
    await activeEditor('the page', ({ document }) => document.uri.toString() === 'docs-assistant:/guides/chat.md');
    await api.fromChatView({ type: 'openLink', url: 'https://docs.acme.example/guides/agent-jobs' });
    await activeEditor('the page', ({ document }) => document.uri.toString() === 'docs-assistant:/guides/agent-jobs.md');
    assert.equal(emulator.requestsFor('page').length, 2, 'each opened as a page of the site');
    const surfaces = recordSurfaces();
    try {
      for (const url of ['javascript:alert(1)', 'command:workbench.action.terminal.new', 'file:///etc/passwd'])
        await api.fromChatView({ type: 'openLink', url });
      const refused = surfaces.shown.filter((shown) => shown.surface === 'showWarningMessage');
      assert.deepEqual(
        refused.map((shown) => shown.text),
        Array(3).fill('Docs Assistant opens only http and https links and pages of your documentation.'),
      );
      assert.equal(emulator.requestsFor('page').length, 2, 'nothing else asked for');
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), 'docs-assistant:/guides/agent-jobs.md', 'nothing else opened');
    } finally {
      surfaces.restore();
    }
  });

  it('inserts code at the cursor of the active editor, and says why not in a page, which is read-only', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'before\nafter\n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    await api.fromChatView({ type: 'insertCode', code: 'const inserted = 1;\n' });
    await until('the code inserted', () => document.getText() === 'before\nconst inserted = 1;\nafter\n');

    await vscode.commands.executeCommand('docsAssistant.openPage', 'guides/chat');
    const { document: page } = await activeEditor('the page', ({ document: shown }) => shown.uri.scheme === 'docs-assistant');
    const text = page.getText();
    const surfaces = recordSurfaces();
    try {
      await api.fromChatView({ type: 'insertCode', code: 'x' });
      const said = await until('the warning', () => surfaces.shown.find((shown) => shown.surface === 'showWarningMessage'));
      assert.match(said.text, /^The code could not be inserted into .*chat\.md: the editor is read-only\.$/);
      assert.equal(page.getText(), text, 'the page is as the site has it');
      assert.equal(page.isDirty, false);
    } finally {
      surfaces.restore();
    }
  });

  it('sends no selection the user took off its chip', async () => {
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), 'src', 'sample.ts')),
    );
    editor.selection = new vscode.Selection(0, 0, 2, 1);
    await vscode.commands.executeCommand('docsAssistant.askAboutSelection');
    await api.fromChatView({ type: 'removeContext' });
    await runAccepting('docsAssistant.ask', 'What does add do?');
    const [asked] = emulator.requestsFor('assistant');
    assert.equal((asked?.body as { context?: unknown }).context, undefined);
  });

  it("clears the answers' scope wherever it is set", async () => {
    await setUserSetting('assistant.filter', { version: 'v2', language: 'fr' });
    await api.fromChatView({ type: 'scope', action: 'clear' });
    const inspected = vscode.workspace.getConfiguration('docsAssistant').inspect('assistant.filter');
    assert.equal(inspected?.globalValue, undefined);
    assert.equal(inspected?.workspaceValue, undefined);
  });
});
