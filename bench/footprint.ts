// 4. Footprint: the production bundles and the .vsix as `npm run package` made them, what
// activation loads, how long the first use that loads the rest takes, and the extension's
// activation time inside code-server (median of 7 fresh windows, which goes first alternating,
// after a third, empty extension has taken the cost of the window's first activation), next to an
// empty extension's activated in the same windows.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { openWorkbench, REPO_ROOT } from '../test/runner/workbench';
import { ACTIVATION_LINE, FIRST_USE_LINE, LOADED_LINE } from './activation/marker';
import { kb, median, ms, ratio, type Row } from './measure';

const RUNS = 7;
const BUDGET = 1024 * 1024;

interface Activation {
  readonly times: Map<string, number>;
  /** How long Docs Assistant's first use took: loading dist/features.js and setting up. */
  readonly firstUse: number;
  /** What activation loaded of the extension's files. */
  readonly loaded?: { readonly bytes: number; readonly files: string[] };
}

async function activation(run: number): Promise<Activation> {
  const times = new Map<string, number>();
  let firstUse = NaN;
  let loaded: Activation['loaded'];
  // In development mode (VS Code runs extensionTestsPath only then), from dist/ as `npm run
  // package` left it: the same minified files as in the .vsix.
  const workbench = await openWorkbench({
    extensionFolders: [path.join(REPO_ROOT, 'bench', 'emptyExtension'), path.join(REPO_ROOT, 'bench', 'warmUpExtension')],
    extensionTestsPath: path.join(REPO_ROOT, 'out', 'bench', 'activation', 'index'),
    env: { DOCS_ASSISTANT_BENCH_ORDER: run % 2 ? 'reverse' : 'forward' },
    onHostLog: (line) => {
      const [marker, first, second] = line.split(' ');
      if (marker === ACTIVATION_LINE && first && second) times.set(first, Number(second));
      if (marker === FIRST_USE_LINE && first) firstUse = Number(first);
      if (marker === LOADED_LINE && first) loaded = { bytes: Number(first), files: (second ?? '').split(',').filter(Boolean) };
    },
  });
  try {
    const code = await workbench.exitCode;
    if (code !== 0 || times.size !== 2) throw new Error(`The activation run exited with ${code} and reported ${times.size} of 2 times`);
  } finally {
    await workbench.close();
  }
  return { times, firstUse, ...(loaded ? { loaded } : {}) };
}

export async function benchFootprint(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const size = (file: string) => fs.statSync(path.join(REPO_ROOT, file)).size;
  const extension = size('dist/extension.js');
  const features = size('dist/features.js');
  const vendor = size('dist/vendor/undici.js');
  const webview = size('dist/webview/chat.js');
  const vsix = size('docs-assistant.vsix');
  log(
    `dist/extension.js ${kb(extension)}, dist/features.js ${kb(features)}, dist/vendor/undici.js ${kb(vendor)}, dist/webview/chat.js ${kb(webview)}, docs-assistant.vsix ${kb(vsix)}`,
  );
  const ours: number[] = [];
  const empty: number[] = [];
  const firstUse: number[] = [];
  let loaded: Activation['loaded'];
  for (let run = 0; run < RUNS; run++) {
    const result = await activation(run);
    ours.push(result.times.get('docs-assistant.docs-assistant')!);
    empty.push(result.times.get('docs-assistant.bench-empty')!);
    firstUse.push(result.firstUse);
    loaded ??= result.loaded;
    log(
      `activation, window ${run + 1} (${run % 2 ? 'empty first' : 'ours first'}): ours ${ms(ours.at(-1)!)}, empty extension ${ms(empty.at(-1)!)}; then our first use ${ms(firstUse.at(-1)!)}`,
    );
  }
  log(`activation loads ${loaded ? `${kb(loaded.bytes)}: ${loaded.files.join(', ')}` : 'an unknown amount'}`);
  const oursMedian = median(ours);
  const emptyMedian = median(empty);
  return {
    rows: [
      {
        measure: 'footprint: dist/extension.js, what activation loads (minified)',
        ours: loaded ? kb(loaded.bytes) : kb(extension),
        baseline: '',
        ratio: '',
        goal: '',
      },
      { measure: 'footprint: dist/features.js, loaded on first use', ours: kb(features), baseline: '', ratio: '', goal: '' },
      { measure: 'footprint: dist/vendor/undici.js, loaded with the first request', ours: kb(vendor), baseline: '', ratio: '', goal: '' },
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
        measure: `footprint: activation in code-server, median of ${RUNS} fresh windows, vs an empty extension`,
        ours: ms(oursMedian),
        baseline: ms(emptyMedian),
        ratio: ratio(oursMedian / emptyMedian),
        goal: '≤ 1.5× an empty extension',
        met: oursMedian / emptyMedian <= 1.5,
      },
      {
        measure: `footprint: first use after activation (loads dist/features.js), median of ${RUNS}`,
        ours: ms(median(firstUse)),
        baseline: '',
        ratio: '',
        goal: '',
      },
    ],
  };
}
