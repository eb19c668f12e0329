// Loaded by `npm run demo` (and F5, .vscode/launch.json) beside Docs Assistant, in development mode. The demo's keys cannot go
// in a settings file (the extension reads keys from secret storage only, and only per origin),
// so this does what a new user would do through the commands: set both keys for the emulator's
// base URL (a key given to Set Key fills its masked box, which this accepts, as a user presses
// Enter) and track its sample jobs. It does so once per base URL, then shows the sidebar.
// It runs in Node (it reads the environment), and Docs Assistant may not: with `--web` it runs in the
// web worker extension host. So no extensionDependencies, which cannot cross hosts: running one of
// its commands activates Docs Assistant wherever it runs.
'use strict';
const vscode = require('vscode');

/** @param {vscode.ExtensionContext} context */
exports.activate = async function activate(context) {
  const demo = readDemo();
  if (!demo) return;
  const seededKey = `seeded:${demo.baseUrl}`;
  if (!context.globalState.get(seededKey)) {
    const stored =
      (await runAccepting('docsAssistant.setAssistantKey', demo.assistantKey)) &&
      (await runAccepting('docsAssistant.setAdminKey', demo.adminKey));
    if (!stored) {
      void vscode.window.showErrorMessage('The demo could not store the emulator keys; see Docs Assistant: Show Log.');
      return;
    }
    for (const id of demo.jobIds) await vscode.commands.executeCommand('docsAssistant.trackAgentJob', id);
    await context.globalState.update(seededKey, true);
    // The "key is stored" notifications are for people who typed a key; nobody here did.
    await vscode.commands.executeCommand('notifications.clearAll');
  }
  await vscode.commands.executeCommand('workbench.view.extension.docsAssistant');
  context.subscriptions.push(vscode.window.setStatusBarMessage('$(check) Docs Assistant demo ready', 20_000));
};

/** Runs a command that opens an input box, and accepts the box once it is there; resolves to the command's result. */
async function runAccepting(command, ...args) {
  let settled = false;
  const running = Promise.resolve(vscode.commands.executeCommand(command, ...args)).finally(() => (settled = true));
  for (let tries = 0; !settled && tries < 400; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (!settled) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }
  return running;
}

/** The demo's settings, from the environment the demo started VS Code with, or the file it names (F5). */
function readDemo() {
  try {
    const file = process.env.DOCS_ASSISTANT_DEMO_FILE;
    const text = file ? require('fs').readFileSync(file, 'utf8') : (process.env.DOCS_ASSISTANT_DEMO ?? 'null');
    const demo = JSON.parse(text);
    const ok =
      demo &&
      typeof demo.baseUrl === 'string' &&
      typeof demo.assistantKey === 'string' &&
      typeof demo.adminKey === 'string' &&
      Array.isArray(demo.jobIds);
    return ok ? demo : undefined;
  } catch {
    return undefined;
  }
}
