// npm run test:vscode: runs test/vscode inside the extension host of a real VS Code (code-server),
// in the oldest release the extension supports and in the newest at once (`DOCS_ASSISTANT_VSCODE`
// chooses one), and exits with the suites' exit code. Each line is printed as it comes, after its
// release's name.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { makePki, type Pki } from '../network/pki';
import { canTrustInSystem, trustInSystem } from './systemTrust';
import { freePort, releaseOfRun, RELEASES, type ReleaseName } from './codeServer';
import { hostWorkspaceFiles, prepareHostWorkspace } from './hostWorkspace';
import { openWorkbench, REPO_ROOT } from './workbench';

const TIMEOUT_MS = 10 * 60_000;

/**
 * What the network suite (test/vscode/network.test.ts) is given, as a user's machine would have it
 * at VS Code's start: the test roots (one trusted through NODE_EXTRA_CA_CERTS, one through the
 * system's store where this run can put it there), and an https_proxy that VS Code's own fetch
 * resolves to, at a port the suite starts a proxy on when it needs one.
 */
async function networkEnv(pki: Pki, systemTrust: boolean): Promise<Record<string, string>> {
  return {
    NODE_EXTRA_CA_CERTS: pki.root('extra').file,
    DOCS_ASSISTANT_TEST_PKI: pki.dir,
    ...(systemTrust ? { DOCS_ASSISTANT_SYSTEM_TRUST: '1' } : {}),
    https_proxy: `http://127.0.0.1:${await freePort()}`,
  };
}

async function runOn(release: ReleaseName, env: Record<string, string>, print: (line: string) => void): Promise<number> {
  print(`\n== test/vscode in VS Code ${RELEASES[release].vscode} (code-server ${RELEASES[release].codeServer})`);
  // Nothing listens there: the workspace's base URL must be ignored.
  const decoyPort = await freePort();
  const workbench = await openWorkbench({
    release,
    extensionTestsPath: path.join(REPO_ROOT, 'out', 'test', 'vscode', 'index'),
    workspaceFiles: hostWorkspaceFiles(decoyPort),
    prepareWorkspace: prepareHostWorkspace,
    env,
    onHostLog: print,
  });
  const timeout = new Promise<number>((resolve) =>
    setTimeout(() => {
      print(`The VS Code test run did not finish within ${TIMEOUT_MS / 60_000} minutes.`);
      resolve(1);
    }, TIMEOUT_MS).unref(),
  );
  const code = await Promise.race([workbench.exitCode, timeout]);
  await workbench.close();
  return code;
}

async function main(): Promise<number> {
  const chosen = process.env.DOCS_ASSISTANT_VSCODE;
  const releases = chosen ? [releaseOfRun()] : (Object.keys(RELEASES) as ReleaseName[]);
  const pki = makePki();
  // Made here, once: the suites of both releases read them at the same time.
  for (const root of ['extra', 'company', 'stranger'] as const) pki.server(root);
  const untrust = canTrustInSystem() ? trustInSystem(pki.root('company').pem) : undefined;
  process.once('SIGINT', () => {
    untrust?.();
    process.exit(130);
  });
  if (!untrust) console.log('(The system store of certificates cannot be changed here: the tests of trust through it are pending.)');
  try {
    // Most of a run is waiting on VS Code, so the two releases share the machine well.
    const codes = await Promise.all(
      releases.map(async (release) => {
        const print = (line: string) => console.log(`[${RELEASES[release].vscode}] ${line}`);
        return runOn(release, await networkEnv(pki, untrust !== undefined), print).catch((error: unknown) => {
          print(String(error instanceof Error ? error.stack : error));
          return 1;
        });
      }),
    );
    return codes.every((code) => code === 0) ? 0 : 1;
  } finally {
    untrust?.();
    fs.rmSync(pki.dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
