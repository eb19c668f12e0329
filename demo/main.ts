// npm run demo [-- --port N] [-- --desktop] [-- --web] [-- --vscode oldest|newest]
// Builds nothing itself: the npm script builds first. Ctrl+C stops everything started here.

import { isReleaseName, RELEASES } from '../test/runner/codeServer';
import { findDesktopCode, startDemo, startDesktopDemo, type Demo } from './demo';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const port = Number(option('--port') ?? 0) || undefined;
  const emulatorPort = Number(option('--emulator-port') ?? 0) || undefined;
  const desktop = process.argv.includes('--desktop');
  const web = process.argv.includes('--web');
  const vscode = option('--vscode') ?? 'oldest';
  if (!isReleaseName(vscode)) {
    console.error(`--vscode takes ${Object.keys(RELEASES).join(' or ')}, not "${vscode}".`);
    process.exit(2);
  }
  let demo: Demo;
  let where: string;
  if (desktop && option('--vscode')) {
    console.error('--vscode chooses the code-server the demo runs; --desktop runs your own VS Code instead.');
    process.exit(2);
  }
  if (desktop && web) {
    console.error('--web runs the web build in the browser, in code-server; it cannot be combined with --desktop.');
    process.exit(2);
  }
  if (desktop) {
    const code = findDesktopCode();
    if (!code) {
      console.error(
        '--desktop needs the `code` command on PATH (in VS Code: "Shell Command: Install \'code\' command in PATH"). Without --desktop, the demo runs in the browser.',
      );
      process.exit(2);
    }
    demo = await startDesktopDemo(code, { emulatorPort, log: console.log });
    where = 'VS Code             a new window; closing it ends the demo';
  } else {
    const release = RELEASES[vscode];
    console.log(
      `Starting the platform emulator and code-server ${release.codeServer} (VS Code ${release.vscode})${web ? ', with the web build' : ''}…`,
    );
    const browserDemo = await startDemo({ port, emulatorPort, web, release: vscode });
    demo = browserDemo;
    where = web
      ? `open in a browser   ${browserDemo.url}\n                      the web build, in VS Code's web worker extension host, as vscode.dev runs it`
      : `open in a browser   ${browserDemo.url}`;
  }
  const { config } = demo.emulator;
  console.log(`
Docs Assistant demo
  ${where}
  platform emulator   ${demo.emulator.url}  (domain ${config.domain}, project ${config.projectId})
  sample project      ${demo.workspace}

The keys are set and the sample agent jobs tracked when the window first opens. Select code in
src/askDocs.ts and press Ctrl+Alt+A to ask about it. The Reader Signals view (expand it in the
sidebar) shows what readers could not find: Fix with the Docs Agent on one, then Preview on the
Site on a job with a branch (docs-agent/fail-build fails, with a log; a sixth preview within a
minute is refused).
A read-only admin key, which reads the signals and is refused previews: ${config.readOnlyAdminKey}

Ctrl+C stops the demo.`);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the demo…');
    await demo.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  void demo.exited.then(() => {
    if (!stopping) console.log(desktop ? 'The VS Code window closed.' : 'code-server exited.');
    return stop(desktop ? 0 : 1);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
