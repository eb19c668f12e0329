import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeEditor, connectedSuite, recordProgress, recordSurfaces } from './support';
import { until } from '../until';

const pageDocuments = () => vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'docs-assistant');

describe('documentation pages', () => {
  const suite = connectedSuite({ closeEditors: true });

  it('opens a page as a read-only Markdown document; opening it again sends nothing; Refresh fetches again', async () => {
    // A page no other test opens: the extension's page cache lasts the whole session.
    suite.emulator.docs.add('pages-test/open-twice', '# Open twice\n\nA page for the cache test.\n');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('docsAssistant.openPage', 'pages-test/open-twice');
    assert.equal(uri?.toString(), 'docs-assistant:/pages-test/open-twice.md');
    const editor = await activeEditor('the page', ({ document }) => document.uri.toString() === uri?.toString());
    assert.equal(editor.document.uri.toString(), uri.toString());
    assert.equal(editor.document.languageId, 'markdown');
    assert.match(editor.document.getText(), /^# Open twice/);
    assert.equal(suite.emulator.requestsFor('page').length, 1);
    assert.deepEqual(suite.emulator.requestsFor('page')[0].body, { path: 'pages-test/open-twice' });

    await vscode.commands.executeCommand('docsAssistant.openPage', 'pages-test/open-twice');
    await vscode.commands.executeCommand('docsAssistant.openPage', 'https://docs.acme.example/pages-test/open-twice');
    assert.equal(suite.emulator.requestsFor('page').length, 1, 'reopening is served from the cache');
    assert.equal(pageDocuments().filter((document) => document.uri.toString() === uri.toString()).length, 1, 'one document for one page');

    suite.emulator.docs.add('pages-test/open-twice', '# Open twice, revised\n');
    assert.equal(await vscode.commands.executeCommand('docsAssistant.refreshPage', uri), true);
    assert.equal(suite.emulator.requestsFor('page').length, 2);
    await until(
      'the document to show the page as refreshed',
      () => vscode.window.activeTextEditor?.document.getText() === '# Open twice, revised\n',
    );
  });

  it('leaves no document open when the page does not exist', async () => {
    const uri = await vscode.commands.executeCommand('docsAssistant.openPage', 'no/such/page');
    assert.equal(uri, undefined);
    assert.equal(suite.emulator.requestsFor('page').length, 1);
    assert.equal(vscode.window.activeTextEditor, undefined);
    assert.ok(!pageDocuments().some((document) => document.uri.path.includes('no/such/page')));
  });

  it('says which path was not found, and Try Another Path asks again, the path in its box', async () => {
    const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
    const { showErrorMessage, showInputBox } = window;
    const said: unknown[][] = [];
    let asked: vscode.InputBoxOptions | undefined;
    window.showErrorMessage = async (...args: unknown[]) => (said.push(args), 'Try Another Path');
    window.showInputBox = async (options: unknown) => ((asked = options as vscode.InputBoxOptions), 'guides/chat');
    try {
      assert.equal(await vscode.commands.executeCommand('docsAssistant.openPage', 'no/such/page'), undefined);
      await activeEditor('the page asked for next', ({ document }) => document.uri.toString() === 'docs-assistant:/guides/chat.md');
      assert.match(String(said[0]?.[0]), /^Page not found: no\/such\/page\./);
      assert.deepEqual(said[0]?.slice(1), ['Try Another Path']);
      assert.equal(asked?.value, 'no/such/page', 'what the user typed is kept');
    } finally {
      Object.assign(window, { showErrorMessage, showInputBox });
    }
  });

  it('says it waits for the rate limit, counting down, can be cancelled, and opens the page after', async () => {
    suite.emulator.docs.add('pages-test/limited', '# Limited\n');
    const progress = recordProgress();
    const surfaces = recordSurfaces();
    try {
      suite.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 30 }, { operation: 'page' });
      const cancelled = vscode.commands.executeCommand('docsAssistant.openPage', 'pages-test/limited');
      const shown = await until('the wait shown', () => progress.runs.find((run) => run.cancellable));
      assert.equal(shown.title, 'Opening pages-test/limited');
      const first = await until('a countdown', () => shown.reports.find((report) => /trying again in \d+ s…/.test(report)));
      assert.match(first, /^rate limit reached; trying again in (30|29|28) s…$/);
      const from = Number(/(\d+) s/.exec(first)![1]);
      await until('the next second', () => shown.reports.some((report) => Number(/(\d+) s/.exec(report)?.[1]) < from), 5_000);
      shown.cancel();
      assert.equal(await cancelled, undefined, 'cancelled: nothing opened');
      assert.equal(vscode.window.activeTextEditor, undefined);
      const said = surfaces.shown.filter((shown) => shown.surface !== 'withProgress').map((shown) => shown.text);
      assert.deepEqual(said, [], 'a cancel is the user’s, not an error: nothing is said of it');

      suite.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 1 }, { operation: 'page' });
      const uri = await vscode.commands.executeCommand<vscode.Uri>('docsAssistant.openPage', 'pages-test/limited');
      assert.equal(uri?.toString(), 'docs-assistant:/pages-test/limited.md', 'opened once the wait was over');
      assert.equal(suite.emulator.requestsFor('page').length, 3);
    } finally {
      surfaces.restore();
      progress.restore();
    }
  });

  it('Search Docs lists the pages that match, and Enter opens the one chosen', async () => {
    // Each step waits for what the workbench reports, never for what this host set: a quick pick's
    // fields reach the workbench a moment after they are set here, and the workbench reports the
    // item it focuses on its own. So the test moves down the list as the Down key does, and presses
    // Enter once the workbench says the chosen result is active.
    const window = vscode.window as { createQuickPick: <T extends vscode.QuickPickItem>() => vscode.QuickPick<T> };
    const original = window.createQuickPick;
    let pick: vscode.QuickPick<vscode.QuickPickItem> | undefined;
    let reported: vscode.QuickPickItem | undefined;
    let hidden = false;
    window.createQuickPick = <T extends vscode.QuickPickItem>() => {
      const created = original.call(vscode.window) as vscode.QuickPick<T>;
      created.onDidChangeActive(([active]) => (reported = active));
      created.onDidHide(() => (hidden = true));
      return (pick = created);
    };
    try {
      const searched = vscode.commands.executeCommand('docsAssistant.searchDocs', 'agent jobs');
      const found = await until('the results', () => pick?.items.find((item) => /Watching agent jobs/.test(item.label)));
      assert.equal(found.description, 'guides/agent-jobs');
      assert.deepEqual(suite.emulator.requestsFor('search').at(-1)?.body, { query: 'agent jobs', pageSize: 10 });
      await until('the workbench to show the results', () => reported && pick?.items.includes(reported));
      for (let moves = 0; reported !== found; moves++) {
        assert.ok(moves < pick!.items.length, 'Down reaches the chosen result');
        const before = reported;
        await vscode.commands.executeCommand('quickInput.next');
        await until('the next result active', () => reported !== before);
      }
      // A list that loses the focus closes, as VS Code's do: say so, rather than wait for a page.
      assert.equal(hidden, false, 'the list closed before Enter: something else in the workbench took the focus');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await searched;
      await activeEditor('the page chosen', ({ document }) => document.uri.toString() === 'docs-assistant:/guides/agent-jobs.md');
    } finally {
      window.createQuickPick = original;
    }
  });

  it('sends a path with spaces, non-ASCII characters and .. segments exactly as it is', async () => {
    const odd = 'guides/../café menü/naïve page';
    suite.emulator.docs.add(odd, '# Odd page\n');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('docsAssistant.openPage', odd);
    assert.ok(uri);
    assert.deepEqual(
      suite.emulator.requestsFor('page').map((request) => request.body),
      [{ path: odd }],
    );
    assert.equal(
      (await activeEditor('the page', ({ document }) => document.uri.toString() === uri.toString())).document.getText(),
      '# Odd page\n',
    );
  });

  it('opens a 1 MB page', async () => {
    const big = `# Big\n\n${'A line of documentation that goes on for a while.\n'.repeat(22_000)}`;
    suite.emulator.docs.add('big', big);
    await vscode.commands.executeCommand('docsAssistant.openPage', 'big');
    const { document } = await activeEditor('the page', (editor) => editor.document.uri.path === '/big.md');
    assert.equal(document.getText().length, big.length);
  });

  it('shows content that is not valid UTF-8 as text', async () => {
    suite.emulator.docs.add('broken', Buffer.concat([Buffer.from('# Broken\n\nbad: '), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]));
    await vscode.commands.executeCommand('docsAssistant.openPage', 'broken');
    const { document } = await activeEditor('the page', (editor) => editor.document.uri.path === '/broken.md');
    assert.match(document.getText(), /^# Broken\n\nbad: \uFFFD\(\n$/);
  });
});
