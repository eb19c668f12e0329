// Calls Docs Assistant's language model tools from the web worker extension host, as an agent of
// VS Code's chat would, and writes their answers (or the error) to tools.json in the workspace,
// where the web UI test reads them. code-server has no chat to call them from.
'use strict';
const vscode = require('vscode');

exports.activate = function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('docsAssistantProbe.invokeTools', async () => {
      const folder = vscode.workspace.workspaceFolders[0].uri;
      const text = async (name, input) => {
        const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
        return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
      };
      let written;
      try {
        written = {
          webWorker: typeof WorkerGlobalScope !== 'undefined',
          tools: vscode.lm.tools.map((tool) => tool.name).filter((name) => name.startsWith('docsAssistant_')),
          search: await text('docsAssistant_searchDocs', { query: 'agent jobs pull request' }),
          page: await text('docsAssistant_readPage', { path: 'guides/chat' }),
          ask: await text('docsAssistant_ask', { question: 'Where are keys stored?' }),
        };
      } catch (error) {
        written = { error: String(error && error.stack ? error.stack : error) };
      }
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'tools.json'), new TextEncoder().encode(JSON.stringify(written)));
    }),
  );
};
