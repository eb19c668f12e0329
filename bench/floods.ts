// 2c. Floods: answers that come faster than a frame can draw them, as a cached answer or a fast
// model sends them. 100 KB and 1 MB of sections (a heading, a paragraph, a list and a small code
// block each) and 100 KB of one code block, all at once and in 10,000 deltas as fast as the socket
// takes them, from the emulator through the extension installed from its .vsix into the real view
// in code-server, in each tested release: the view's longest task, the time from the last byte to
// the end shown, to all of it drawn and to all its code highlighted (code filled in above the end
// is drawn plain first), and how long a key typed meanwhile takes to show. Every task of the
// window's renderers counts too, whoever's it is: the view shares one with the workbench, whose own
// work and garbage collections delay a key as the view's do. The first flood of a fresh window is
// measured on its own: it is the slowest (the window's first draw of this much text), and a user
// meets it. Then, in headless Chromium, what slicing costs: the packaged view against the same view
// drawing whatever came at once (bench/render/ablation/backfill.ts), on the same answers.

import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { codeBlockAnswer, sectionsAnswer } from '../test/emulator/floodAnswers';
import { RELEASES, type ReleaseName } from '../test/runner/codeServer';
import { launchChromium, REPO_ROOT } from '../test/runner/workbench';
import { variantBundle } from './ablation';
import { mainThreadTasks, openView, packagedView, warmedUp } from './chromiumPage';
import { median, ms, ratio, type Row } from './measure';
import { openChatInCodeServer, type Pace, type WebviewFigures } from './realWebview';

const KB = 1024;
const VSIX = path.join(REPO_ROOT, 'docs-assistant.vsix');
const RUNS = 3;
/** A task the view runs for longer than this delays a key, a scroll or a click noticeably. */
const LONG_TASK_MS = 50;
/** The goal for a key typed during a flood, to the frame that shows it. */
const KEY_MS = 100;
/** The goal from the last byte of a 100 KB flood to all of it drawn. */
const DRAWN_100KB_MS = 300;

interface Flood {
  readonly name: string;
  readonly text: string;
  readonly deltas: number;
  /** The goal from the last byte to all of it drawn, if there is one for its size. */
  readonly drawnGoalMs?: number;
  /** Measured again as the first flood of fresh windows. */
  readonly first?: true;
}

function floods(): Flood[] {
  const sections100 = sectionsAnswer(100 * KB);
  const sections1m = sectionsAnswer(1024 * KB);
  const code100 = codeBlockAnswer(100 * KB);
  return [
    { name: '100 KB of sections at once', text: sections100, deltas: 1, drawnGoalMs: DRAWN_100KB_MS, first: true },
    { name: '100 KB of sections in 10,000 deltas', text: sections100, deltas: 10_000, drawnGoalMs: DRAWN_100KB_MS },
    { name: '100 KB code block at once', text: code100, deltas: 1, drawnGoalMs: DRAWN_100KB_MS },
    { name: '100 KB code block in 10,000 deltas', text: code100, deltas: 10_000, drawnGoalMs: DRAWN_100KB_MS },
    { name: '1 MB of sections at once', text: sections1m, deltas: 1 },
    { name: '1 MB of sections in 10,000 deltas', text: sections1m, deltas: 10_000 },
  ];
}

interface InView {
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
  /** In the run with the most tasks over 50 ms: how many were over only by a full garbage collection, and the longest without it. */
  readonly overByFullGc: number;
  readonly longestOwnMs: number;
  /** Every task of the window's renderers, the median of the longest; and how many over 50 ms in the worst run. */
  readonly windowLongestMs: number;
  readonly windowOver50: number;
  readonly endShownMs: number;
  readonly drawnMs: number;
  readonly highlightedMs: number;
  /** The slowest key of a run, the median over runs; and how many keys were typed in all. */
  readonly keyMs: number;
  readonly keys: number;
}

/** As fast as the socket takes it, while a key is typed ten times a second. */
const floodPace = (flood: Flood): Pace => ({ deltaDelayMs: 0, deltas: flood.deltas, typing: true });

function logRun(log: (line: string) => void, what: string, run: number, result: WebviewFigures): void {
  log(
    `${what}, run ${run}: the view's longest task ${ms(result.longestTaskMs)} (${result.tasksOver50} over 50 ms, ${result.tasksOver50ByFullGc} only by a full GC; without GC ${ms(result.longestOwnTaskMs)}), the window's ${ms(result.rendererLongestTaskMs)} (${result.rendererTasksOver50} over 50 ms; longest full GC ${ms(result.majorGcMs)}), last byte to the end shown ${ms(result.lastDeltaToPaintMs)}, to all drawn ${ms(result.lastDeltaToDrawnMs)}, to all highlighted ${ms(result.lastDeltaToHighlightedMs)}; ${result.keyLatencies.length} keys, slowest ${ms(Math.max(0, ...result.keyLatencies))}`,
  );
}

/** Each flood in the real view of one release, the median of RUNS, in one window. */
async function inCodeServer(release: ReleaseName, list: readonly Flood[], log: (line: string) => void): Promise<Map<string, InView>> {
  const vscode = `VS Code ${RELEASES[release].vscode}`;
  const chat = await openChatInCodeServer(log, { vsix: VSIX, release });
  const figures = new Map<string, InView>();
  try {
    // A first answer, as the view has had one before a flood comes: its styles and code are warm.
    await chat.ask(sectionsAnswer(2 * KB), { deltaDelayMs: 0 });
    await chat.clear();
    for (const flood of list) {
      const runs: WebviewFigures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await chat.ask(flood.text, floodPace(flood));
        runs.push(result);
        await chat.clear();
        logRun(log, `${vscode}, ${flood.name}`, run, result);
      }
      figures.set(flood.name, inView(runs));
    }
  } finally {
    await chat.close();
  }
  return figures;
}

/** The figures of a flood's runs: medians, and the counts of the worst run. */
function inView(runs: readonly WebviewFigures[]): InView {
  const worst = runs.reduce((most, run) => (run.tasksOver50 > most.tasksOver50 ? run : most));
  return {
    longestTaskMs: median(runs.map((run) => run.longestTaskMs)),
    tasksOver50: worst.tasksOver50,
    overByFullGc: worst.tasksOver50ByFullGc,
    longestOwnMs: worst.longestOwnTaskMs,
    windowLongestMs: median(runs.map((run) => run.rendererLongestTaskMs)),
    windowOver50: Math.max(...runs.map((run) => run.rendererTasksOver50)),
    endShownMs: median(runs.map((run) => run.lastDeltaToPaintMs)),
    drawnMs: median(runs.map((run) => run.lastDeltaToDrawnMs)),
    highlightedMs: median(runs.map((run) => run.lastDeltaToHighlightedMs)),
    keyMs: median(runs.map((run) => Math.max(0, ...run.keyLatencies))),
    keys: runs.reduce((sum, run) => sum + run.keyLatencies.length, 0),
  };
}

/** The first flood of each of RUNS fresh windows (the view ready, nothing asked before). */
async function firstFloods(release: ReleaseName, flood: Flood, log: (line: string) => void): Promise<InView> {
  const runs: WebviewFigures[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const chat = await openChatInCodeServer(log, { vsix: VSIX, release });
    try {
      runs.push(await chat.ask(flood.text, floodPace(flood)));
    } finally {
      await chat.close();
    }
    logRun(log, `VS Code ${RELEASES[release].vscode}, the first flood of a fresh window, ${flood.name}`, run, runs.at(-1)!);
  }
  return inView(runs);
}

/** A flood's rows: `where` says the release and whether it was a fresh window's first. */
function floodRows(where: string, flood: Flood, found: InView): Row[] {
  return [
    {
      measure: `${where}, ${flood.name}: the view's longest task, median of ${RUNS} (tasks over 50 ms in the worst run, and how many of them only by a full garbage collection of the heap the view shares with the workbench)`,
      ours:
        found.overByFullGc === 0
          ? `${ms(found.longestTaskMs)} (${found.tasksOver50})`
          : `${ms(found.longestTaskMs)} (${found.tasksOver50}; ${found.overByFullGc} only by a full GC; the longest without GC ${ms(found.longestOwnMs)})`,
      baseline: '',
      ratio: '',
      goal: 'no task over 50 ms',
      met: found.tasksOver50 === 0,
    },
    {
      measure: `${where}, ${flood.name}: the window's longest task, whoever's (every task of its renderers: the view shares one with the workbench, whose own work and garbage collections count), median of ${RUNS} (tasks over 50 ms in the worst run)`,
      ours: `${ms(found.windowLongestMs)} (${found.windowOver50})`,
      baseline: '',
      ratio: '',
      goal: 'no task over 50 ms',
      met: found.windowOver50 === 0,
    },
    {
      measure: `${where}, ${flood.name}: last byte to all of it drawn (to its end shown; to all its code highlighted)`,
      ours: `${ms(found.drawnMs)} (${ms(found.endShownMs)}; ${ms(found.highlightedMs)})`,
      baseline: '',
      ratio: '',
      ...(flood.drawnGoalMs === undefined
        ? { goal: '' }
        : { goal: `at most ${flood.drawnGoalMs} ms`, met: found.drawnMs <= flood.drawnGoalMs }),
    },
    {
      measure: `${where}, ${flood.name}: a key typed in the question box meanwhile, to the frame that shows it (the slowest of a run; ${found.keys} keys in all)`,
      ours: ms(found.keyMs),
      baseline: '',
      ratio: '',
      goal: `within ${KEY_MS} ms`,
      met: found.keys > 0 && found.keyMs <= KEY_MS,
    },
  ];
}

interface Headless {
  readonly totalMs: number;
  readonly longestTaskMs: number;
  readonly drawnMs: number;
  readonly highlightedMs: number;
}

/** One flood at once in the headless view `view`: its main-thread time, longest task, and last byte to all drawn and highlighted. */
async function headlessOnce(browser: Browser, view: string, text: string): Promise<Headless> {
  const page = await openView(browser, view);
  interface Harness {
    prepareStream(batches: string[][], mode: string): Promise<void>;
    runStream(intervalMs: number): Promise<{ lastDeltaAt: number }>;
    allDrawn(highlighted?: boolean): Promise<number>;
  }
  try {
    await page.evaluate(
      (warm) => {
        // A first answer, as in code-server: styles and code warm.
        const deliver = (data: unknown) =>
          (globalThis as unknown as { dispatchEvent(event: unknown): void }).dispatchEvent(new MessageEvent('message', { data }));
        deliver({ type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'bench' } });
        deliver({ type: 'turnStarted', turn: { id: 'warm', question: 'Warm', answer: '', sources: [], status: 'streaming' } });
        deliver({ type: 'turnEnded', turn: { id: 'warm', question: 'Warm', answer: warm, sources: [], status: 'done' } });
      },
      sectionsAnswer(2 * KB),
    );
    await page.waitForTimeout(300);
    await warmedUp(page);
    await page.evaluate((textArg) => (globalThis as unknown as Harness).prepareStream([[textArg]], 'ours'), text);
    const { result, tasks, totalMs } = await mainThreadTasks(browser, page, async () => {
      const { lastDeltaAt } = await page.evaluate(() => (globalThis as unknown as Harness).runStream(0));
      const drawnAt = await page.evaluate(() => (globalThis as unknown as Harness).allDrawn());
      const highlightedAt = await page.evaluate(() => (globalThis as unknown as Harness).allDrawn(true));
      return { drawnMs: drawnAt - lastDeltaAt, highlightedMs: highlightedAt - lastDeltaAt };
    });
    return { totalMs, longestTaskMs: Math.max(0, ...tasks), ...result };
  } finally {
    await page.close();
  }
}

/** Each flood at once, headless, sliced (the packaged view) and drawn at once: medians of RUNS, interleaved. */
async function headless(list: readonly Flood[], log: (line: string) => void): Promise<Row[]> {
  const browser = await launchChromium();
  const atOnceView = await variantBundle(['slicing floods']);
  const rows: Row[] = [];
  try {
    for (const flood of list.filter(({ deltas }) => deltas === 1)) {
      const sliced: Headless[] = [];
      const atOnce: Headless[] = [];
      for (let run = 1; run <= RUNS; run++) {
        sliced.push(await headlessOnce(browser, packagedView(), flood.text));
        atOnce.push(await headlessOnce(browser, atOnceView, flood.text));
        const [ours, theirs] = [sliced.at(-1)!, atOnce.at(-1)!];
        log(
          `headless, ${flood.name}, run ${run}: sliced ${ms(ours.totalMs)} of tasks, longest ${ms(ours.longestTaskMs)}, all drawn ${ms(ours.drawnMs)}, highlighted ${ms(ours.highlightedMs)}; at once ${ms(theirs.totalMs)}, longest ${ms(theirs.longestTaskMs)}, all drawn ${ms(theirs.drawnMs)}`,
        );
      }
      const figure = (runs: Headless[], key: keyof Headless) => median(runs.map((run) => run[key]));
      const where = `flood, headless, ${flood.name}: sliced (ours) against drawn at once (baseline), median of ${RUNS}`;
      rows.push(
        {
          measure: `${where}: the view's longest task`,
          ours: ms(figure(sliced, 'longestTaskMs')),
          baseline: ms(figure(atOnce, 'longestTaskMs')),
          ratio: `${ratio(figure(atOnce, 'longestTaskMs') / figure(sliced, 'longestTaskMs'))} shorter`,
          goal: 'no task over 50 ms',
          met: figure(sliced, 'longestTaskMs') <= LONG_TASK_MS,
        },
        {
          measure: `${where}: main-thread time in all (what slicing costs)`,
          ours: ms(figure(sliced, 'totalMs')),
          baseline: ms(figure(atOnce, 'totalMs')),
          ratio: ratio(figure(sliced, 'totalMs') / figure(atOnce, 'totalMs')),
          goal: '',
        },
        {
          measure: `${where}: last byte to all of it drawn`,
          ours: ms(figure(sliced, 'drawnMs')),
          baseline: ms(figure(atOnce, 'drawnMs')),
          ratio: ratio(figure(sliced, 'drawnMs') / figure(atOnce, 'drawnMs')),
          goal: '',
        },
        {
          // Drawn at once, code is highlighted as it is drawn.
          measure: `${where}: last byte to all its code highlighted`,
          ours: ms(figure(sliced, 'highlightedMs')),
          baseline: ms(figure(atOnce, 'highlightedMs')),
          ratio: ratio(figure(sliced, 'highlightedMs') / figure(atOnce, 'highlightedMs')),
          goal: '',
        },
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export async function benchFloods(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const list = floods();
  const rows: Row[] = [];
  // code-server first, alone on the machine's two cores; the headless browser after it is closed.
  for (const release of Object.keys(RELEASES) as ReleaseName[]) {
    const where = `flood in code-server, VS Code ${RELEASES[release].vscode}`;
    const figures = await inCodeServer(release, list, log);
    rows.push(...list.flatMap((flood) => floodRows(where, flood, figures.get(flood.name)!)));
    for (const flood of list.filter(({ first }) => first))
      rows.push(...floodRows(`${where}, the first flood of a fresh window`, flood, await firstFloods(release, flood, log)));
  }
  rows.push(...(await headless(list, log)));
  return { rows };
}
