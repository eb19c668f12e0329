// Opens the VS Code workbench of a code-server in Debian's Chromium, with this extension in
// development mode. With a tests path, VS Code runs that mocha suite inside its extension host
// and reports the exit code; without one, a test drives the UI through `page`.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { until } from '../until';
import { startCodeServer, workbenchUrl, type RunningCodeServer } from './codeServer';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface WorkbenchOptions {
  /** Files to create in a fresh workspace folder, by relative path. */
  readonly workspaceFiles?: Record<string, string>;
  /** Runs on the workspace folder once its files are written, before VS Code starts. */
  readonly prepareWorkspace?: (folder: string) => void;
  readonly userSettings?: Record<string, unknown>;
  /** The compiled test index, without `.js`, for the in-host mode. */
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
  const codeServer = await startCodeServer({
    workspace,
    dataDir,
    // The extension host inherits this, so in-host tests can check the user settings file.
    env: { DOCS_ASSISTANT_USER_SETTINGS: path.join(dataDir, 'user', 'User', 'settings.json'), ...options.env },
    settings: { ...(options.colorTheme ? { 'workbench.colorTheme': options.colorTheme } : {}), ...options.userSettings },
    installExtensions: options.vsix ? [options.vsix] : [],
    extensionFolders: options.extensionFolders ?? [],
    log: process.env.DOCS_ASSISTANT_DEBUG ? console.log : undefined,
  });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 800 } });
    let reportExit: (code: number) => void = () => {};
    const exitCode = new Promise<number>((resolve) => (reportExit = resolve));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const line = format(...(Array.isArray(args) ? args : [args]));
      // No network here: the marketplace look-up always fails, harmlessly.
      if (/open-vsx\.org/.test(line)) return;
      options.onHostLog?.(type === 'error' ? `[host error] ${line}` : line);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => reportExit(code));
    await page.goto(
      workbenchUrl(codeServer, workspace, {
        extensionDevelopmentPaths: options.vsix ? [] : [options.extensionPath ?? REPO_ROOT],
        extensionTestsPath: options.extensionTestsPath,
      }),
    );
    const opened = browser;
    return {
      page,
      vsix: options.vsix,
      workspace,
      codeServer,
      exitCode,
      close: async () => {
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
