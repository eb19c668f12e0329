// Helpers for tests that run inside VS Code's extension host.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import type { TrackedJob } from '../../src/agentJobs/trackedJob';
import type { Clock } from '../emulator/clock';
import { PlatformEmulator, type EmulatorOptions } from '../emulator/emulator';
import { runAccepting, runDismissing, runRefused } from './inputBoxes';
import { until } from '../until';

export { runAccepting, runDismissing, runRefused };

export const EXTENSION_ID = 'docs-assistant.docs-assistant';

export async function activateExtension(): Promise<DocsAssistantApi> {
  const extension = vscode.extensions.getExtension<DocsAssistantApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  return extension.activate();
}

/** Settings written through setUserSetting and not cleared since: resetUserSettings clears them. */
const written = new Set<string>();

/** Writes a user-level setting and waits until the extension has seen it. */
export async function setUserSetting(name: string, value: unknown): Promise<void> {
  await updateSetting('docsAssistant', name, value);
  if (value === undefined) written.delete(name);
  else written.add(name);
  // What the extension's listeners start without awaiting: the set-up read again.
  await (await activateExtension()).setUpRead();
}

/**
 * Writes `section.name` at `target` and waits until the extension host holds the value: it fires
 * the change event as it takes the value in, so every listener of the extension has seen it then.
 */
export async function updateSetting(
  section: string,
  name: string,
  value: unknown,
  target: vscode.ConfigurationTarget.Global | vscode.ConfigurationTarget.Workspace = vscode.ConfigurationTarget.Global,
): Promise<void> {
  await vscode.workspace.getConfiguration(section).update(name, value, target);
  const held = () => {
    const inspected = vscode.workspace.getConfiguration(section).inspect(name);
    return target === vscode.ConfigurationTarget.Global ? inspected?.globalValue : inspected?.workspaceValue;
  };
  await until(`${section}.${name} to be in force`, () => isDeepStrictEqual(held(), value));
}

/** Writes VS Code's `http.${name}` as a user does; the extension reads it for each request, so the next one follows it. */
export function setHttp(name: string, value: unknown): Promise<void> {
  return updateSetting('http', name, value);
}

/** For suites that watch jobs change: polled every second, and notifications off unless the suite reads them. */
export async function pollJobsEverySecond(notifications: 'off' | 'all' = 'off'): Promise<void> {
  await setUserSetting('agentJobs.pollIntervalSeconds', 1);
  await setUserSetting('agentJobs.notifications', notifications);
}

export interface AgentJobsSuite {
  readonly emulator: PlatformEmulator;
  readonly api: DocsAssistantApi;
  /** The tracked job of that id, as the tree shows it. */
  tracked(id: string): TrackedJob | undefined;
}

/**
 * The hooks of the suites that watch agent jobs: the extension active and connected to an
 * emulator on `clock` (jobs polled every second, notifications off unless asked for); after the
 * suite, every job untracked, the settings reset and the emulator closed.
 */
export function agentJobsSuite(clock: Clock, notifications: 'off' | 'all' = 'off'): AgentJobsSuite {
  const suite = {} as { emulator: PlatformEmulator; api: DocsAssistantApi };
  before(async () => {
    suite.api = await activateExtension();
    suite.emulator = await startEmulator({ clock });
    await pollJobsEverySecond(notifications);
    await connectTo(suite.emulator);
  });
  after(async () => {
    for (const job of suite.api.trackedJobs()) await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', job.id);
    await resetUserSettings();
    await suite.emulator.close();
  });
  return {
    get emulator() {
      return suite.emulator;
    },
    get api() {
      return suite.api;
    },
    tracked: (id) => suite.api.trackedJobs().find((job) => job.id === id),
  };
}

/**
 * Closes every editor, discarding what the tests typed into untitled ones: VS Code would ask
 * whether to save them, in a dialog no test answers. It returns once the extension host has been
 * told they are gone, and VS Code has deleted their backups: until then `activeTextEditor` may still
 * be one of them, or a new untitled document given the same lowest free name may open with an old
 * one's text, and the next test would take either for the editor its command opened.
 */
export async function closeAllEditors(): Promise<void> {
  for (const document of untitledDocuments()) await discardUntitled(document);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  // The output panel's editor is not one the command closes. (Visible editors are no test: 1.99
  // keeps reporting those of a multi-file diff after it closed.)
  const active = () => vscode.window.activeTextEditor?.document.uri;
  await until('no editor to be active', () => active() === undefined || active()?.scheme === 'output').catch((error: Error) => {
    throw new Error(`${error.message}; still active: ${active()?.toString()}`);
  });
  await until('every untitled document closed', () => untitledDocuments().length === 0).catch((error: Error) => {
    throw new Error(`${error.message}; still open: ${untitledDocuments().map(describeDocument).join(', ')}`);
  });
  await untitledBackupsDiscarded();
}

/** The untitled documents open in the extension host, read afresh: it may replace their objects. */
function untitledDocuments(): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((document) => document.isUntitled);
}

/**
 * Resolves once VS Code has deleted its backups of untitled documents. It backs up a dirty one
 * after a second, and deletes the backup after a revert, later: a new untitled document given the
 * same name meanwhile opens with the old one's text (a draft of "Fix the docs." opened holding
 * "scratch", on a busy machine).
 */
async function untitledBackupsDiscarded(): Promise<void> {
  const userDir = process.env.DOCS_ASSISTANT_USER_DIR;
  if (!userDir) return;
  const root = path.join(userDir, 'User', 'Backups');
  const backups = () =>
    fs.existsSync(root)
      ? fs
          .readdirSync(root, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'untitled')))
          .flatMap((entry) => fs.readdirSync(path.join(root, entry.name, 'untitled')))
      : [];
  await until("the discarded untitled documents' backups deleted", () => backups().length === 0).catch((error: Error) => {
    throw new Error(`${error.message}; still in ${root}: ${backups().join(', ')}`);
  });
}

/** Reverts and closes an untitled document, as the workbench shows it. */
async function discardUntitled(document: vscode.TextDocument): Promise<void> {
  // The command acts on the editor the workbench has active, which the extension host may learn
  // of late: a draft left dirty would make closing all editors ask to save it, and block the next test.
  for (let attempt = 1; ; attempt++) {
    await vscode.window.showTextDocument(document);
    await activeEditor('the untitled editor to discard', (editor) => editor.document.uri.toString() === document.uri.toString());
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const reverted = await until('the untitled editor discarded', () => document.isClosed || !document.isDirty, 5_000).then(
      () => true,
      () => false,
    );
    if (reverted) return;
    if (attempt === 3) throw new Error(`Could not discard ${describeDocument(document)}`);
  }
}

/**
 * The hooks of a suite that talks to an emulator of its own: the extension active and connected to
 * it, the emulator reset before each test (its pages and jobs kept), every editor closed after
 * each test when the suite opens pages, the settings reset and the emulator closed after the suite.
 */
export function connectedSuite(options: { closeEditors?: boolean } = {}): { readonly emulator: PlatformEmulator } {
  let emulator: PlatformEmulator | undefined;
  before(async () => {
    await activateExtension();
    emulator = await startEmulator();
    await connectTo(emulator);
  });
  beforeEach(() => emulator?.reset());
  if (options.closeEditors) afterEach(closeAllEditors);
  after(async () => {
    await resetUserSettings();
    await emulator?.close();
  });
  return {
    get emulator() {
      if (!emulator) throw new Error("The emulator starts in the suite's before hook");
      return emulator;
    },
  };
}

/** Lets events already fired reach their listeners. */
export function settle(ms = 100): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** An emulator for in-host tests: no pause for retrieval unless a test asks for one. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<PlatformEmulator> {
  return PlatformEmulator.start({ searchDelayMs: 0, ...options });
}

/** Points the extension at `emulator` and stores both its keys, as a user would with Configure. */
export async function connectTo(emulator: PlatformEmulator): Promise<void> {
  await setUserSetting('baseUrl', emulator.url);
  await setUserSetting('domain', emulator.config.domain);
  await setUserSetting('projectId', emulator.config.projectId);
  assert.equal(await runAccepting('docsAssistant.setAssistantKey', emulator.config.assistantKey), true);
  assert.equal(await runAccepting('docsAssistant.setAdminKey', emulator.config.adminKey), true);
}

/**
 * Forgets the keys stored for the base URL in force, then clears the connection (which commands
 * under test may also have written) and every setting written through setUserSetting. Keys are
 * stored per origin, and an emulator's origin is a free port of 127.0.0.1: one that a later
 * emulator may be given, which would find them.
 */
export async function resetUserSettings(): Promise<void> {
  if (vscode.workspace.getConfiguration('docsAssistant').inspect('baseUrl')?.globalValue)
    await vscode.commands.executeCommand('docsAssistant.clearKeys');
  for (const name of new Set(['baseUrl', 'domain', 'projectId', ...written])) await setUserSetting(name, undefined);
}

export interface Shown {
  /** The `vscode.window` function that showed it. */
  readonly surface: string;
  readonly text: string;
  /** The buttons offered with a notification. */
  readonly actions: readonly string[];
}

/**
 * Records what reaches notifications, progress and the status bar. The tests run with the
 * extension's own API object, so these wrappers see what the extension shows; each still shows it.
 * Call restore() when done.
 */
export function recordSurfaces(): { shown: Shown[]; restore(): void } {
  const shown: Shown[] = [];
  const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  const wrap = (name: string, read: (args: unknown[]) => Omit<Shown, 'surface'>) => {
    const original = window[name];
    originals.set(name, original);
    window[name] = (...args: unknown[]) => {
      shown.push({ surface: name, ...read(args) });
      return original.apply(vscode.window, args);
    };
  };
  const message = (args: unknown[]) => ({
    text: String(args[0]),
    actions: args.slice(1).filter((arg): arg is string => typeof arg === 'string'),
  });
  wrap('showErrorMessage', message);
  wrap('showWarningMessage', message);
  wrap('showInformationMessage', message);
  wrap('setStatusBarMessage', (args) => ({ text: String(args[0]), actions: [] }));
  wrap('withProgress', (args) => ({ text: String((args[0] as { title?: string }).title ?? ''), actions: [] }));
  return { shown, restore: () => originals.forEach((original, name) => (window[name] = original)) };
}

export interface ProgressRun {
  readonly title: string;
  readonly cancellable: boolean;
  /** Each message reported, in order. */
  readonly reports: string[];
  /** Cancels it, as its Cancel button would. */
  cancel(): void;
}

/**
 * Records every progress the extension shows (it shares this `vscode` object): its title, whether it
 * can be cancelled and each message, with a way to cancel it. Each is still shown. Call restore() when done.
 */
export function recordProgress(): { runs: ProgressRun[]; restore(): void } {
  const window = vscode.window as { withProgress: typeof vscode.window.withProgress };
  const original = window.withProgress;
  const runs: ProgressRun[] = [];
  window.withProgress = ((options, task) =>
    original.call(vscode.window, options, (progress, token) => {
      const source = new vscode.CancellationTokenSource();
      token.onCancellationRequested(() => source.cancel());
      const run: ProgressRun = {
        title: options.title ?? '',
        cancellable: options.cancellable ?? false,
        reports: [],
        cancel: () => source.cancel(),
      };
      runs.push(run);
      const recording = {
        report: (value: { message?: string; increment?: number }) => {
          if (value.message !== undefined) run.reports.push(value.message);
          progress.report(value);
        },
      };
      return task(recording, source.token);
    })) as typeof vscode.window.withProgress;
  return { runs, restore: () => (window.withProgress = original) };
}

/**
 * Records the arguments of every run of command `id` (the tests share the extension's API object,
 * so they see its calls too); each still runs. Call restore() when done.
 */
export function recordCommands(id: string): { made: unknown[][]; restore(): void } {
  const made: unknown[][] = [];
  const commands = vscode.commands as { executeCommand: (command: string, ...args: unknown[]) => Thenable<unknown> };
  const original = commands.executeCommand;
  commands.executeCommand = (command: string, ...args: unknown[]) => {
    if (command === id) made.push(args);
    return original.call(vscode.commands, command, ...args);
  };
  return { made, restore: () => (commands.executeCommand = original) };
}

/**
 * Runs `run` with each modal warning whose message matches `pattern` answered with `answer` (a
 * button's title; undefined is Cancel; or what a function of the message and detail resolves to),
 * as the user would click; other warnings are shown as ever. Each question's message and detail are
 * kept, in order.
 */
export function answeringModals<T>(
  pattern: RegExp,
  answer: string | undefined | ((message: string, detail: string) => Promise<string | undefined>),
  run: () => Thenable<T>,
): Promise<{ result: T; asked: string[]; details: string[] }> {
  return answeringWarnings(pattern, answer, run, { modal: true });
}

/** As answeringModals, for the warnings in a notification (a button's title is clicked as soon as it shows). */
export async function answeringWarnings<T>(
  pattern: RegExp,
  answer: string | undefined | ((message: string, detail: string) => Promise<string | undefined>),
  run: () => Thenable<T>,
  { modal = false } = {},
): Promise<{ result: T; asked: string[]; details: string[] }> {
  const window = vscode.window as { showWarningMessage: (message: string, ...rest: unknown[]) => Thenable<unknown> };
  const original = window.showWarningMessage;
  const asked: string[] = [];
  const details: string[] = [];
  window.showWarningMessage = (message: string, ...rest: unknown[]) => {
    const options = rest[0] as { modal?: boolean; detail?: string } | undefined;
    if (Boolean(options?.modal) !== modal || !pattern.test(message)) return original.call(vscode.window, message, ...rest);
    asked.push(message);
    details.push(options?.detail ?? '');
    return typeof answer === 'function' ? answer(message, options?.detail ?? '') : Promise.resolve(answer);
  };
  try {
    return { result: await run(), asked, details };
  } finally {
    window.showWarningMessage = original;
  }
}

/** Starts the draft at `uri` whose prompt a command's argument put there, agreeing when asked. */
export async function startDraft(uri: vscode.Uri): Promise<string | undefined> {
  const { result, asked } = await answeringModals(/^Start an agent job with the prompt in this editor/, 'Start Agent Job', () =>
    vscode.commands.executeCommand<string | undefined>('docsAssistant.startAgentJob', uri),
  );
  assert.equal(asked.length, 1, 'a prompt a command put in the editor is started only once the user agrees');
  return result;
}

/**
 * The active editor once it is one `is` accepts: VS Code tells the extension host which editor is
 * active after the command that opened it may have returned, later on a busy machine.
 */
export function activeEditor(what: string, is: (editor: vscode.TextEditor) => boolean = () => true): Promise<vscode.TextEditor> {
  return until(what, () => {
    const editor = vscode.window.activeTextEditor;
    return editor !== undefined && is(editor) && editor;
  });
}

/**
 * The draft a command opened, once it is the active editor: an untitled one whose text starts with
 * `opening`, so that an untitled editor still active from before is never taken for it.
 */
export function draftEditor(opening: string): Promise<vscode.TextEditor> {
  return activeEditor(
    `the draft that starts with ${JSON.stringify(opening)}`,
    ({ document }) => document.uri.scheme === 'untitled' && document.getText().startsWith(opening),
  ).catch((error: Error) => {
    const active = vscode.window.activeTextEditor?.document;
    const untitled = untitledDocuments().filter((document) => document !== active);
    throw new Error(
      `${error.message}; active: ${active ? describeDocument(active) : 'none'}; other untitled: ${untitled.map(describeDocument).join(', ') || 'none'}`,
    );
  });
}

/** A document as a failure message names it: its URI, its state and how its text starts. */
function describeDocument(document: vscode.TextDocument): string {
  const state = [document.isDirty && 'dirty', document.isClosed && 'closed'].filter(Boolean).join(' ');
  return `${document.uri.toString()}${state ? ` (${state})` : ''} ${JSON.stringify(document.getText().slice(0, 40))}`;
}

/** Starts an agent job with `prompt` as a user does, from its draft; resolves to the job's id. */
export async function startJob(prompt: string): Promise<string> {
  const started = await vscode.commands.executeCommand<string | undefined>('docsAssistant.startAgentJob', { prompt });
  assert.equal(started, undefined, 'a prompt given as an argument is not sent');
  // It opens as a draft, for the user to start: the editor is the active one once VS Code has told
  // the extension host, which may be after the command has returned.
  const { document: draft } = await draftEditor(prompt);
  assert.equal(draft.getText(), prompt, 'the draft holds the prompt, and nothing else');
  const id = await startDraft(draft.uri);
  assert.ok(id, 'the job started');
  return id;
}
