// The chat view in headless Chromium, for the rendering benchmarks: a page with the view's styles,
// a stand-in for VS Code's webview API, the harness (bench/render/harness.ts) and a view script;
// and the main thread's tasks while something runs there, from Chromium's own trace.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { REPO_ROOT } from '../test/runner/workbench';

/** How the benchmarks bundle a script for the page: minified, as the packaged view is. */
export const PAGE_BUNDLE = { bundle: true, format: 'iife', platform: 'browser', target: 'es2022', minify: true, write: false } as const;

/** A browser bundle of `entry`. */
export function bundle(entry: string): string {
  return esbuild.buildSync({ ...PAGE_BUNDLE, entryPoints: [entry] }).outputFiles[0].text;
}

/** The packaged chat view, as `npm run package` left it. */
export function packagedView(): string {
  return fs.readFileSync(path.join(REPO_ROOT, 'dist', 'webview', 'chat.js'), 'utf8');
}

/**
 * Until the chat view has warmed up (src/webview/warmUp.ts), as it has by the time a user has typed
 * a question: a benchmark of a question's answer starts then.
 */
export async function warmedUp(view: Page | Frame): Promise<void> {
  await view.locator('html[data-warmed-up]').waitFor({ state: 'attached' });
}

export async function openView(browser: Browser, view: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  await page.setContent(
    `<!DOCTYPE html><html><head><style>${fs.readFileSync(path.join(REPO_ROOT, 'media', 'chat.css'), 'utf8')}</style></head><body><div id="app"></div></body></html>`,
  );
  await page.addScriptTag({ content: 'window.acquireVsCodeApi = () => ({ postMessage() {}, getState() {}, setState() {} });' });
  await page.addScriptTag({ content: bundle(path.join(REPO_ROOT, 'bench', 'render', 'harness.ts')) });
  await page.addScriptTag({ content: view });
  return page;
}

export interface Tasks<T> {
  readonly result: T;
  /** Main-thread task time while `run` ran. */
  readonly totalMs: number;
  /** Each main-thread task's duration. */
  readonly tasks: readonly number[];
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly tid: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string };
}

/** Runs `run` while Chromium traces the page's main thread. */
export async function mainThreadTasks<T>(browser: Browser, page: Page, run: () => Promise<T>): Promise<Tasks<T>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')!.value;
  await browser.startTracing(page, { categories: ['toplevel'] });
  const before = await taskSeconds();
  const result = await run();
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
  await cdp.detach();
  return { result, totalMs: (after - before) * 1000, tasks };
}
