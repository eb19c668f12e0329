// A real VS Code without downloading one: the npm package code-server (VS Code 1.99 for the
// browser, with a Node extension host), installed once per machine into a cache folder outside
// the repository, and started on 127.0.0.1 for a test run or the demo.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/** The last release that runs on Node 20; later ones need Node 24. */
export const CODE_SERVER_VERSION = '4.99.4';

export function cacheDir(): string {
  const base =
    process.env.DOCS_ASSISTANT_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'docs-assistant');
  return path.join(base, `code-server-${CODE_SERVER_VERSION}`);
}

function entryPoint(dir: string): string {
  return path.join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/**
 * Installs code-server into the cache unless a complete install is there. Its own postinstall
 * refuses to run as root and downloads ripgrep, so scripts are off and its steps done by hand.
 */
export function ensureCodeServer(log: (line: string) => void = console.log): string {
  const dir = cacheDir();
  const marker = path.join(dir, '.complete');
  if (fs.existsSync(marker)) return entryPoint(dir);
  log(`Installing code-server ${CODE_SERVER_VERSION} into ${dir} (once per machine)…`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const npm = (cwd: string, ...args: string[]) =>
    execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' },
    });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }));
  npm(dir, 'install', '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`);
  npm(dir, 'rebuild', 'argon2');
  const vscodeDir = path.join(dir, 'node_modules', 'code-server', 'lib', 'vscode');
  npm(vscodeDir, 'install', '--omit=dev', '--ignore-scripts');
  npm(vscodeDir, 'rebuild', 'node-pty', '@vscode/spdlog', '@parcel/watcher', 'native-watchdog', '@vscode/deviceid');
  try {
    npm(vscodeDir, 'rebuild', 'kerberos');
  } catch {
    // Only proxy authentication needs it, and code-server starts without it.
    log('kerberos was not built (it needs the libkrb5-dev package); code-server works without it, but not behind a Kerberos proxy.');
  }
  fs.symlinkSync('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  const rg = findOnPath('rg');
  if (rg) {
    const rgDir = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
    fs.mkdirSync(rgDir, { recursive: true });
    fs.rmSync(path.join(rgDir, 'rg'), { force: true });
    fs.symlinkSync(rg, path.join(rgDir, 'rg'));
  }
  npm(path.join(vscodeDir, 'extensions'), 'install', '--omit=dev', '--ignore-scripts');
  fs.writeFileSync(marker, new Date().toISOString());
  return entryPoint(dir);
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
  /** User settings written before start. */
  readonly settings?: Record<string, unknown>;
  /** A folder that will hold user data and extensions; made fresh if missing. */
  readonly dataDir: string;
  readonly port?: number;
  readonly log?: (line: string) => void;
  /** .vsix files to install into the extensions folder before start. */
  readonly installExtensions?: readonly string[];
  /** Unpacked extension folders to copy into the extensions folder before start. */
  readonly extensionFolders?: readonly string[];
  readonly env?: Record<string, string>;
}

/** Writes the user settings of a fresh user-data folder (code-server's or a desktop VS Code's). */
export function writeUserSettings(userDir: string, settings: Record<string, unknown> = {}): void {
  fs.mkdirSync(path.join(userDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDir, 'User', 'settings.json'),
    JSON.stringify(
      { 'workbench.startupEditor': 'none', 'workbench.tips.enabled': false, 'security.workspace.trust.enabled': false, ...settings },
      null,
      2,
    ),
  );
}

export interface WorkbenchPayload {
  /** Extensions to load from source, in development mode. */
  readonly extensionDevelopmentPaths?: readonly string[];
  /** The compiled mocha index the extension host runs, without `.js`. */
  readonly extensionTestsPath?: string;
}

/**
 * The address that opens `folder` in the workbench of a running code-server. The payload is how
 * VS Code for the web takes what desktop VS Code takes as --extensionDevelopmentPath and
 * --extensionTestsPath.
 */
export function workbenchUrl(server: Pick<RunningCodeServer, 'url' | 'port'>, folder: string, payload: WorkbenchPayload = {}): string {
  const remote = (file: string) => `vscode-remote://127.0.0.1:${server.port}${file}`;
  const pairs: [string, string][] = (payload.extensionDevelopmentPaths ?? []).map((dir) => ['extensionDevelopmentPath', remote(dir)]);
  if (payload.extensionTestsPath) pairs.push(['extensionTestsPath', remote(payload.extensionTestsPath)]);
  const query = `folder=${encodeURIComponent(folder)}${pairs.length ? `&payload=${encodeURIComponent(JSON.stringify(pairs))}` : ''}`;
  return `${server.url}/?${query}`;
}

export interface RunningCodeServer {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const entry = ensureCodeServer(options.log);
  const port = options.port ?? (await freePort());
  const userDir = path.join(options.dataDir, 'user');
  const extensionsDir = path.join(options.dataDir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  writeUserSettings(userDir, options.settings);
  for (const folder of options.extensionFolders ?? []) {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
      publisher: string;
      name: string;
      version: string;
    };
    fs.cpSync(folder, path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), { recursive: true });
  }
  for (const vsix of options.installExtensions ?? []) {
    // code-server installs and exits; it has no --start-server before version 4.100.
    execFileSync(process.execPath, [entry, '--user-data-dir', userDir, '--extensions-dir', extensionsDir, '--install-extension', vsix], {
      stdio: 'pipe',
    });
  }
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
    options.workspace,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  // However the test process ends, its code-server ends with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
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
  await waitForHttp(`${url}/healthz`, child, output);
  return {
    url,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
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
