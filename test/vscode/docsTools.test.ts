// The documentation lent to VS Code's chat and agents: both tools are listed, answer from the
// emulator through the extension's client, keys and cache, and say what is missing when not set up.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connectedSuite, connectTo } from './support';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('language model tools', () => {
  const suite = connectedSuite();

  it('are listed for VS Code chat and agents, with what a model needs to call them', () => {
    const tools = vscode.lm.tools.filter((tool) => tool.name.startsWith('docsAssistant_'));
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['docsAssistant_readPage', 'docsAssistant_searchDocs']);
    for (const tool of tools) {
      assert.ok(tool.description.length > 100, `${tool.name} tells a model when to use it`);
      assert.deepEqual((tool.inputSchema as { required: string[] }).required, [
        tool.name === 'docsAssistant_searchDocs' ? 'query' : 'path',
      ]);
    }
  });

  it('docsAssistant_searchDocs: the matching pages, as text, through the extension', async () => {
    const text = await invoke('docsAssistant_searchDocs', { query: 'agent jobs pull request' });
    assert.match(
      text,
      /^Results of a search of the "acme-docs" documentation for "agent jobs pull request" follow, best first, between the lines/,
    );
    assert.match(text, /\nBEGIN RESULTS DOCS-\w+\n1\. title: "Watching agent jobs"\n {3}path: "guides\/agent-jobs"\n/);
    const [request] = suite.emulator.requestsFor('search');
    assert.equal(request?.headers.authorization, `Bearer ${suite.emulator.config.assistantKey}`);
    assert.deepEqual(request?.body, { query: 'agent jobs pull request', pageSize: 10 });
  });

  it('docsAssistant_readPage: the whole page, read once and then from the cache', async () => {
    const first = await invoke('docsAssistant_readPage', { path: 'guides/chat' });
    assert.match(
      first,
      /^The text of a page of the documentation site follows, between the lines "BEGIN PAGE (DOCS-\w+)" and "END PAGE \1"\./,
    );
    assert.match(first, /\nPage path: "guides\/chat"\nBEGIN PAGE DOCS-\w+\n# Chatting with the assistant\n/);
    const again = await invoke('docsAssistant_readPage', { path: 'guides/chat' });
    const withoutMarkers = (text: string) => text.replace(/DOCS-\w+/g, 'DOCS-marker');
    assert.equal(withoutMarkers(again), withoutMarkers(first));
    assert.notEqual(again, first, 'the markers are chosen afresh');
    assert.equal(suite.emulator.requestsFor('page').length, 1, 'the second read cost nothing');
    assert.match(
      await invoke('docsAssistant_readPage', { path: 'no/such/page' }),
      /^Docs Assistant could not read the page\. The reason: "Page not found: no\/such\/page\./,
    );
  });

  it('answers with a sentence a model can relay when a key is missing, never a stack trace', async () => {
    await vscode.commands.executeCommand('docsAssistant.clearKeys');
    try {
      const text = await invoke('docsAssistant_searchDocs', { query: 'keys' });
      assert.match(text, /^Docs Assistant needs the assistant key; run Docs Assistant: Set Assistant Key\./);
      assert.equal(suite.emulator.requests.length, 0);
    } finally {
      await connectTo(suite.emulator);
    }
  });
});
