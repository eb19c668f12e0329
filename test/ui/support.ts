// Driving the real workbench as a person would: the command palette, the sidebar, webviews.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { PlatformEmulator, type EmulatorOptions } from '../emulator/emulator';
import { releaseOfRun, type ReleaseName } from '../runner/codeServer';
import { openWorkbench, REPO_ROOT, type Workbench, type WorkbenchOptions } from '../runner/workbench';
import { until } from '../until';

export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');
/** The quick input that is open: newer workbenches fade the one just closed out while the next opens. */
export const QUICK_INPUT = '.quick-input-widget:not(.quick-input-widget-closing)';
export const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;

/** Every workbench a test opened and has not closed, including ones whose set-up failed. */
const openWorkbenches = new Set<Workbench>();

export interface UiWorkbenchOptions extends WorkbenchOptions {
  /** The platform Docs Assistant is set up for: its base URL, domain and project id in the user settings. */
  readonly platform?: PlatformEmulator;
  /** Both of the platform's keys, given through the palette as a user gives them, before the test goes on. */
  readonly keys?: boolean;
}

/**
 * Opens a workbench with Docs Assistant (from the source, or the .vsix the run names), set up for
 * `platform`, with its keys when asked: the one way every suite starts.
 */
export async function workbench(options: UiWorkbenchOptions = {}): Promise<Workbench> {
  const { platform, keys, ...rest } = options;
  const opened = await openWorkbench({
    workspaceFiles: { 'src/sample.ts': 'export const answer = 42;\n' },
    // Set by test/runner/runWorkbenchTests.ts: the same suites, against the packaged extension.
    vsix: process.env.DOCS_ASSISTANT_VSIX || undefined,
    ...rest,
    userSettings: {
      ...(platform
        ? {
            'docsAssistant.baseUrl': platform.url,
            'docsAssistant.domain': platform.config.domain,
            'docsAssistant.projectId': platform.config.projectId,
          }
        : {}),
      ...rest.userSettings,
    },
  });
  openWorkbenches.add(opened);
  await opened.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  // The extension's contributions are in once its activity-bar entry is.
  await sidebarItem(opened.page).waitFor({ timeout: 60_000 });
  if (opened.vsix) {
    const extensions = path.join(path.dirname(opened.workspace), 'data', 'extensions');
    const installed = fs.readdirSync(extensions);
    if (!installed.some((name) => name.startsWith('docs-assistant.docs-assistant-')))
      throw new Error(`The .vsix is not installed: ${installed.join(', ')}`);
    if (fs.readFileSync(path.join(extensions, 'extensions.json'), 'utf8').includes(JSON.stringify(REPO_ROOT)))
      throw new Error('The extension was loaded from source, not from the .vsix');
  }
  if (keys) {
    if (!platform) throw new Error('keys: the platform whose keys to give');
    await giveKeys(opened.page, platform.url, platform.config);
  }
  return opened;
}

/**
 * A suite that runs in one release only, said where it is declared; the rest of its describe
 * block is pending in the other. Call it before `uiSuite`.
 */
export function onlyIn(release: ReleaseName, why: string): void {
  before(function () {
    if (releaseOfRun() !== release) {
      console.log(`      (in ${release} only: ${why})`);
      this.skip();
    }
  });
}

/**
 * The colour theme of this run's theme-dependent tests: dark in the oldest release, light in the
 * newest. CI sees both themes without running each of those tests twice in each release; the
 * accessibility suite (test/browser) checks every state of the views in all four themes.
 */
export function themeOfRun(): { readonly theme: string; readonly name: 'dark' | 'light' } {
  return releaseOfRun() === 'oldest' ? { theme: 'Default Dark Modern', name: 'dark' } : { theme: 'Default Light Modern', name: 'light' };
}

/**
 * The hooks every UI suite needs: an emulator for the suite, reset before each test, and every
 * workbench a test opened closed after it (with a screenshot when it failed).
 */
export function uiSuite(options: EmulatorOptions = {}): { readonly emulator: PlatformEmulator } {
  const suite = {} as { emulator: PlatformEmulator };
  let initial: string;
  before(async () => {
    suite.emulator = await PlatformEmulator.start(options);
    initial = JSON.stringify(suite.emulator.config);
  });
  beforeEach(() => {
    // Each test starts from the suite's emulator as it was made: switches a test turned are undone.
    suite.emulator.reset();
    const config = suite.emulator.config as unknown as Record<string, unknown>;
    for (const key of Object.keys(config)) delete config[key];
    Object.assign(config, JSON.parse(initial));
  });
  afterEach(async function () {
    await closeWorkbenches(this.currentTest);
  });
  after(async () => {
    // Not started when the suite was skipped.
    await suite.emulator?.close();
  });
  return suite;
}

/** For afterEach: what a failed test left on screen, then every workbench it opened is closed. */
export async function closeWorkbenches(test: Mocha.Test | undefined): Promise<void> {
  for (const opened of openWorkbenches) {
    if (test?.state === 'failed') await recordFailure(opened.page, test);
    await opened.close();
  }
  openWorkbenches.clear();
}

/**
 * A screenshot of a failed test's workbench, and its words printed: CI keeps the log and not the
 * picture, so the log says what the workbench showed (the notifications, the Chat view, the dialog).
 */
export async function recordFailure(page: Page, test: Mocha.Test): Promise<void> {
  await screenshot(page, `failed-${test.title.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => {});
  const parts = ['.notification-toast', '.monaco-dialog-box', '.interactive-session', '.quick-input-widget'];
  for (const selector of parts) {
    const texts = await page
      .locator(`${selector}:visible`)
      .allInnerTexts()
      .catch(() => []);
    for (const text of texts) console.log(`  [on screen at failure: ${selector}] ${text.replace(/\s+/g, ' ').slice(0, 2000)}`);
  }
}

/** An input box a command opened, as opposed to the palette's own box. */
const commandInputBox = `${QUICK_INPUT_BOX}:not([placeholder="Type the name of a command to run."])`;

/**
 * Puts the keyboard's focus on the activity bar, a place of the workbench that keeps it and passes
 * it on to nothing, and waits until it is there: out of a webview's frame (an editor's or a view's),
 * where keys pressed stay, and out of 1.139's Chat input, which takes the focus back when a quick
 * input closes and can close the next one as it opens. Nothing is clicked, so this holds whatever
 * is open: an editor and its tabs, or a modal editor, opening or closing.
 */
export async function focusWorkbench(page: Page): Promise<void> {
  // A webview that is loading takes the focus once it is ready, which can be just after it was
  // moved, and an action item can be drawn anew while it is focused: move it again until it stays.
  // Run in the page (whose DOM this Node program has no types for), hence as text.
  const item = page.locator('.part.activitybar li.action-item[tabindex]').first();
  await until(
    'the focus on the activity bar',
    async () => {
      try {
        await item.focus({ timeout: 5_000 });
      } catch {
        return false;
      }
      return page.evaluate(`document.activeElement?.closest('.part.activitybar') != null`);
    },
    30_000,
  );
}

/**
 * Gives both keys through their commands, as a user does, and returns once VS Code's secret storage
 * has each: a command run sooner would find none. Each key's notification (which names `origin`, in
 * whatever language) is waited for and then cleared before the next key is given. Counting the
 * notifications would not do: VS Code hides an information's toast after 10 s, which a busy machine
 * can take between two keys.
 */
export async function giveKeys(page: Page, origin: string, keys: { assistantKey: string; adminKey: string }): Promise<void> {
  const given: [string, string][] = [
    ['Docs Assistant: Set Assistant Key', keys.assistantKey],
    ['Docs Assistant: Set Admin Key', keys.adminKey],
  ];
  for (const [command, key] of given) {
    await runCommand(page, command, { opensInput: true });
    await answerInput(page, key);
    await page.locator('.notifications-toasts .notification-toast', { hasText: origin }).first().waitFor({ timeout: 60_000 });
    await runCommand(page, 'Notifications: Clear All Notifications');
  }
}

/**
 * Runs a command from the palette by its title, as typed by a user. With `opensInput`, it is run
 * again, as a user would, when its input box does not appear: a webview taking the focus as it
 * loads can close the palette between the choice and Enter.
 */
export async function runCommand(page: Page, title: string, options: { opensInput?: boolean } = {}): Promise<void> {
  const input = page.locator(QUICK_INPUT_BOX);
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= 3;
    try {
      await focusWorkbench(page);
      await page.keyboard.press('F1');
      // Just after start-up (or a reload) F1 may do nothing yet, and the palette may not list every
      // command yet: a user would try again.
      await input.waitFor({ state: 'visible', timeout: last ? 30_000 : 5_000 });
      await input.fill(`>${title}`, { timeout: last ? 30_000 : 5_000 });
      // Enter runs the focused row, which is briefly the most recently used command while the list
      // filters: wait until it is this one.
      await page
        .locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row.focused`, { hasText: title })
        .first()
        .waitFor({ timeout: last ? 30_000 : 5_000 });
      await page.keyboard.press('Enter');
      if (options.opensInput) {
        await page.locator(commandInputBox).waitFor({ state: 'visible', timeout: last ? 30_000 : 10_000 });
      }
      return;
    } catch (error) {
      if (last) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Opens the Settings editor from the palette and types `query` into its search box. The box has
 * the focus when the editor opens, unless a webview loading meanwhile took it (a busy machine):
 * then it is clicked, as a user would.
 */
export async function searchSettings(page: Page, query: string): Promise<void> {
  await runCommand(page, 'Preferences: Open User Settings');
  const box = page.locator('.settings-editor .suggest-input-container .monaco-editor').first();
  const focused = page.locator('.settings-editor .suggest-input-container .monaco-editor.focused').first();
  await box.waitFor({ timeout: 30_000 });
  if (
    !(await focused.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ))
  )
    await box.click();
  await focused.waitFor();
  await page.keyboard.type(query);
}

/**
 * The notification that says `text`: its toast, or, when VS Code has put the toast away into the
 * notification center (the bell shows a dot), the center's entry, as a user would find it. Both
 * render the message the same way.
 */
export async function notification(page: Page, text: string): Promise<Locator> {
  const toast = page.locator('.notification-toast', { hasText: text });
  try {
    await toast.waitFor({ timeout: 15_000 });
    return toast;
  } catch {
    await runCommand(page, 'Notifications: Show Notifications');
    const entry = page.locator('.notifications-center .notification-list-item', { hasText: text });
    await entry.waitFor();
    return entry;
  }
}

/**
 * Sends `question` from VS Code's own Chat view, in place of what its box holds, and resolves to the
 * question's row once the view lists it. A box just made (a new chat) can drop keys typed while it
 * settles, so what it holds is checked before Enter, and typed again if Enter sent nothing.
 */
export async function sendInChatView(page: Page, question: string): Promise<Locator> {
  const input = page.locator('.interactive-input-part .monaco-editor').first();
  // Compared without white space: the editor draws spaces as no-break ones, and wraps a long question over lines.
  const bare = (text: string) => text.replace(/\s/g, '');
  const holds = async () => bare(await input.locator('.view-lines').innerText());
  const typeQuestion = async () => {
    for (let attempt = 1; (await holds()) !== bare(question); attempt++) {
      if (attempt > 3) throw new Error(`The Chat view's box holds "${await input.innerText()}", not "${question}"`);
      await input.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(question);
      // A participant's name or a command is a suggestion the box completes: the question goes once it is plain text.
      if (await page.locator('.suggest-widget.visible').count()) await page.keyboard.press('Escape');
      await until('the Chat view’s box to hold the question', async () => (await holds()) === bare(question), 5_000).catch(() => undefined);
    }
  };
  await typeQuestion();
  // The list draws only the rows in sight: the question's row is found by its words.
  const asked = question.replace(/^@docs\s+/, '');
  const row = page.locator('.monaco-list-row', { has: page.locator('.interactive-request', { hasText: asked }) }).last();
  for (let attempt = 1; ; attempt++) {
    // Enter sends only while no suggestion is open: with one, it accepts the suggestion instead.
    if (await page.locator('.suggest-widget.visible').count()) await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    // Sent: the row is listed, or the box is empty and the row comes. Anything else in the box
    // (Enter lost, or a suggestion taken in its place) is not a question sent: it is typed again.
    const taken = await until(
      'the Chat view to take the question',
      async () => (await row.isVisible()) || (await holds()) === '',
      20_000,
    ).then(
      () => true,
      () => false,
    );
    if (taken) {
      await row.waitFor({ timeout: 60_000 });
      return row;
    }
    if (attempt === 3) throw new Error(`The Chat view did not take the question; its box holds "${await input.innerText()}"`);
    await typeQuestion();
  }
}

/** Types into the open input box and accepts it; with `expect`, first waits for a box that shows that text. */
export async function answerInput(page: Page, text: string, expect?: string): Promise<void> {
  if (expect) await page.locator(QUICK_INPUT, { hasText: expect }).waitFor();
  const input = page.locator(QUICK_INPUT_BOX);
  await input.waitFor({ state: 'visible' });
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** Opens a workspace file with Go to File, as a user would. */
export async function openFile(page: Page, name: string): Promise<void> {
  await runCommand(page, 'Go to File');
  const input = page.locator(QUICK_INPUT_BOX);
  await input.fill(name);
  // As in runCommand: Enter opens the focused row, briefly a recently opened file while the list filters.
  await page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row.focused`, { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  // The active tab: a tab of the file may already be open behind another.
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
}

/**
 * Docs Assistant's item in the activity bar. It is what takes a click: a job's badge lies over the
 * icon and takes the click from the icon itself.
 */
export function sidebarItem(page: Page): Locator {
  return page.locator('.activitybar .action-item', { has: page.locator('a[aria-label^="Docs Assistant"]') }).first();
}

/**
 * Reloads the window as a user does: Developer: Reload Window lets the workbench store what it holds
 * first, which a browser reload may cut short. Returns once the new page has the extension's
 * contributions: until it navigates, the old page's elements still match every locator.
 */
export async function reloadWindow(page: Page): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await runCommand(page, 'Developer: Reload Window');
  await navigated;
  await sidebarItem(page).waitFor({ timeout: 60_000 });
}

/**
 * Shows the Docs Assistant sidebar whatever state it is in. The icon toggles, and a sidebar being
 * restored after a reload could be clicked shut, so this uses the view's Focus command instead.
 */
export async function openSidebar(page: Page): Promise<void> {
  await runCommand(page, 'Docs Assistant: Focus on Chat View');
  await page.locator('.pane-header', { hasText: 'Agent Jobs' }).waitFor();
}

/** The frame of the webview whose document has `selector`, waiting for it to appear. */
export function webviewFrame(page: Page, selector: string, timeoutMs = 30_000): Promise<Frame> {
  return until(
    `a webview that shows ${selector}`,
    async () => {
      for (const frame of page.frames()) if (await frame.$(selector).catch(() => null)) return frame;
      return undefined;
    },
    timeoutMs,
  );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // npm test runs both releases' suites at once: a failure's picture says whose it is.
  const run = process.env.DOCS_ASSISTANT_WEB ? 'web' : releaseOfRun();
  const file = path.join(SCREENSHOTS, `${name.replace(/^failed-/, `failed-${run}-`)}.png`);
  await page.screenshot({ path: file });
  return file;
}

function readUserSettings(workbench: Workbench): Record<string, unknown> {
  const file = path.join(path.dirname(workbench.workspace), 'data', 'user', 'User', 'settings.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * The user settings once `done` holds of them (waiting up to 10 s). VS Code writes each setting to
 * disk on its own, so what one step wrote may land after the UI has moved on.
 */
export async function userSettingsWhen(
  workbench: Workbench,
  done: (settings: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  let last: unknown;
  try {
    return await until('the user settings to be written', () => {
      try {
        const settings = readUserSettings(workbench);
        last = settings;
        return done(settings) && settings;
      } catch {
        return undefined; // Caught mid-write: read again.
      }
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; they were ${JSON.stringify(last)}`);
  }
}
