import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AttachedContext } from '../../src/chat/conversation';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import type { ShownTurn } from '../../src/shared/protocol';
import type { PlatformEmulator } from '../emulator/emulator';
import {
  activateExtension,
  activeEditor,
  closeAllEditors,
  connectTo,
  resetUserSettings,
  runAccepting,
  setUserSetting,
  startEmulator,
} from './support';
import { until } from '../until';

type Body = Record<string, unknown> & { messages: { role: string; parts: { text: string }[] }[] };

describe('the chat', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;
  const bodies = () => emulator.requestsFor('assistant').map((request) => request.body as Body);

  before(async () => {
    api = await activateExtension();
    emulator = await startEmulator();
    await connectTo(emulator);
    await setUserSetting('assistant.retrievalPageSize', 3);
    await setUserSetting('assistant.fingerprint', 'tester-1');
  });
  beforeEach(async () => {
    emulator.reset();
    emulator.config.deltaDelayMs = 0;
    await vscode.commands.executeCommand('docsAssistant.newConversation');
  });
  afterEach(async () => {
    await closeAllEditors();
  });
  after(async () => {
    await resetUserSettings();
    await emulator.close();
  });

  it('asks with the settings, and sends the thread id and key with the whole conversation on the next turn', async () => {
    const first = await runAccepting<ShownTurn>('docsAssistant.ask', 'What are API keys?');
    assert.equal(first?.status, 'done');
    assert.match(first.answer, /API keys/);
    assert.ok(first.sources.length > 0 && first.sources.length <= 3);
    const second = await runAccepting<ShownTurn>('docsAssistant.ask', 'Where are they stored?');
    assert.equal(second?.status, 'done');

    const [one, two] = bodies();
    assert.equal(one.fp, 'tester-1');
    assert.equal(one.retrievalPageSize, 3);
    assert.equal(one.threadId, undefined);
    assert.deepEqual(
      one.messages.map((m) => m.role),
      ['user'],
    );
    assert.match(String(two.threadId), /^thread_/);
    assert.match(String(two.threadKey), /^tk_/);
    assert.deepEqual(
      two.messages.map((m) => m.role),
      ['user', 'assistant', 'user'],
    );
    assert.equal(two.messages[1].parts[0].text, first.answer);
  });

  it('keeps the thread key in secret storage, never in workspace state', async () => {
    await runAccepting('docsAssistant.ask', 'What are API keys?');
    await runAccepting('docsAssistant.ask', 'Where are they stored?');
    const sentKey = String(bodies()[1].threadKey);
    assert.match(sentKey, /^tk_/);
    assert.equal(await api.hasThreadKey(), true);
    const saved = JSON.stringify(api.savedConversation());
    assert.match(saved, /Where are they stored\?/, 'the conversation itself is saved');
    assert.ok(!saved.includes(sentKey) && !/threadKey/.test(saved), 'workspace state holds no thread key');
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    assert.equal(await api.hasThreadKey(), false, 'the key is removed with its conversation');
  });

  it('sends nothing of a conversation to another origin: a base URL change starts a new one', async () => {
    const other = await startEmulator({ searchDelayMs: 0 });
    try {
      const first = await runAccepting<ShownTurn>('docsAssistant.ask', 'What are API keys?');
      assert.equal(first.status, 'done');
      await setUserSetting('baseUrl', other.url);
      assert.equal(await runAccepting('docsAssistant.setAssistantKey', other.config.assistantKey), true);
      const second = await runAccepting<ShownTurn>('docsAssistant.ask', 'Where are they stored?');
      assert.equal(second?.status, 'done');
      const [body] = other.requestsFor('assistant').map((request) => request.body as Body);
      assert.equal(body.threadId, undefined);
      assert.equal(body.threadKey, undefined);
      assert.deepEqual(
        body.messages.map((m) => m.parts[0].text),
        ['Where are they stored?'],
      );
      assert.ok(
        !JSON.stringify(other.requests.map((request) => request.rawBody)).includes('What are API keys'),
        'no text of the first conversation',
      );
      const saved = api.savedConversation() as { turns: { question: string; earlier?: string }[] };
      assert.equal(saved.turns[0].earlier, `${emulator.url} · ${emulator.config.domain}`, 'the old turn stays in view, marked');
    } finally {
      await setUserSetting('baseUrl', emulator.url);
      await other.close();
    }
  });

  it('asks about a selection in a workspace file as code with its workspace-relative path', async () => {
    const [folder] = vscode.workspace.workspaceFolders!;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'src', 'sample.ts'));
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 2, 1);
    const attached = await vscode.commands.executeCommand<AttachedContext>('docsAssistant.askAboutSelection');
    assert.equal(attached?.label, 'src/sample.ts:1-3');
    const turn = await runAccepting<ShownTurn>('docsAssistant.ask', 'What does this do?');
    assert.equal(turn?.context?.label, 'src/sample.ts:1-3');
    const [body] = bodies();
    assert.deepEqual(body.context, [{ type: 'code', value: document.getText(editor.selection), path: 'src/sample.ts' }]);
    assert.equal(body.currentPath, undefined);
  });

  it('asks about a selection in a documentation page as textSelection, with currentPath', async () => {
    await vscode.commands.executeCommand('docsAssistant.openPage', 'guides/chat');
    const editor = await activeEditor('the page', ({ document }) => document.uri.path === '/guides/chat.md');
    editor.selection = new vscode.Selection(13, 0, 14, 20);
    await vscode.commands.executeCommand('docsAssistant.askAboutSelection');
    await runAccepting('docsAssistant.ask', 'Explain');
    const body = bodies()[0];
    assert.deepEqual(body.context, [{ type: 'textSelection', value: editor.document.getText(editor.selection), path: 'guides/chat' }]);
    assert.equal(body.currentPath, 'guides/chat');
  });

  it('trims a selection over 20,000 characters and says so', async () => {
    const document = await vscode.workspace.openTextDocument({ content: 'x'.repeat(25_000), language: 'plaintext' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, 25_000);
    const attached = await vscode.commands.executeCommand<AttachedContext>('docsAssistant.askAboutSelection');
    assert.equal(attached?.trimmedFrom, 25_000);
    await runAccepting('docsAssistant.ask', '');
    const body = bodies()[0];
    assert.equal((body.context as { value: string }[])[0].value.length, 20_000);
  });

  it('stops an answer and keeps what arrived', async () => {
    // Slow enough (54 deltas, over 5 s) to be still streaming when the conversation is next saved,
    // 2 s in: what is saved is the first sign, from outside, that part of the answer arrived.
    emulator.config.deltaDelayMs = 100;
    const asking = runAccepting<ShownTurn>('docsAssistant.ask', 'How do I set up keys?');
    await until('part of the answer to arrive', () => {
      const saved = api.savedConversation() as { turns?: { status: string; answer: string }[] } | undefined;
      const turn = saved?.turns?.at(-1);
      return turn?.status === 'streaming' && turn.answer !== '';
    });
    await vscode.commands.executeCommand('docsAssistant.stopAnswer');
    const turn = await asking;
    assert.equal(turn?.status, 'stopped');
    assert.ok(turn.answer.length > 0, 'the partial answer is kept');
  });

  it('keeps the partial answer of an interrupted stream and says what happened', async () => {
    emulator.faults.add({ kind: 'dropMidStream', afterEvents: 25 }, { operation: 'assistant' });
    const turn = await runAccepting<ShownTurn>('docsAssistant.ask', 'How do I set up keys?');
    assert.equal(turn?.status, 'failed');
    assert.equal(turn.error?.kind, 'network');
    assert.match(turn.error.message, /interrupted/);
    assert.ok(turn.answer.length > 0);
  });

  it('a 429 with a wait over a minute fails the turn at once with a sentence that says how long to wait', async () => {
    emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 120 }, { operation: 'assistant' });
    const turn = await runAccepting<ShownTurn>('docsAssistant.ask', 'q');
    assert.equal(turn?.status, 'failed');
    assert.equal(turn.error?.kind, 'rateLimited');
    assert.match(turn.error.message, /Try again in 2 minutes/);
    assert.equal(emulator.requestsFor('assistant').length, 1);
  });

  it('a new conversation starts a new thread', async () => {
    await runAccepting('docsAssistant.ask', 'What are API keys?');
    await vscode.commands.executeCommand('docsAssistant.newConversation');
    await runAccepting('docsAssistant.ask', 'Again');
    const [, second] = bodies();
    assert.equal(second.threadId, undefined);
    assert.equal(second.messages.length, 1);
  });
});
