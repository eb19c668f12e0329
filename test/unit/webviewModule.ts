// Loads a module of the webview's bundle in Node. The webview compiles against the DOM's types,
// so its files stay out of the Node test build: esbuild bundles the module here instead.

import * as path from 'node:path';
import { runInThisContext } from 'node:vm';
import { buildSync } from 'esbuild';

const root = path.resolve(__dirname, '..', '..', '..');

export function loadWebviewModule<T>(relativePath: string): T {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(root, relativePath)],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const module = { exports: {} as T };
  // The bundle is CommonJS text: run it as a module would be run. It is our own source, built just now.
  const run = runInThisContext(`(function (module, exports, require) {${outputFiles[0].text}\n})`) as (
    module: unknown,
    exports: unknown,
    load: NodeJS.Require,
  ) => void;
  run(module, module.exports, require);
  return module.exports;
}
