// Runs in the web worker extension host, where there is no extensionTestsPath: activates the warm-up
// extension (which takes the cost of the host's first activation), then Docs Assistant and the empty
// extension in the order order.json gives, and writes each activate()'s time, code loading
// included, to activation.json in the workspace, where the benchmark reads it.
'use strict';
const vscode = require('vscode');

exports.activate = async function activate() {
  const folder = vscode.workspace.workspaceFolders[0].uri;
  const read = async (name) => JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name))));
  const write = (name, value) =>
    vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(JSON.stringify(value)));
  try {
    const order = await read('order.json');
    // The window is still starting (its other extensions, its views): let it settle first, or its
    // work lands in one measurement or the other at random.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await vscode.extensions.getExtension('docs-assistant.bench-warm-up').activate();
    const times = {};
    for (const id of order) {
      const extension = vscode.extensions.getExtension(id);
      if (!extension) throw new Error(`${id} is not installed`);
      if (extension.isActive) throw new Error(`${id} was already active`);
      const start = performance.now();
      await extension.activate();
      times[id] = performance.now() - start;
    }
    await write('activation.json', { times, webWorker: typeof WorkerGlobalScope !== 'undefined' });
  } catch (error) {
    await write('activation.json', { error: String(error && error.stack ? error.stack : error) });
  }
};
