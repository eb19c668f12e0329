// 2. Chat rendering, in headless Chromium. The real webview bundle (dist/webview/chat.js, as
// packaged) renders a 100 KB Markdown answer (prose, lists, tables, code blocks) arriving in
// 10,000 deltas; the baseline view renders the whole Markdown again on every delta, with the
// same renderer. Both get the same deltas on the same clock (bench/render/harness.ts).

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/runner/workbench';
import { DELTA_BATCH_MS } from '../src/chat/deltaBatcher';
import { ms, ratio, type Row } from './measure';
import { sampleDocumentation } from './sampleText';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const ANSWER_BYTES = 100 * 1024;
const DELTAS = 10_000;
/** Deltas arrive at one per millisecond; the extension posts what arrived every DELTA_BATCH_MS. */
const PER_BATCH = DELTA_BATCH_MS;

/** The sample documentation, repeated to 100 KB and cut at a line end. */
function answerMarkdown(): string {
  const docs = sampleDocumentation();
  let text = '';
  while (text.length < ANSWER_BYTES) text += `${docs}\n\n`;
  return text.slice(0, text.lastIndexOf('\n', ANSWER_BYTES) + 1);
}

/** Cut anywhere, as tokens are: 10,000 pieces of nearly equal length. */
function batches(text: string): string[][] {
  const size = text.length / DELTAS;
  const deltas = Array.from({ length: DELTAS }, (_, i) => text.slice(Math.round(i * size), Math.round((i + 1) * size)));
  const grouped: string[][] = [];
  for (let i = 0; i < deltas.length; i += PER_BATCH) grouped.push(deltas.slice(i, i + PER_BATCH));
  return grouped;
}

function bundle(entry: string): string {
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return result.outputFiles[0].text;
}

interface RenderFigures {
  /** Main-thread task time from the first delta to the final paint. */
  readonly totalMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
  readonly lastDeltaToPaintMs: number;
  readonly renderedChars: number;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly tid: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string };
}

async function measure(browser: Browser, view: string, mode: 'ours' | 'baseline', groups: string[][]): Promise<RenderFigures> {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  await page.setContent(
    `<!DOCTYPE html><html><head><style>${fs.readFileSync(path.join(REPO_ROOT, 'media', 'chat.css'), 'utf8')}</style></head><body><div id="app"></div></body></html>`,
  );
  await page.addScriptTag({ content: 'window.acquireVsCodeApi = () => ({ postMessage() {}, getState() {}, setState() {} });' });
  await page.addScriptTag({ content: bundle(path.join(REPO_ROOT, 'bench', 'render', 'harness.ts')) });
  await page.addScriptTag({ content: view });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')!.value;
  await browser.startTracing(page, { categories: ['toplevel'] });
  const before = await taskSeconds();
  type RunStream = (batches: string[][], mode: string, intervalMs: number) => Promise<{ lastDeltaAt: number; finalPaintAt: number }>;
  const timing = await page.evaluate(
    ([groupsArg, modeArg, interval]) => (globalThis as unknown as { runStream: RunStream }).runStream(groupsArg, modeArg, interval),
    [groups, mode, DELTA_BATCH_MS] as const,
  );
  const after = await taskSeconds();
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    trace.traceEvents
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => event.tid),
  );
  const tasks = trace.traceEvents
    .filter((event) => event.name === 'ThreadControllerImpl::RunTask' && event.ph === 'X' && mainThreads.has(event.tid))
    .map((event) => (event.dur ?? 0) / 1000);
  // The answer's text, without white space: what a reader sees, whatever the blocks.
  const renderedChars = await page
    .locator('.answer')
    .evaluate((answer: { textContent: string | null }) => (answer.textContent ?? '').replace(/\s+/g, '').length);
  await page.close();
  return {
    totalMs: (after - before) * 1000,
    longestTaskMs: Math.max(0, ...tasks),
    tasksOver50: tasks.filter((duration) => duration > 50).length,
    lastDeltaToPaintMs: timing.finalPaintAt - timing.lastDeltaAt,
    renderedChars,
  };
}

export async function benchChatRendering(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const webview = path.join(REPO_ROOT, 'dist', 'webview', 'chat.js');
  const groups = batches(answerMarkdown());
  const browser = await launchChromium();
  try {
    const ours = await measure(browser, fs.readFileSync(webview, 'utf8'), 'ours', groups);
    log(
      `ours: ${ms(ours.totalMs)} of main-thread tasks, longest ${ms(ours.longestTaskMs)} (${ours.tasksOver50} over 50 ms), last delta to paint ${ms(ours.lastDeltaToPaintMs)}`,
    );
    const baseline = await measure(browser, bundle(path.join(REPO_ROOT, 'bench', 'render', 'baselineView.ts')), 'baseline', groups);
    log(
      `baseline: ${ms(baseline.totalMs)} of main-thread tasks, longest ${ms(baseline.longestTaskMs)} (${baseline.tasksOver50} over 50 ms), last delta to paint ${ms(baseline.lastDeltaToPaintMs)}`,
    );
    // Ours commits blocks as it goes; the text it shows must still be all of the answer.
    if (Math.abs(ours.renderedChars - baseline.renderedChars) > baseline.renderedChars * 0.01) {
      throw new Error(`The view shows ${ours.renderedChars} characters of text; the baseline ${baseline.renderedChars}`);
    }
    return {
      rows: [
        {
          measure: 'chat: main-thread time, 100 KB answer in 10,000 deltas',
          ours: ms(ours.totalMs),
          baseline: ms(baseline.totalMs),
          ratio: `${ratio(baseline.totalMs / ours.totalMs)} less`,
          goal: '≥ 100× less',
          met: baseline.totalMs / ours.totalMs >= 100,
        },
        {
          measure: 'chat: longest main-thread task',
          ours: ms(ours.longestTaskMs),
          baseline: ms(baseline.longestTaskMs),
          ratio: ratio(baseline.longestTaskMs / ours.longestTaskMs),
          goal: 'no task over 50 ms',
          met: ours.tasksOver50 === 0,
        },
        {
          measure: 'chat: last delta to final paint',
          ours: ms(ours.lastDeltaToPaintMs),
          baseline: ms(baseline.lastDeltaToPaintMs),
          ratio: ratio(baseline.lastDeltaToPaintMs / ours.lastDeltaToPaintMs),
          goal: 'under 50 ms',
          met: ours.lastDeltaToPaintMs < 50,
        },
      ],
    };
  } finally {
    await browser.close();
  }
}
