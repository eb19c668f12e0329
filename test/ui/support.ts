// Driving the real workbench as a person would: the command palette, the sidebar, webviews.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { openWorkbench, REPO_ROOT, type Workbench, type WorkbenchOptions } from '../runner/workbench';

export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');

export async function workbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const opened = await openWorkbench({ workspaceFiles: { 'src/sample.ts': 'export const answer = 42;\n' }, ...options });
  await opened.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  // The extension's contributions are in once its activity-bar entry is.
  await opened.page.locator('.activitybar .action-item a[aria-label^="Docs Assistant"]').first().waitFor({ timeout: 60_000 });
  return opened;
}

/** Runs a command from the palette by its title, as typed by a user. */
export async function runCommand(page: Page, title: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // Keys pressed while a webview has focus stay in its iframe; a user would click the editor first.
    await page.locator('.part.editor').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      // Just after start-up the palette may not list every command yet; a user would look again.
      await row.waitFor({ timeout: attempt < 3 ? 5_000 : 30_000 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Types into the open input box and accepts it; with `expect`, first waits for a box that shows that text. */
export async function answerInput(page: Page, text: string, expect?: string): Promise<void> {
  if (expect) await page.locator('.quick-input-widget', { hasText: expect }).waitFor();
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** Opens a workspace file with Go to File, as a user would. */
export async function openFile(page: Page, name: string): Promise<void> {
  await runCommand(page, 'Go to File');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: name }).waitFor();
}

export async function openSidebar(page: Page): Promise<void> {
  const header = page.locator('.pane-header', { hasText: 'Agent Jobs' });
  const icon = page.locator('.activitybar .action-item a[aria-label^="Docs Assistant"]').first();
  await icon.waitFor({ timeout: 30_000 });
  // The icon toggles: a sidebar restored open after a reload must not be clicked shut.
  if (!(await header.isVisible())) await icon.click();
  await header.waitFor();
}

/** The frame of the webview whose document has `selector`, waiting for it to appear. */
export async function webviewFrame(page: Page, selector: string, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (await frame.$(selector).catch(() => null)) return frame;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`No webview shows ${selector} within ${timeoutMs} ms`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

export function readUserSettings(workbench: Workbench): Record<string, unknown> {
  const file = path.join(path.dirname(workbench.workspace), 'data', 'user', 'User', 'settings.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}
