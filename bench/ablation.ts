// npm run bench -- --only rendering --ablate: what each layer of the chat's renderer buys. The same
// answers are rendered by the view as it is, with each layer switched off in turn, and with all of
// them off (the simple design: a draw at most every 100 ms, finished blocks rendered once, the
// unfinished tail drawn again), headless and in code-server; next to the floor (the final answer
// rendered once, in one task) and the baseline (everything rendered again at every delta). A layer
// is switched off by bundling the view with a stand-in for its module (bench/render/ablation/).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { scrolledToEnd } from '../test/browser/chatView';
import { launchChromium, REPO_ROOT } from '../test/runner/workbench';
import { STREAM_BATCH_MS } from '../src/chat/streamBatcher';
import { turns as restoredTurns } from './chatRestore';
import { bundle, mainThreadTasks, openView, PAGE_BUNDLE, warmedUp } from './chromiumPage';
import { ms } from './measure';
import { openChatInCodeServer } from './realWebview';
import { sampleDocumentation } from './sampleText';

/** Each layer, and the modules of src/webview its stand-ins take the place of when it is off. */
const LAYERS = {
  'code chunks': { codeChunks: 'codeChunks.ts' },
  'morphing the tail': { morph: 'morph.ts', codeChunks: 'codeChunksWhole.ts' },
  'reference-link redraws': { linkReferences: 'linkReferences.ts' },
  'adaptive pause': { drawThrottle: 'drawThrottle.ts' },
  'slicing floods': { backfill: 'backfill.ts' },
} as const;
export type Layer = keyof typeof LAYERS;
const ALL = Object.keys(LAYERS) as Layer[];

interface Variant {
  readonly name: string;
  readonly off: readonly Layer[];
}

const VARIANTS: readonly Variant[] = [
  { name: 'every layer (today)', off: [] },
  ...ALL.map((layer) => ({ name: `without ${layer}`, off: [layer] })),
  { name: 'no layer (the simple design)', off: ALL },
];

/** The view's bundle with the layers `off` replaced by their stand-ins, minified as packaged. */
export async function variantBundle(off: readonly Layer[]): Promise<string> {
  const standIns = new Map<string, string>();
  // Code chunks off wins over the chunks that morphing off keeps.
  for (const layer of [...off].sort((a) => (a === 'code chunks' ? 1 : -1)))
    for (const [module, file] of Object.entries(LAYERS[layer]))
      standIns.set(module, path.join(REPO_ROOT, 'bench', 'render', 'ablation', file));
  // Asynchronous: esbuild runs plugins only there.
  const result = await esbuild.build({
    ...PAGE_BUNDLE,
    entryPoints: [path.join(REPO_ROOT, 'src', 'webview', 'chat.ts')],
    plugins: [
      {
        name: 'ablation',
        setup(build) {
          build.onResolve({ filter: /^\.\/\w+$/ }, ({ path: request, importer }) => {
            if (!importer.includes(`${path.sep}src${path.sep}webview${path.sep}`)) return undefined;
            const standIn = standIns.get(request.slice(2));
            return standIn ? { path: standIn } : undefined;
          });
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}

interface Answer {
  readonly name: string;
  readonly text: string;
  /** The deltas as the extension posts them: a batch every STREAM_BATCH_MS. */
  readonly batches: string[][];
  /** For code-server: the emulator's pause between its deltas of two words. */
  readonly deltaDelayMs: number;
}

/** A model's pace: about 400 characters a second, in tokens of about four. */
const PACE_CHARS_PER_SECOND = 400;
const TOKEN_CHARS = 4;

function cutAt(text: string, size: number): string {
  return text.slice(0, text.lastIndexOf('\n', size) + 1);
}

function atModelPace(name: string, text: string): Answer {
  const tokens = text.match(new RegExp(`[^]{1,${TOKEN_CHARS}}`, 'g')) ?? [];
  const perBatch = Math.round((PACE_CHARS_PER_SECOND * STREAM_BATCH_MS) / 1000 / TOKEN_CHARS);
  const batches: string[][] = [];
  for (let i = 0; i < tokens.length; i += perBatch) batches.push(tokens.slice(i, i + perBatch));
  // Two words a delta, ten characters or so: 400 characters a second is a delta every 25 ms.
  return { name, text, batches, deltaDelayMs: 25 };
}

/** As the main benchmark floods it: a delta a millisecond, 10,000 for 100 KB. */
function flooded(name: string, text: string): Answer {
  const count = Math.round((text.length * 10_000) / (100 * 1024));
  const size = text.length / count;
  const deltas = Array.from({ length: count }, (_, i) => text.slice(Math.round(i * size), Math.round((i + 1) * size)));
  const batches: string[][] = [];
  for (let i = 0; i < deltas.length; i += STREAM_BATCH_MS) batches.push(deltas.slice(i, i + STREAM_BATCH_MS));
  return { name, text, batches, deltaDelayMs: 1 };
}

function answers(): Answer[] {
  let docs = '';
  while (docs.length < 110 * 1024) docs += `${sampleDocumentation()}\n\n`;
  const code = Array.from({ length: 1_000 }, (_, i) =>
    i % 12 === 5
      ? `/* Step ${i} retries with a longer wait,`
      : i % 12 === 6
        ? '   up to the limit. */'
        : `const wait${i} = backoff(${i}, { limitMs: 30_000 });`,
  );
  return [
    atModelPace('typical (3 KB at a model\u2019s pace)', cutAt(docs, 3 * 1024)),
    atModelPace('long (20 KB at a model\u2019s pace)', cutAt(docs, 20 * 1024)),
    flooded('flood (100 KB, 10 KB a second)', cutAt(docs, 100 * 1024)),
    flooded(
      'code (one block of 1,000 lines)',
      `Here is the whole module:\n\n\`\`\`ts\n${code.join('\n')}\n\`\`\`\n\nIt waits longer after each failure.\n`,
    ),
  ];
}

interface StreamFigures {
  readonly totalMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
  readonly lastDeltaToPaintMs: number;
}

interface Memory {
  readonly heapMb: number;
  readonly elements: number;
}

interface RestoreFigures {
  readonly firstPaintMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
}

interface Figures {
  readonly streams: readonly StreamFigures[];
  readonly restore: RestoreFigures;
  /** After the 100 KB answer, and after the 200-turn restore. */
  readonly memory: { readonly flood: Memory; readonly restore: Memory };
}

/** What bench/render/harness.ts puts in the page. */
interface Harness {
  prepareStream(batches: string[][], mode: string): Promise<void>;
  runStream(intervalMs: number): Promise<{ lastDeltaAt: number; finalPaintAt: number }>;
  runRestore(): Promise<{ firstPaintMs: number; allDrawnMs: number }>;
  runFloor(text: string): Promise<void>;
}

async function memoryOf(page: Page): Promise<Memory> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return { heapMb: usedSize / 1024 / 1024, elements: await page.evaluate<number>("document.getElementsByTagName('*').length") };
}

async function stream(
  browser: Browser,
  view: string,
  answer: Answer,
  mode: 'ours' | 'baseline',
): Promise<StreamFigures & { memory: Memory }> {
  const page = await openView(browser, view);
  try {
    if (mode === 'ours') await warmedUp(page);
    await page.evaluate(([batches, kind]) => (globalThis as unknown as Harness).prepareStream(batches, kind), [
      answer.batches,
      mode,
    ] as const);
    const {
      result: timing,
      totalMs,
      tasks,
    } = await mainThreadTasks(browser, page, () =>
      page.evaluate((interval) => (globalThis as unknown as Harness).runStream(interval), STREAM_BATCH_MS),
    );
    if (mode === 'ours' && !(await scrolledToEnd(page))) throw new Error(`The view stopped following ${answer.name} before its end`);
    return {
      totalMs,
      longestTaskMs: Math.max(0, ...tasks),
      tasksOver50: tasks.filter((duration) => duration > 50).length,
      lastDeltaToPaintMs: timing.finalPaintAt - timing.lastDeltaAt,
      memory: await memoryOf(page),
    };
  } finally {
    await page.close();
  }
}

async function restore(browser: Browser, view: string): Promise<RestoreFigures & { memory: Memory }> {
  const page = await openView(browser, view);
  try {
    await page.evaluate((list) => Object.assign(globalThis, { benchTurns: list }), restoredTurns(200));
    const { result, tasks } = await mainThreadTasks(browser, page, () =>
      page.evaluate(() => (globalThis as unknown as Harness).runRestore()),
    );
    return {
      firstPaintMs: result.firstPaintMs,
      longestTaskMs: Math.max(0, ...tasks),
      tasksOver50: tasks.filter((duration) => duration > 50).length,
      memory: await memoryOf(page),
    };
  } finally {
    await page.close();
  }
}

async function floor(browser: Browser, text: string): Promise<{ totalMs: number; memory: Memory }> {
  const page = await openView(browser, bundle(path.join(REPO_ROOT, 'bench', 'render', 'floorView.ts')));
  try {
    const { totalMs } = await mainThreadTasks(browser, page, () =>
      page.evaluate((whole) => (globalThis as unknown as Harness).runFloor(whole), text),
    );
    return { totalMs, memory: await memoryOf(page) };
  } finally {
    await page.close();
  }
}

/** Every variant of the view, headless: its figures for each answer and the restore. */
async function headless(log: (line: string) => void, list: readonly Answer[]) {
  const browser = await launchChromium();
  try {
    const figures = new Map<string, Figures>();
    for (const variant of VARIANTS) {
      const view = await variantBundle(variant.off);
      const streams: (StreamFigures & { memory: Memory })[] = [];
      for (const answer of list) {
        const result = await stream(browser, view, answer, 'ours');
        streams.push(result);
        log(
          `${variant.name}, ${answer.name}: ${ms(result.totalMs)}, longest ${ms(result.longestTaskMs)}, last delta to paint ${ms(result.lastDeltaToPaintMs)}`,
        );
      }
      const restored = await restore(browser, view);
      log(
        `${variant.name}, restore of 200 turns: newest painted after ${ms(restored.firstPaintMs)}, longest ${ms(restored.longestTaskMs)}`,
      );
      figures.set(variant.name, { streams, restore: restored, memory: { flood: streams[2].memory, restore: restored.memory } });
    }
    const floors = [];
    for (const answer of list) floors.push(await floor(browser, answer.text));
    const restoredText = (restoredTurns(200) as { question: string; answer: string }[])
      .map((turn) => `${turn.question}\n\n${turn.answer}`)
      .join('\n\n');
    const restoreFloor = await floor(browser, restoredText);
    log(`floor: ${floors.map((f) => ms(f.totalMs)).join(', ')}; restore ${ms(restoreFloor.totalMs)}`);
    const baselineView = bundle(path.join(REPO_ROOT, 'bench', 'render', 'baselineView.ts'));
    const baselines = [];
    for (const answer of list.slice(0, 3)) {
      const result = await stream(browser, baselineView, answer, 'baseline');
      baselines.push(result.totalMs);
      log(`baseline, ${answer.name}: ${ms(result.totalMs)}`);
    }
    return { figures, floors, restoreFloor, baselines };
  } finally {
    await browser.close();
  }
}

/** The extension with the variant's view in place of its own, in a folder of its own. */
function variantExtension(view: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-ablation-'));
  for (const entry of ['package.json', 'dist', 'media'])
    fs.cpSync(path.join(REPO_ROOT, entry), path.join(folder, entry), { recursive: true });
  fs.writeFileSync(path.join(folder, 'dist', 'webview', 'chat.js'), view);
  return folder;
}

/** Every variant in code-server: the streamed answers (not the code block) and the restore. */
async function inCodeServer(log: (line: string) => void, list: readonly Answer[]) {
  const figures = new Map<string, { streams: StreamFigures[]; restore: RestoreFigures; memory: { flood: Memory; restore: Memory } }>();
  for (const variant of VARIANTS) {
    const folder = variantExtension(await variantBundle(variant.off));
    const chat = await openChatInCodeServer(() => {}, { extensionPath: folder });
    try {
      const streams: StreamFigures[] = [];
      let floodMemory: Memory | undefined;
      for (const [index, answer] of list.slice(0, 3).entries()) {
        const result = await chat.ask(answer.text, { deltaDelayMs: answer.deltaDelayMs });
        streams.push(result);
        log(
          `code-server, ${variant.name}, ${answer.name}: ${ms(result.totalMs)}, longest ${ms(result.longestTaskMs)}, last delta to paint ${ms(result.lastDeltaToPaintMs)}`,
        );
        if (index === 2) {
          const memory = await chat.memory();
          floodMemory = { heapMb: memory.heapBytes / 1024 / 1024, elements: memory.nodes };
        }
        await chat.clear();
      }
      const restored = await chat.restore(restoredTurns(200));
      const memory = await chat.memory();
      log(
        `code-server, ${variant.name}, restore of 200 turns: newest painted after ${ms(restored.firstPaintMs)}, longest ${ms(restored.longestTaskMs)}`,
      );
      figures.set(variant.name, {
        streams,
        restore: restored,
        memory: { flood: floodMemory!, restore: { heapMb: memory.heapBytes / 1024 / 1024, elements: memory.nodes } },
      });
    } finally {
      await chat.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  return figures;
}

const times = (value: number) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}×`;
const mb = (value: number) => `${value.toFixed(1)} MB`;

export interface Ablation {
  /** Markdown tables, for docs/performance.md. */
  readonly tables: string;
}

export async function benchAblation(log: (line: string) => void): Promise<Ablation> {
  const list = answers();
  const { figures, floors, restoreFloor, baselines } = await headless(log, list);
  const real = await inCodeServer(log, list);
  const header = (title: string, columns: string[]) =>
    [`**${title}**`, '', `| variant | ${columns.join(' | ')} |`, `|---|${columns.map(() => '---:').join('|')}|`].join('\n');
  const headlessRows = VARIANTS.map((variant) => {
    const f = figures.get(variant.name)!;
    const cells = f.streams.map((s, i) => {
      const base = baselines[i] === undefined ? '' : `, ${times(baselines[i] / s.totalMs)} less than the baseline`;
      return `${ms(s.totalMs)} (${times(s.totalMs / floors[i].totalMs)} the floor${base}); longest ${ms(s.longestTaskMs)}; to paint ${ms(s.lastDeltaToPaintMs)}`;
    });
    return `| ${variant.name} | ${cells.join(' | ')} | ${ms(f.restore.firstPaintMs)}; longest ${ms(f.restore.longestTaskMs)} | ${mb(f.memory.flood.heapMb)}, ${f.memory.flood.elements} | ${mb(f.memory.restore.heapMb)}, ${f.memory.restore.elements} |`;
  });
  const floorRow = `| the floor (rendered once, in one task) | ${floors.map((f) => ms(f.totalMs)).join(' | ')} | ${ms(restoreFloor.totalMs)} | ${mb(floors[2].memory.heapMb)}, ${floors[2].memory.elements} | ${mb(restoreFloor.memory.heapMb)}, ${restoreFloor.memory.elements} |`;
  const baselineRow = `| the baseline (everything again at every delta) | ${baselines.map((b) => ms(b)).join(' | ')} |  |  |  |  |`;
  const realRows = VARIANTS.map((variant) => {
    const f = real.get(variant.name)!;
    const cells = f.streams.map(
      (s, i) =>
        `${ms(s.totalMs)} (${times(s.totalMs / floors[i].totalMs)} the floor); longest ${ms(s.longestTaskMs)}; to paint ${ms(s.lastDeltaToPaintMs)}`,
    );
    return `| ${variant.name} | ${cells.join(' | ')} | ${ms(f.restore.firstPaintMs)}; longest ${ms(f.restore.longestTaskMs)} | ${f.memory.flood.elements} | ${f.memory.restore.elements} |`;
  });
  const tables = [
    header('Headless Chromium: the view\u2019s main-thread time, its longest task and the last delta to the final paint', [
      ...list.map((answer) => answer.name),
      'restore of 200 turns: newest painted',
      'after the 100 KB answer: heap, elements',
      'after the restore: heap, elements',
    ]),
    ...headlessRows,
    floorRow,
    baselineRow,
    '',
    header('In code-server (the floor is the headless one)', [
      ...list.slice(0, 3).map((answer) => answer.name),
      'restore of 200 turns: newest painted',
      'elements after the 100 KB answer',
      'elements after the restore',
    ]),
    ...realRows,
  ].join('\n');
  return { tables };
}
