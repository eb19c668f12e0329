// Runs inside the extension host (as extensionTestsPath): activates Docs Assistant and the empty
// baseline extension, neither active before, and logs how long each activate() took, with code
// loading. Which goes first alternates between runs, set by the runner.

import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { ACTIVATION_LINE } from './marker';

export async function run(): Promise<void> {
  const ids = ['docs-assistant.docs-assistant', 'docs-assistant.bench-empty'];
  if (process.env.DOCS_ASSISTANT_BENCH_ORDER === 'reverse') ids.reverse();
  for (const id of ids) {
    const extension = vscode.extensions.getExtension(id);
    if (!extension) throw new Error(`${id} is not installed`);
    if (extension.isActive) throw new Error(`${id} was already active`);
    const start = performance.now();
    await extension.activate();
    console.log(`${ACTIVATION_LINE} ${id} ${(performance.now() - start).toFixed(3)}`);
  }
}
