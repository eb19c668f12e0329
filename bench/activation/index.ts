// Runs inside the extension host (as extensionTestsPath): activates Docs Assistant and the empty
// baseline extension, neither active before, and logs how long each activate() took, with code
// loading, and which of Docs Assistant's files activation loaded; then how long its first use
// takes, which loads the rest. Which goes first alternates between runs, set by the runner.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { hostPrint } from '../../test/runner/hostOutput';
import { ACTIVATION_LINE, FIRST_USE_LINE, LOADED_LINE } from './marker';

export async function run(): Promise<void> {
  // The first extension a window activates pays for the extension host's own first use; an empty
  // extension activated first takes that, so neither measured extension does.
  const warmUp = vscode.extensions.getExtension('docs-assistant.bench-warm-up');
  if (!warmUp) throw new Error('docs-assistant.bench-warm-up is not installed');
  await warmUp.activate();
  const ids = ['docs-assistant.docs-assistant', 'docs-assistant.bench-empty'];
  if (process.env.DOCS_ASSISTANT_BENCH_ORDER === 'reverse') ids.reverse();
  for (const id of ids) {
    const extension = vscode.extensions.getExtension(id);
    if (!extension) throw new Error(`${id} is not installed`);
    if (extension.isActive) throw new Error(`${id} was already active`);
    const start = performance.now();
    await extension.activate();
    hostPrint(`${ACTIVATION_LINE} ${id} ${(performance.now() - start).toFixed(3)}`);
    if (id === 'docs-assistant.docs-assistant') {
      const dist = path.join(extension.extensionPath, 'dist');
      const loaded = Object.keys(require.cache).filter((file) => file.startsWith(dist));
      const bytes = loaded.reduce((sum, file) => sum + fs.statSync(file).size, 0);
      hostPrint(`${LOADED_LINE} ${bytes} ${loaded.map((file) => path.relative(extension.extensionPath, file)).join(',')}`);
    }
  } // After both, so that what the features start in the background cannot slow the empty extension.
  const ours = vscode.extensions.getExtension<DocsAssistantApi>('docs-assistant.docs-assistant')!;
  const start = performance.now();
  ours.exports.recentLog();
  hostPrint(`${FIRST_USE_LINE} ${(performance.now() - start).toFixed(3)}`);
}
