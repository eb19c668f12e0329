// 4. Footprint: the production bundles and the .vsix as `npm run package` made them, and the
// extension's activation time inside code-server (median of 5 fresh windows), next to an empty
// extension's activated in the same windows.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { openWorkbench, REPO_ROOT } from '../test/runner/workbench';
import { ACTIVATION_LINE } from './activation/marker';
import { kb, median, ms, ratio, type Row } from './measure';

const RUNS = 5;
const BUDGET = 1024 * 1024;

async function activationTimes(run: number): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  // In development mode (VS Code runs extensionTestsPath only then), from dist/ as `npm run
  // package` left it: the same minified files as in the .vsix.
  const workbench = await openWorkbench({
    extensionFolders: [path.join(REPO_ROOT, 'bench', 'emptyExtension')],
    extensionTestsPath: path.join(REPO_ROOT, 'out', 'bench', 'activation', 'index'),
    env: { DOCS_ASSISTANT_BENCH_ORDER: run % 2 ? 'reverse' : 'forward' },
    onHostLog: (line) => {
      const [marker, id, value] = line.split(' ');
      if (marker === ACTIVATION_LINE && id && value) times.set(id, Number(value));
    },
  });
  try {
    const code = await workbench.exitCode;
    if (code !== 0 || times.size !== 2) throw new Error(`The activation run exited with ${code} and reported ${times.size} of 2 times`);
  } finally {
    await workbench.close();
  }
  return times;
}

export async function benchFootprint(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const size = (file: string) => fs.statSync(path.join(REPO_ROOT, file)).size;
  const extension = size('dist/extension.js');
  const webview = size('dist/webview/chat.js');
  const vsix = size('docs-assistant.vsix');
  log(`dist/extension.js ${kb(extension)}, dist/webview/chat.js ${kb(webview)}, docs-assistant.vsix ${kb(vsix)}`);
  const ours: number[] = [];
  const empty: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const times = await activationTimes(run);
    ours.push(times.get('docs-assistant.docs-assistant')!);
    empty.push(times.get('docs-assistant.bench-empty')!);
    log(`activation, window ${run + 1}: ours ${ms(ours.at(-1)!)}, empty extension ${ms(empty.at(-1)!)}`);
  }
  const oursMedian = median(ours);
  const emptyMedian = median(empty);
  return {
    rows: [
      { measure: 'footprint: dist/extension.js (minified)', ours: kb(extension), baseline: '', ratio: '', goal: '' },
      { measure: 'footprint: dist/webview/chat.js (minified)', ours: kb(webview), baseline: '', ratio: '', goal: '' },
      {
        measure: 'footprint: docs-assistant.vsix vs its budget',
        ours: kb(vsix),
        baseline: kb(BUDGET),
        ratio: `${((vsix / BUDGET) * 100).toFixed(0)}% of it`,
        goal: 'under 1 MB',
        met: vsix < BUDGET,
      },
      {
        measure: `footprint: activation in code-server, median of ${RUNS}, vs an empty extension`,
        ours: ms(oursMedian),
        baseline: ms(emptyMedian),
        ratio: ratio(oursMedian / emptyMedian),
        goal: '',
      },
    ],
  };
}
