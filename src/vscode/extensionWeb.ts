// The extension in a browser (vscode.dev, github.dev, code-server's web worker host), with calls to
// the platform over fetch. What needs Git is not offered where VS Code's Git extension is not
// (registerReview and registerAgentJobs); nothing here may use Node.
//
// Activation reads this small bundle alone (dist/web/extension.js, with the preview's plugin, which
// VS Code's Markdown preview asks for synchronously); the features (dist/web/features.js) are read
// the first time they are used. A web worker's extension host lends `require` for `vscode` only,
// so the features' bundle is read and run here the way the host runs this one. the web footprint benchmark
// prints what that buys.

import * as vscode from 'vscode';
import { activateWith, type ActivatedApi, type StartFeatures } from './activation';

export type { DocsAssistantApi } from './features';

export function activate(context: vscode.ExtensionContext): ActivatedApi {
  return activateWith(context, {
    loadFeatures: () => loadFeatures(context.extensionUri),
    // In this bundle (VS Code asks for the plugin synchronously), but run only when the preview asks.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- bundled, run on first use on purpose
    extendMarkdownIt: (md, words) => (require('../preview') as typeof import('../preview')).extendMarkdownIt(md, words),
  });
}

export function deactivate(): void {}

/** Reads dist/web/features.js from where the extension is installed, and runs it as a CommonJS module. */
async function loadFeatures(extensionUri: vscode.Uri): Promise<StartFeatures> {
  const bundle = vscode.Uri.joinPath(extensionUri, 'dist', 'web', 'features.js');
  // vscode.dev and github.dev serve extensions over https, which their file system does not read;
  // a host that installs them (code-server's vscode-remote) serves them through it.
  const source =
    bundle.scheme === 'https' || bundle.scheme === 'http'
      ? await readOverHttp(bundle)
      : new TextDecoder().decode(await vscode.workspace.fs.readFile(bundle));
  const module: { exports: Partial<typeof import('./webFeatures')> } = { exports: {} };
  const require = (id: string): unknown => {
    if (id === 'vscode') return vscode;
    throw new Error(vscode.l10n.t('The features\' bundle asked for "{0}", which a browser does not have.', id));
  };
  // The extension's own code, from its own folder: run as the host runs the entry.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- loading our own bundle, as the web extension host does
  const run = new Function('module', 'exports', 'require', `${source}\n//# sourceURL=${bundle.toString(true)}`) as (
    module: unknown,
    exports: unknown,
    require: unknown,
  ) => void;
  run(module, module.exports, require);
  if (typeof module.exports.activateFeatures !== 'function')
    throw new Error(vscode.l10n.t("{0} is not the features' bundle", bundle.toString(true)));
  return module.exports.activateFeatures;
}

/** How long reading the features' bundle may take before the use that wanted it gives up (and the next tries again). */
const READ_MS = 30_000;

async function readOverHttp(bundle: vscode.Uri): Promise<string> {
  // Only the bundle itself: a redirect elsewhere would have this run another site's code.
  const response = await fetch(bundle.toString(true), { redirect: 'error', signal: AbortSignal.timeout(READ_MS) });
  if (!response.ok) throw new Error(vscode.l10n.t('reading its code answered {0}', response.status));
  return response.text();
}
