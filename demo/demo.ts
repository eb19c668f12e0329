// The one-command demo: the emulator with sample docs and jobs, and a VS Code (code-server, or a
// desktop `code`) with Docs Assistant loaded from this repository, set up for that emulator.

import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PlatformEmulator } from '../test/emulator/emulator';
import { addSampleJobs } from '../test/emulator/sampleJobs';
import {
  findOnPath,
  type ReleaseName,
  startCodeServer,
  workbenchUrl,
  writeUserSettings,
  type RunningCodeServer,
} from '../test/runner/codeServer';
import { filesOf, JobRepository } from '../test/emulator/jobRepository';
import { cloneInto } from '../test/runner/gitRepository';
import { packageWeb } from '../test/runner/webPackage';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const DEMO_DIR = path.join(REPO_ROOT, 'demo');
/** The helper extension that stores the emulator's keys through the extension's own commands. */
const SEED_EXTENSION = path.join(DEMO_DIR, 'seedExtension');
/**
 * In the newest VS Code, the UI tests' offline language model: VS Code's Chat view, its agent mode
 * and its tool picker work only while some model is there, and this machine may reach none.
 */
const OFFLINE_MODEL = path.join(REPO_ROOT, 'test', 'ui', 'testModel');

export interface DemoOptions {
  /** The port code-server listens on; a free one when absent. */
  readonly port?: number;
  /** The emulator's port; a free one when absent. */
  readonly emulatorPort?: number;
  /** Milliseconds between the assistant's deltas, so the answer visibly streams. */
  readonly deltaDelayMs?: number;
  /** How long a job started from the editor works before its pull request is ready. */
  readonly jobRunsForMs?: number;
  /**
   * Runs the web build as a browser-only VS Code (vscode.dev) would: the package with the `browser`
   * entry alone, installed, which code-server runs in its web worker extension host.
   */
  readonly web?: boolean;
  /** Which VS Code: the oldest this extension supports (the default) or the newest. */
  readonly release?: ReleaseName;
  /** Where the sample project and VS Code's data go: a new temporary folder when absent, else made anew. */
  readonly scratch?: string;
  readonly log?: (line: string) => void;
}

export interface Demo {
  readonly emulator: PlatformEmulator;
  readonly workspace: string;
  /** Resolves when the VS Code the demo started has exited. */
  readonly exited: Promise<void>;
  stop(): Promise<void>;
}

export interface BrowserDemo extends Demo {
  /** The address to open: the workbench with the extension loaded. */
  readonly url: string;
}

interface Prepared {
  readonly emulator: PlatformEmulator;
  readonly scratch: string;
  readonly workspace: string;
  readonly userDir: string;
  readonly extensionsDir: string;
  readonly settings: Record<string, unknown>;
  readonly env: Record<string, string>;
}

/**
 * The emulator, the sample project, and the settings and keys that point at it. The project is a
 * clone of a repository of the sample docs and code, which the agent's jobs push their changes to.
 */
async function prepare(options: DemoOptions): Promise<Prepared> {
  const emulator = await PlatformEmulator.start({ port: options.emulatorPort ?? 0, deltaDelayMs: options.deltaDelayMs ?? 15 });
  const scratch = options.scratch ?? fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-demo-'));
  if (options.scratch) {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.mkdirSync(scratch, { recursive: true });
  }
  const workspace = path.join(scratch, 'sample-project');
  const repository = sampleRepository(scratch, workspace);
  emulator.jobs.repository = repository;
  const jobIds = addSampleJobs(emulator, repository);
  emulator.jobs.createdRunsForMs = options.jobRunsForMs ?? 45_000;
  const { config } = emulator;
  return {
    emulator,
    scratch,
    workspace,
    userDir: path.join(scratch, 'data', 'user'),
    extensionsDir: path.join(scratch, 'data', 'extensions'),
    settings: {
      'docsAssistant.baseUrl': emulator.url,
      'docsAssistant.domain': config.domain,
      'docsAssistant.projectId': config.projectId,
      // The emulator is the documentation site too: its pages, and its MCP server at /mcp.
      'docsAssistant.siteUrl': emulator.url,
      'docsAssistant.mcpServer.enabled': true,
      'workbench.startupEditor': 'readme',
      ...(options.release === 'newest' ? { 'chat.allowAnonymousAccess': true, 'chat.byokUtilityModelDefault': 'mainAgent' } : {}),
    },
    env: {
      DOCS_ASSISTANT_DEMO: JSON.stringify({ baseUrl: emulator.url, assistantKey: config.assistantKey, adminKey: config.adminKey, jobIds }),
    },
  };
}

/** Starts the emulator and code-server; open `url` in a browser. */
export async function startDemo(options: DemoOptions = {}): Promise<BrowserDemo> {
  const prepared = await prepare(options);
  let codeServer: RunningCodeServer;
  try {
    const webPackage = options.web ? packageWeb(path.join(path.dirname(prepared.userDir), 'docs-assistant-web.vsix')) : undefined;
    codeServer = await startCodeServer({
      // Installed into the profile: this repository where it is (the web build as its package).
      extensionFolders: [...(options.web ? [] : [REPO_ROOT]), SEED_EXTENSION, ...(options.release === 'newest' ? [OFFLINE_MODEL] : [])],
      installExtensions: webPackage ? [webPackage] : [],
      release: options.release,
      workspace: prepared.workspace,
      dataDir: path.dirname(prepared.userDir),
      settings: prepared.settings,
      env: prepared.env,
      port: options.port,
      log: options.log,
    });
  } catch (error) {
    await cleanUp(prepared);
    throw error;
  }
  const exited = new Promise<void>((resolve) => codeServer.process.once('exit', () => resolve()));
  return {
    emulator: prepared.emulator,
    workspace: prepared.workspace,
    url: workbenchUrl(codeServer, prepared.workspace),
    exited,
    stop: async () => {
      await codeServer.stop();
      await cleanUp(prepared);
    },
  };
}

/** The desktop `code` command, if one is on PATH. */
export function findDesktopCode(): string | undefined {
  return process.platform === 'win32' ? (findOnPath('code.cmd') ?? findOnPath('code.exe')) : findOnPath('code');
}

/**
 * Starts the emulator and a new desktop VS Code window, in its own user-data folder, with the
 * extension in development mode. The window's closing ends the demo.
 */
export async function startDesktopDemo(code: string, options: DemoOptions = {}): Promise<Demo> {
  const prepared = await prepare(options);
  writeUserSettings(prepared.userDir, prepared.settings);
  const child: ChildProcess = spawn(
    code,
    [
      '--new-window',
      '--wait',
      `--user-data-dir=${prepared.userDir}`,
      `--extensions-dir=${prepared.extensionsDir}`,
      `--extensionDevelopmentPath=${REPO_ROOT}`,
      `--extensionDevelopmentPath=${SEED_EXTENSION}`,
      prepared.workspace,
    ],
    { stdio: 'inherit', env: { ...process.env, ...prepared.env }, shell: process.platform === 'win32' },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      options.log?.(`Could not start ${code}: ${error.message}`);
      resolve();
    });
  });
  return {
    emulator: prepared.emulator,
    workspace: prepared.workspace,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill();
      await cleanUp(prepared);
    },
  };
}

/** What F5 needs of the demo: the emulator, the sample project, and VS Code's user folder, set up for it. */
export interface F5Demo {
  readonly emulator: PlatformEmulator;
  readonly workspace: string;
  readonly userDir: string;
  /** The file the seed extension reads the keys and jobs from (DOCS_ASSISTANT_DEMO_FILE). */
  readonly seedFile: string;
  stop(): Promise<void>;
}

/**
 * The demo for a desktop VS Code that .vscode/launch.json starts (F5): everything in `scratch`, at
 * paths the launch configuration names, and the emulator on a port it knows.
 */
export async function startF5Demo(options: DemoOptions & { readonly scratch: string }): Promise<F5Demo> {
  const prepared = await prepare(options);
  writeUserSettings(prepared.userDir, prepared.settings);
  const seedFile = path.join(prepared.scratch, 'demo.json');
  fs.writeFileSync(seedFile, prepared.env.DOCS_ASSISTANT_DEMO);
  return {
    emulator: prepared.emulator,
    workspace: prepared.workspace,
    userDir: prepared.userDir,
    seedFile,
    stop: () => prepared.emulator.close(),
  };
}

/**
 * The repository of the sample project's docs and code (as its remote, in `scratch`), and its
 * clone, the sample project, with one change not yet committed, as a project looks when its docs
 * should follow: Start Agent Job can attach the change. Without git, the project is a plain folder.
 */
function sampleRepository(scratch: string, workspace: string): JobRepository | undefined {
  const files = { ...JobRepository.docsFiles(), ...filesOf(path.join(DEMO_DIR, 'workspace')) };
  let repository: JobRepository;
  try {
    repository = JobRepository.create(files, path.join(scratch, 'remote', 'acme', 'docs.git'));
    cloneInto(repository.url, workspace);
  } catch {
    fs.cpSync(path.join(DEMO_DIR, 'workspace'), workspace, { recursive: true });
    return undefined;
  }
  fs.appendFileSync(
    path.join(workspace, 'src', 'askDocs.ts'),
    '\n/** Gives up on an answer after this long. New, and not in the docs yet. */\nexport const answerTimeoutMs = 30_000;\n',
  );
  return repository;
}

async function cleanUp(prepared: Prepared): Promise<void> {
  await prepared.emulator.close();
  fs.rmSync(prepared.scratch, { recursive: true, force: true });
}
