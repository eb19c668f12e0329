// 2b. The same answer in the real chat view: streamed by the emulator (one text delta a
// millisecond) through the extension into its webview inside code-server, with VS Code's own
// webview host and message passing. The webview shares the workbench's renderer (same origin), so
// its main-thread tasks are told apart by frame: a task counts as the view's when Chromium's trace
// attributes any of its work to the view's frames (the webview host and the view). The view's own
// PerformanceObserver reports the long tasks it saw as well.

import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { scrolledToEnd } from '../test/browser/chatView';
import { toDeltas } from '../test/platform/answer';
import { PlatformEmulator } from '../test/platform/emulator';
import { openWorkbench, REPO_ROOT } from '../test/runner/workbench';
import { answerInput, openSidebar, runCommand, webviewFrame } from '../test/ui/support';
import { bundle } from './chromiumPage';

export interface WebviewFigures {
  readonly deltas: number;
  /** Main-thread time of the tasks attributed to the view's frames, from the question to the final paint. */
  readonly totalMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
  /** Long tasks (over 50 ms) the view's PerformanceObserver reported. */
  readonly observedLongTasks: number;
  readonly lastDeltaToPaintMs: number;
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
  readonly benchProbe: { readonly longTasks: number[]; readonly paintedAt?: number };
}

export async function streamInCodeServer(answer: string, log: (line: string) => void): Promise<WebviewFigures> {
  const emulator = await PlatformEmulator.start({ answerOverride: answer, deltaDelayMs: 1, searchDelayMs: 0 });
  try {
    const bench = await openWorkbench({
      workspaceFiles: { 'README.md': '# Bench\n' },
      userSettings: { 'docsAssistant.baseUrl': emulator.url, 'docsAssistant.domain': emulator.config.domain },
    });
    try {
      const { page } = bench;
      await page.locator('.activitybar .action-item a[aria-label^="Docs Assistant"]').first().waitFor({ timeout: 60_000 });
      await openSidebar(page);
      await runCommand(page, 'Docs Assistant: Set Assistant Key');
      await answerInput(page, emulator.config.assistantKey);
      const chat = await webviewFrame(page, 'textarea.question-input');
      await chat.locator('textarea.question-input').waitFor({ state: 'visible' });
      // In the view: the long tasks it observes, and when the frame after the answer's end was painted.
      // Evaluated, not added as a script: the view's CSP admits no script but its own.
      await chat.evaluate(bundle(path.join(REPO_ROOT, 'bench', 'render', 'viewProbe.ts')));
      const cdp = await page.context().newCDPSession(page);
      const frames = webviewFrameIds(((await cdp.send('Page.getFrameTree')) as { frameTree: FrameTree }).frameTree);
      const browser = page.context().browser() as Browser;
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
      await chat.locator('textarea.question-input').fill('Tell me everything');
      await chat.locator('textarea.question-input').press('Enter');
      const paintedAt = await chat.waitForFunction(() => (globalThis as unknown as ViewGlobals).benchProbe.paintedAt, undefined, {
        timeout: 180_000,
        polling: 500,
      });
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      // As in the headless bench: the figure counts only if the view followed the answer to its end.
      if (!(await scrolledToEnd(chat))) throw new Error('The view in code-server stopped following the answer before its end');
      const observedLongTasks = await chat.evaluate(() => (globalThis as unknown as ViewGlobals).benchProbe.longTasks.length);
      const tasks = viewTasks(trace.traceEvents, frames);
      log(`in code-server: ${frames.size} webview frames; ${tasks.length} main-thread tasks of theirs`);
      return {
        deltas: toDeltas(answer).length,
        totalMs: tasks.reduce((sum, duration) => sum + duration, 0),
        longestTaskMs: Math.max(0, ...tasks),
        tasksOver50: tasks.filter((duration) => duration > 50).length,
        observedLongTasks,
        lastDeltaToPaintMs: (await paintedAt.jsonValue())! - emulator.lastTextDeltaAt,
      };
    } finally {
      await bench.close();
    }
  } finally {
    await emulator.close();
  }
}

/** The durations of the renderer main-thread tasks with work of the given frames in them. */
function viewTasks(events: readonly TraceEvent[], frames: ReadonlySet<string>): number[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`)).sort((a, b) => a.ts - b.ts);
  const durations: number[] = [];
  let task: TraceEvent | undefined;
  let ours = false;
  const close = () => {
    if (task && ours) durations.push((task.dur ?? 0) / 1000);
  };
  for (const event of onMain) {
    if (event.name === 'ThreadControllerImpl::RunTask') {
      if (task && event.ts < task.ts + (task.dur ?? 0) && event.tid === task.tid) continue;
      close();
      task = event;
      ours = false;
      continue;
    }
    if (!task || event.ts > task.ts + (task.dur ?? 0)) continue;
    const frame = event.args?.data?.frame ?? event.args?.beginData?.frame;
    if (frame && frames.has(frame)) ours = true;
  }
  close();
  return durations;
}
