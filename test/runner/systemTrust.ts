// A test root in the operating system's store of trusted certificates, for the suites that prove
// Docs Assistant trusts what the system trusts (issue 41): as root on Debian (CI), copied into
// /usr/local/share/ca-certificates and update-ca-certificates run, and undone afterwards. Elsewhere
// it is not done, and those tests say why they are pending.

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const STORE = '/usr/local/share/ca-certificates';
const NAME = 'docs-assistant-test-company-root.crt';

/** Whether this process may change the system's store, and it is Debian's. */
export function canTrustInSystem(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && fs.existsSync(STORE) && hasUpdater();
}

function hasUpdater(): boolean {
  try {
    execFileSync('update-ca-certificates', ['--help'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // It prints its usage and exits 0 or 1; only a missing program is a failure to spawn.
    return (error as { code?: string }).code !== 'ENOENT';
  }
}

/** Adds the root (PEM) to the system's store; resolves to the way to take it out again. */
export function trustInSystem(pem: string): () => void {
  fs.writeFileSync(path.join(STORE, NAME), pem);
  execFileSync('update-ca-certificates', [], { stdio: 'ignore' });
  return () => {
    fs.rmSync(path.join(STORE, NAME), { force: true });
    execFileSync('update-ca-certificates', ['--fresh'], { stdio: 'ignore' });
  };
}
