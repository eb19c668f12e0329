// Opens the VS Code workbench of a code-server in Debian's Chromium, with this extension installed
// into the profile from its folder (or its .vsix). With a tests path, a helper extension runs that
// mocha suite inside the extension host and reports the exit code; without one, a test drives the
// UI through `page`.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { until } from '../until';
import { type ReleaseName, startCodeServer, workbenchUrl, type RunningCodeServer } from './codeServer';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** The extension that runs a tests path inside the extension host. */
const HOST_TESTS = path.join(REPO_ROOT, 'test', 'runner', 'hostTests');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface WorkbenchOptions {
  /** Files to create in a fresh workspace folder, by relative path. */
  readonly workspaceFiles?: Record<string, string>;
  /** Runs on the workspace folder once its files are written, before VS Code starts. */
  readonly prepareWorkspace?: (folder: string) => void;
  readonly userSettings?: Record<string, unknown>;
  /** Which VS Code; the run's (`DOCS_ASSISTANT_VSCODE`) when absent. */
  readonly release?: ReleaseName;
  /** The compiled test index (its `run()` runs the suite), for the in-host mode. */
  readonly extensionTestsPath?: string;
  /** A .vsix to install instead of loading the extension from source. */
  readonly vsix?: string;
  /** The extension's folder, when not this repository (a benchmark's variant of it). */
  readonly extensionPath?: string;
  /** Other extensions, unpacked, to install beside it. */
  readonly extensionFolders?: readonly string[];
  /** More environment for code-server and so for the extension host. */
  readonly env?: Record<string, string>;
  readonly colorTheme?: string;
  /** VS Code's display language: `ja`, or `qps-ploc` for its pseudo-language. */
  readonly locale?: string;
  readonly onHostLog?: (line: string) => void;
  readonly viewport?: { width: number; height: number };
}

export interface Workbench {
  readonly page: Page;
  /** The .vsix installed in place of the source, if any. */
  readonly vsix: string | undefined;
  readonly workspace: string;
  readonly codeServer: RunningCodeServer;
  /** Resolves with the exit code the in-host test run reports. */
  readonly exitCode: Promise<number>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with nothing that would reach for the closed network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function openWorkbench(options: WorkbenchOptions): Promise<Workbench> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-vscode-'));
  const workspace = path.join(scratch, 'workspace');
  for (const [file, content] of Object.entries(options.workspaceFiles ?? {})) {
    fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
    fs.writeFileSync(path.join(workspace, file), content);
  }
  fs.mkdirSync(workspace, { recursive: true });
  options.prepareWorkspace?.(workspace);
  const dataDir = path.join(scratch, 'data');
  const testsOutput = path.join(scratch, 'host-tests');
  const codeServer = await startCodeServer({
    workspace,
    dataDir,
    release: options.release,
    env: {
      // The extension host inherits these: in-host tests check the user settings file, and the helper finds its suite.
      DOCS_ASSISTANT_USER_SETTINGS: path.join(dataDir, 'user', 'User', 'settings.json'),
      ...(options.extensionTestsPath ? { DOCS_ASSISTANT_TESTS: options.extensionTestsPath, DOCS_ASSISTANT_TESTS_OUTPUT: testsOutput } : {}),
      ...options.env,
    },
    settings: { ...(options.colorTheme ? { 'workbench.colorTheme': options.colorTheme } : {}), ...options.userSettings },
    installExtensions: options.vsix ? [options.vsix] : [],
    ...(options.locale ? { locale: options.locale } : {}),
    extensionFolders: [
      ...(options.vsix ? [] : [options.extensionPath ?? REPO_ROOT]),
      ...(options.extensionTestsPath ? [HOST_TESTS] : []),
      ...(options.extensionFolders ?? []),
    ],
    log: process.env.DOCS_ASSISTANT_DEBUG ? console.log : undefined,
  });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    // Newer workbenches read and write the clipboard through the browser's, which asks first.
    const page = await browser.newPage({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const hostTests = options.extensionTestsPath ? watchHostTests(testsOutput, options.onHostLog) : undefined;
    await page.goto(workbenchUrl(codeServer, workspace));
    if (options.extensionTestsPath) await stopPainting(page);
    const opened = browser;
    return {
      page,
      vsix: options.vsix,
      workspace,
      codeServer,
      exitCode: hostTests?.exitCode ?? new Promise<number>(() => {}),
      close: async () => {
        hostTests?.stop();
        await opened.close().catch(() => {});
        await codeServer.stop();
        fs.rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close().catch(() => {});
    await codeServer.stop();
    throw error;
  }
}

/**
 * Minimizes the page's window: Chromium then stops compositing and painting it, while its scripts
 * and frames run as before (the page stays visible to them). In-host tests read VS Code through its
 * API and nobody looks at the pixels, which were half of what Chromium took of the machine there.
 */
async function stopPainting(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { windowId } = await cdp.send('Browser.getWindowForTarget');
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'minimized' } });
  await cdp.detach();
}

/**
 * Follows what the host-tests helper writes: each line of the suite's output, as it comes, and at
 * last its exit code.
 */
function watchHostTests(output: string, onLine: ((line: string) => void) | undefined): { exitCode: Promise<number>; stop(): void } {
  let read = 0;
  let timer: NodeJS.Timeout | undefined;
  const exitCode = new Promise<number>((resolve) => {
    const poll = () => {
      const done = fs.existsSync(`${output}.exit`);
      try {
        // Whole lines only, by bytes: a line being written stays for the next look.
        const bytes = fs.readFileSync(`${output}.log`);
        const end = bytes.lastIndexOf(0x0a) + 1;
        if (end > read) for (const line of bytes.subarray(read, end).toString('utf8').split('\n').slice(0, -1)) onLine?.(line);
        read = Math.max(read, end);
      } catch {
        // Nothing printed yet.
      }
      if (done) return resolve(Number(fs.readFileSync(`${output}.exit`, 'utf8')));
      timer = setTimeout(poll, 200);
    };
    poll();
  });
  return { exitCode, stop: () => clearTimeout(timer) };
}

/**
 * Waits for a JSON file that a helper extension in the web worker host writes into the workspace
 * (it has no other way out: no extensionTestsPath, no console this side sees), and reads it.
 */
export function writtenJson<T>(file: string, what: string, timeoutMs: number): Promise<T> {
  return until(
    what,
    () => {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
      } catch {
        return undefined; // not written yet, or not whole yet
      }
    },
    timeoutMs,
  );
}
