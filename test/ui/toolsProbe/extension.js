// Calls one of Docs Assistant's language model tools as an agent would, outside a chat: the name and
// input come from tool.json in the workspace, the answer (or the error, when the user cancels VS
// Code's confirmation) goes to tool-answer.json beside it, where the UI test reads it.
'use strict';
const vscode = require('vscode');

exports.activate = function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('docsAssistantProbe.invokeTool', async () => {
      const folder = vscode.workspace.workspaceFolders[0].uri;
      const { name, input } = JSON.parse(
        new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, 'tool.json'))),
      );
      let written;
      try {
        const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
        written = { text: result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('') };
      } catch (error) {
        written = { error: String(error && error.message ? error.message : error) };
      }
      await vscode.workspace.fs.writeFile(
        vscode.Uri.joinPath(folder, 'tool-answer.json'),
        new TextEncoder().encode(JSON.stringify(written)),
      );
    }),
  );
};
