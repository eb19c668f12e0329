// Loads a module of the webview's bundle in Node. The webview compiles against the DOM's types,
// so its files stay out of the Node test build: esbuild bundles the module here instead.

import * as path from 'node:path';
import { buildSync } from 'esbuild';

const root = path.resolve(__dirname, '..', '..', '..');

export function loadWebviewModule<T>(relativePath: string): T {
  const { outputFiles } = buildSync({ entryPoints: [path.join(root, relativePath)], bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'silent' });
  const module = { exports: {} as T };
  new Function('module', 'exports', 'require', outputFiles[0].text)(module, module.exports, require);
  return module.exports;
}
