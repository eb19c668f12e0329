// 4b. Footprint in a browser-only VS Code: the web build's size, and activation in code-server's web
// worker extension host (the web package installed, as vscode.dev would run it) next to an empty
// web extension's in the same windows, measured the way the Node host's is (median of fresh
// windows, which goes first alternating, after a warm-up extension). No extensionTestsPath there:
// a small web extension activates them and writes the times into the workspace.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageWeb, WEB_VSIX } from '../test/runner/webPackage';
import { openWorkbench, REPO_ROOT, writtenJson } from '../test/runner/workbench';
import { kb, median, ms, ratio, type Row } from './measure';

const RUNS = 7;
const BUNDLE_BUDGET = 400 * 1024;
const OURS = 'docs-assistant.docs-assistant';
const EMPTY = 'docs-assistant.bench-empty';

/** A copy of one of the benchmark's empty extensions that has only a `browser` entry, so it runs beside ours. */
function webOnly(name: string, scratch: string): string {
  const folder = path.join(scratch, name);
  fs.cpSync(path.join(REPO_ROOT, 'bench', name), folder, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
  manifest.browser = manifest.main;
  delete manifest.main;
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
  return folder;
}

async function activation(run: number, extensionFolders: string[]): Promise<Map<string, number>> {
  const order = run % 2 ? [EMPTY, OURS] : [OURS, EMPTY];
  const workbench = await openWorkbench({ vsix: WEB_VSIX, extensionFolders, workspaceFiles: { 'order.json': JSON.stringify(order) } });
  try {
    const written = await writtenJson<{ times?: Record<string, number>; webWorker?: boolean; error?: string }>(
      path.join(workbench.workspace, 'activation.json'),
      'the web activation run to write its times',
      120_000,
    );
    if (written.error) throw new Error(`The web activation run failed: ${written.error}`);
    if (!written.webWorker) throw new Error('The web activation run did not run in a web worker');
    return new Map(Object.entries(written.times ?? {}));
  } finally {
    await workbench.close();
  }
}

export async function benchWebFootprint(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const entry = fs.statSync(path.join(REPO_ROOT, 'dist', 'web', 'extension.js')).size;
  const bundle = entry + fs.statSync(path.join(REPO_ROOT, 'dist', 'web', 'features.js')).size;
  packageWeb();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-web-bench-'));
  const ours: number[] = [];
  const empty: number[] = [];
  try {
    const folders = [
      webOnly('emptyExtension', scratch),
      webOnly('warmUpExtension', scratch),
      path.join(REPO_ROOT, 'bench', 'webActivationDriver'),
    ];
    for (let run = 0; run < RUNS; run++) {
      const times = await activation(run, folders);
      ours.push(times.get(OURS)!);
      empty.push(times.get(EMPTY)!);
      log(
        `web worker host, window ${run + 1} (${run % 2 ? 'empty first' : 'ours first'}): ours ${ms(ours.at(-1)!)}, empty web extension ${ms(empty.at(-1)!)}`,
      );
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const oursMedian = median(ours);
  const emptyMedian = median(empty);
  return {
    rows: [
      {
        measure: 'footprint: the web build, dist/web/extension.js and dist/web/features.js (minified)',
        ours: kb(bundle),
        baseline: kb(BUNDLE_BUDGET),
        ratio: `${((bundle / BUNDLE_BUDGET) * 100).toFixed(0)}% of it`,
        goal: 'under 400 KB',
        met: bundle < BUNDLE_BUDGET,
      },
      {
        measure: 'footprint: dist/web/extension.js, what activation loads in a browser (with the preview plugin)',
        ours: kb(entry),
        baseline: '',
        ratio: '',
        goal: '',
      },
      {
        measure: `footprint: activation in code-server's web worker host, median of ${RUNS} fresh windows, vs an empty web extension`,
        ours: ms(oursMedian),
        baseline: ms(emptyMedian),
        ratio: ratio(oursMedian / emptyMedian),
        goal: '≤ 1.5× an empty extension',
        met: oursMedian / emptyMedian <= 1.5,
      },
    ],
  };
}
