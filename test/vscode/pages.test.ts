import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeEditor, connectedSuite } from './support';
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
