// The extension in Node (desktop VS Code, remote hosts, code-server's Node host). Activation reads
// this small bundle alone; the features (dist/features.js, with undici behind them) and the
// preview's plugin (dist/preview.js) load the first time they are used: the footprint benchmark prints
// the sizes and the time activation takes.

import type * as vscode from 'vscode';
import { activateWith, type ActivatedApi } from './activation';

export type { DocsAssistantApi } from './features';

export function activate(context: vscode.ExtensionContext): ActivatedApi {
  return activateWith(context, {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the second bundle, loaded on first use on purpose
    loadFeatures: () => (require('./nodeFeatures') as typeof import('./nodeFeatures')).activateFeatures,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the preview's bundle, loaded by the preview alone
    extendMarkdownIt: (md, words) => (require('../preview') as typeof import('../preview')).extendMarkdownIt(md, words),
  });
}

export function deactivate(): void {}
