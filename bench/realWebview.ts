// 2b. The same answer in the real chat view: streamed by the emulator (one text delta a
// millisecond) through the extension into its webview inside code-server, with VS Code's own
// webview host and message passing. The webview shares the workbench's renderer (same origin), so
// its main-thread tasks are told apart by frame: a task counts as the view's when Chromium's trace
// attributes any of its work to the view's frames (the webview host and the view). The view's own
// PerformanceObserver reports the long tasks it saw as well. Every task of that renderer counts
// too, the workbench's own included: its garbage collections pause the view as well, streaming or
// not, so they are measured the same way with the view idle.

import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { scrolledToEnd } from '../test/browser/chatView';
import { toDeltas } from '../test/emulator/answer';
import { PlatformEmulator } from '../test/emulator/emulator';
import type { ReleaseName } from '../test/runner/codeServer';
import { openWorkbench, REPO_ROOT } from '../test/runner/workbench';
import { answerInput, openSidebar, runCommand, webviewFrame } from '../test/ui/support';
import { bundle, warmedUp } from './chromiumPage';

export interface WebviewFigures extends RendererFigures {
  readonly deltas: number;
  /** Main-thread time of the tasks attributed to the view's frames, from the question to the final paint. */
  readonly totalMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
  /** Of those, the tasks that were over 50 ms only by a full garbage collection in them, of the heap the view shares with the workbench. */
  readonly tasksOver50ByFullGc: number;
  /** The view's longest task without the full garbage collections in it. */
  readonly longestOwnTaskMs: number;
  /** Long tasks (over 50 ms) the view's PerformanceObserver reported. */
  readonly observedLongTasks: number;
  /** From the answer's last byte (the emulator's last write to the socket) to the frame after its end was drawn, painted. */
  readonly lastDeltaToPaintMs: number;
  /** From the answer's last byte to the frame after all of it was drawn (a flood is drawn in steps after its end shows). */
  readonly lastDeltaToDrawnMs: number;
  /** From the answer's last byte to the frame after all its code was highlighted (a flood's code is drawn plain first). */
  readonly lastDeltaToHighlightedMs: number;
  /** For each key typed in the question box while the answer was drawn: milliseconds from the key to the frame that shows it. */
  readonly keyLatencies: readonly number[];
}

/**
 * Every task of the window's renderers (the view shares one with the workbench), whoever's work: while
 * the view draws, and over a time it does nothing (what the workbench costs by itself).
 */
export interface RendererFigures {
  /** The longest task of the renderers' main threads. */
  readonly rendererLongestTaskMs: number;
  /** Their tasks over 50 ms: the workbench's own work and garbage collections delay the view as its own do. */
  readonly rendererTasksOver50: number;
  /** The longest full (major) garbage collection of their heaps, the workbench's and the view's. */
  readonly majorGcMs: number;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly frame?: string }; readonly beginData?: { readonly frame?: string } };
}

interface FrameTree {
  readonly frame: { readonly id: string; readonly url: string };
  readonly childFrames?: readonly FrameTree[];
}

/** The ids of the frames of VS Code's webviews: its webview host page and the view inside it. */
function webviewFrameIds(tree: FrameTree): Set<string> {
  const ids = new Set<string>();
  const walk = (node: FrameTree) => {
    if (node.frame.url.includes('/webview/browser/pre/')) ids.add(node.frame.id);
    node.childFrames?.forEach(walk);
  };
  walk(tree);
  return ids;
}

/** What bench/render/viewProbe.ts leaves in the view. */
interface ViewGlobals {
  readonly benchProbe: {
    readonly longTasks: number[];
    readonly keyLatencies: number[];
    readonly paintedAt?: number;
    readonly drawnAt?: number;
    readonly highlightedAt?: number;
  };
}

/** Between two keys typed while an answer is drawn: a quick typist's pace. */
const TYPING_PAUSE_MS = 100;

/** How an answer comes from the emulator. */
export interface Pace {
  /** The pause after each delta. */
  readonly deltaDelayMs: number;
  /** The answer in this many deltas of equal size (1: at once), instead of a word or two a delta. */
  readonly deltas?: number;
  /** Keys typed into the question box, one after another, while the answer is drawn. */
  readonly typing?: boolean;
}

/** Where the extension comes from: this repository's folder (or `extensionPath`), or a .vsix installed into the profile. */
export interface ChatWindow {
  readonly extensionPath?: string;
  readonly vsix?: string;
  readonly release?: ReleaseName;
}

/** Memory of the view, as far as it is the view's: the page's JS heap is shared with the workbench (same origin, same renderer). */
export interface ViewMemory {
  /** The renderer's used JS heap after a garbage collection, in bytes: the workbench's and the view's. */
  readonly heapBytes: number;
  /** Elements in the view's document. */
  readonly nodes: number;
}

export interface RestoreInView {
  readonly firstPaintMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
}

/** A chat view in code-server, connected to an emulator, ready to ask one question after another. */
export interface ChatInCodeServer {
  /** Asks a question whose answer is `answer`, streamed at `pace`. */
  ask(answer: string, pace: Pace): Promise<WebviewFigures>;
  /** Shows a conversation of `turns` as the view gets it after a reload: the newest turn's paint. */
  restore(turns: readonly object[]): Promise<RestoreInView>;
  memory(): Promise<ViewMemory>;
  /** The renderer over `ms` with nothing asked. */
  idle(ms: number): Promise<RendererFigures>;
  /** Starts a new conversation: the view is empty again. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

export async function openChatInCodeServer(log: (line: string) => void, where: ChatWindow = {}): Promise<ChatInCodeServer> {
  const { extensionPath, vsix, release } = where;
  const emulator = await PlatformEmulator.start({ searchDelayMs: 0 });
  const bench = await openWorkbench({
    release,
    workspaceFiles: { 'README.md': '# Bench\n' },
    userSettings: { 'docsAssistant.baseUrl': emulator.url, 'docsAssistant.domain': emulator.config.domain },
    ...(extensionPath ? { extensionPath } : {}),
    ...(vsix ? { vsix } : {}),
  }).catch(async (error: unknown) => {
    await emulator.close();
    throw error;
  });
  const close = async () => {
    await bench.close();
    await emulator.close();
  };
  try {
    const { page } = bench;
    await page.locator('.activitybar .action-item a[aria-label^="Docs Assistant"]').first().waitFor({ timeout: 60_000 });
    await openSidebar(page);
    await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(page, emulator.config.assistantKey);
    const chat = await webviewFrame(page, 'textarea.question-input');
    await chat.locator('textarea.question-input').waitFor({ state: 'visible' });
    // As a user's first question comes: once the view has built what its first answer needs (warmUp.ts).
    await warmedUp(chat);
    const cdp = await page.context().newCDPSession(page);
    const browser = page.context().browser() as Browser;
    const frames = async () => webviewFrameIds(((await cdp.send('Page.getFrameTree')) as { frameTree: FrameTree }).frameTree);
    /** The view's tasks while `run` runs, and what the whole renderer did meanwhile. */
    const traced = async <T>(run: () => Promise<T>): Promise<{ result: T; tasks: number[]; fullGcs: number[] } & RendererFigures> => {
      const ids = await frames();
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
      const result = await run();
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const renderers = rendererTasks(trace.traceEvents);
      const tasks = renderers.tasks.filter((task) => [...task.frames].some((frame) => ids.has(frame)));
      return {
        result,
        tasks: tasks.map(({ duration }) => duration),
        fullGcs: tasks.map(({ fullGc }) => fullGc),
        ...rendererFigures(renderers),
      };
    };
    return {
      ask: async (answer, pace) => {
        emulator.config.answerOverride = answer;
        emulator.config.deltaDelayMs = pace.deltaDelayMs;
        emulator.config.answerDeltas = pace.deltas;
        // In the view: the long tasks it observes, and when the frame after the answer's end was painted.
        // Evaluated, not added as a script: the view's CSP admits no script but its own.
        await chat.evaluate(bundle(path.join(REPO_ROOT, 'bench', 'render', 'viewProbe.ts')));
        const {
          result: shown,
          tasks,
          fullGcs,
          ...renderer
        } = await traced(async () => {
          await chat.locator('textarea.question-input').fill('Tell me everything');
          await chat.locator('textarea.question-input').press('Enter');
          const highlighted = () => chat.evaluate(() => (globalThis as unknown as ViewGlobals).benchProbe.highlightedAt !== undefined);
          // As a quick reader types the next question while the answer pours in (and is highlighted): ten keys a second.
          for (let typed = 0; pace.typing && typed < 3_000 && !(await highlighted()); typed++) {
            await page.keyboard.press('x');
            await page.waitForTimeout(TYPING_PAUSE_MS);
          }
          const painted = await chat.waitForFunction(
            () => {
              const { paintedAt, drawnAt, highlightedAt } = (globalThis as unknown as ViewGlobals).benchProbe;
              return highlightedAt !== undefined && { paintedAt, drawnAt, highlightedAt };
            },
            undefined,
            { timeout: 300_000, polling: 500 },
          );
          return (await painted.jsonValue()) as { paintedAt: number; drawnAt: number; highlightedAt: number };
        });
        // As in the headless bench: the figure counts only if the view followed the answer to its end.
        if (!(await scrolledToEnd(chat))) throw new Error('The view in code-server stopped following the answer before its end');
        const { observedLongTasks, keyLatencies } = await chat.evaluate(() => {
          const probe = (globalThis as unknown as ViewGlobals).benchProbe;
          return { observedLongTasks: probe.longTasks.length, keyLatencies: probe.keyLatencies };
        });
        await chat.locator('textarea.question-input').fill('');
        log(`in code-server: ${tasks.length} main-thread tasks of the view`);
        return {
          deltas: pace.deltas ?? toDeltas(answer).length,
          totalMs: tasks.reduce((sum, duration) => sum + duration, 0),
          longestTaskMs: Math.max(0, ...tasks),
          tasksOver50: tasks.filter((duration) => duration > 50).length,
          tasksOver50ByFullGc: tasks.filter((duration, index) => duration > 50 && duration - fullGcs[index] <= 50).length,
          longestOwnTaskMs: Math.max(0, ...tasks.map((duration, index) => duration - fullGcs[index])),
          observedLongTasks,
          lastDeltaToPaintMs: shown.paintedAt - emulator.answerEndAt,
          lastDeltaToDrawnMs: shown.drawnAt - emulator.answerEndAt,
          lastDeltaToHighlightedMs: shown.highlightedAt - emulator.answerEndAt,
          keyLatencies,
          ...renderer,
        };
      },
      idle: async (ms) => {
        const { tasks: _view, fullGcs: _gcs, result: _none, ...renderer } = await traced(() => page.waitForTimeout(ms));
        return renderer;
      },
      restore: async (turns) => {
        // What the extension posts on a reload, given to the view as VS Code's webview host gives it.
        await chat.evaluate((list) => Object.assign(globalThis, { benchTurns: list }), turns);
        const { result: firstPaintMs, tasks } = await traced(async () => {
          const painted = await chat.evaluate<number>(RESTORE_IN_VIEW);
          // The older turns are drawn in slices after the newest: until all are, their tasks count too.
          await chat.waitForFunction(
            (count) =>
              (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(
                '.turn',
              ).length >= count,
            turns.length,
            { timeout: 60_000 },
          );
          return painted;
        });
        return { firstPaintMs, longestTaskMs: Math.max(0, ...tasks), tasksOver50: tasks.filter((duration) => duration > 50).length };
      },
      memory: async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        return { heapBytes: usedSize, nodes: await chat.evaluate<number>("document.getElementsByTagName('*').length") };
      },
      clear: async () => {
        await runCommand(page, 'Docs Assistant: New Conversation');
        await chat.locator('.turn').first().waitFor({ state: 'detached' });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Run in the view: the conversation in `benchTurns` posted as after a reload; resolves once the frame after it is painted, in ms. */
const RESTORE_IN_VIEW = `new Promise((resolve) => {
  const start = performance.now();
  window.dispatchEvent(new MessageEvent('message', { data: { type: 'conversation', turns: globalThis.benchTurns, answering: false } }));
  requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
})`;

/** The answer streamed once, a delta every `deltaDelayMs`, in this repository's view, in a fresh window. */
export async function streamInCodeServer(
  answer: string,
  log: (line: string) => void,
  release: ReleaseName,
  deltaDelayMs = 1,
): Promise<WebviewFigures> {
  const chat = await openChatInCodeServer(log, { release });
  try {
    return await chat.ask(answer, { deltaDelayMs });
  } finally {
    await chat.close();
  }
}

/**
 * The same answer at a model's pace, then as long again with the view idle, in one window: the
 * renderer's longest task and longest full garbage collection in each.
 */
export async function streamAndIdleInCodeServer(
  answer: string,
  log: (line: string) => void,
  release: ReleaseName,
  deltaDelayMs: number,
): Promise<{ streaming: WebviewFigures; idle: RendererFigures }> {
  const chat = await openChatInCodeServer(log, { release });
  try {
    const started = Date.now();
    const streaming = await chat.ask(answer, { deltaDelayMs });
    return { streaming, idle: await chat.idle(Date.now() - started) };
  } finally {
    await chat.close();
  }
}

/** A main-thread task of a renderer that no other task holds: its time, its full garbage collections' time, and the frames whose work it did. */
interface RendererTask {
  readonly duration: number;
  fullGc: number;
  readonly frames: Set<string>;
}

const threadOf = (event: TraceEvent): string => `${event.pid}:${event.tid}`;
const milliseconds = (event: TraceEvent): number => (event.dur ?? 0) / 1000;

/**
 * Every task of every renderer's main thread in a trace, in order, with what ran inside it; and the
 * longest full GC there. A task run inside another is part of its time (of two that start together,
 * the longer holds the other).
 */
function rendererTasks(events: readonly TraceEvent[]): { tasks: RendererTask[]; longestFullGcMs: number } {
  const mainThreads = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadOf),
  );
  const onMain = events
    .filter((event) => event.ph === 'X' && mainThreads.has(threadOf(event)))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: RendererTask[] = [];
  /** Each thread's task that holds what starts before its end. */
  const open = new Map<string, { readonly end: number; readonly task: RendererTask }>();
  let longestFullGcMs = 0;
  for (const event of onMain) {
    const holder = open.get(threadOf(event));
    if (event.name === 'ThreadControllerImpl::RunTask') {
      if (holder && event.ts < holder.end) continue;
      const task = { duration: milliseconds(event), fullGc: 0, frames: new Set<string>() };
      tasks.push(task);
      open.set(threadOf(event), { end: event.ts + (event.dur ?? 0), task });
      continue;
    }
    if (event.name === 'MajorGC') longestFullGcMs = Math.max(longestFullGcMs, milliseconds(event));
    if (!holder || event.ts > holder.end) continue;
    if (event.name === 'MajorGC') holder.task.fullGc += milliseconds(event);
    const frame = event.args?.data?.frame ?? event.args?.beginData?.frame;
    if (frame) holder.task.frames.add(frame);
  }
  return { tasks, longestFullGcMs };
}

/** The renderers' tasks, the workbench's and the view's: the longest, how many over 50 ms, and the longest full GC. */
function rendererFigures({ tasks, longestFullGcMs }: ReturnType<typeof rendererTasks>): RendererFigures {
  const durations = tasks.map(({ duration }) => duration);
  return {
    rendererLongestTaskMs: Math.max(0, ...durations),
    rendererTasksOver50: durations.filter((duration) => duration > 50).length,
    majorGcMs: longestFullGcMs,
  };
}
