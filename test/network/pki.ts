// Certificates for the network tests, made at test time with Debian's openssl: three roots, each
// trusted in one way only, and a certificate for the platform's test host name from each.
//  - `company`: a company's root, trusted through the operating system's store (test/runner/systemTrust.ts);
//  - `extra`: trusted through NODE_EXTRA_CA_CERTS;
//  - `stranger`: trusted nowhere.

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The platform's host name in these tests: only the test proxies resolve it, so a direct call cannot succeed by accident. */
export const PLATFORM_HOST = 'docs-platform.test';

export type RootName = 'company' | 'extra' | 'stranger';

export const ROOT_NAMES: Readonly<Record<RootName, string>> = {
  company: 'Docs Assistant Test Company Root',
  extra: 'Docs Assistant Test Extra Root',
  stranger: 'Docs Assistant Test Stranger Root',
};

export interface Pki {
  readonly dir: string;
  /** Each root's certificate, PEM, and its file. */
  root(name: RootName): { readonly pem: string; readonly file: string };
  /** A key and certificate for `host` (and 127.0.0.1), issued by the root. */
  server(name: RootName, host?: string): { readonly key: string; readonly cert: string };
}

/** Makes the roots and the platform host's certificates in `dir` (a new temporary folder by default), or reads them if there. */
export function makePki(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-pki-'))): Pki {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  for (const name of Object.keys(ROOT_NAMES) as RootName[]) {
    if (fs.existsSync(file(`${name}.pem`))) continue;
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '30',
      '-subj',
      `/O=Docs Assistant Tests/CN=${ROOT_NAMES[name]}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  }
  const server = (name: RootName, host = PLATFORM_HOST) => {
    const base = `${name}-${host.replace(/[^a-z0-9.-]/gi, '_')}`;
    if (!fs.existsSync(file(`${base}.pem`))) {
      fs.writeFileSync(
        file(`${base}.ext`),
        `subjectAltName=DNS:${host},IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`,
      );
      openssl('req', ...ec, '-keyout', `${base}.key`, '-out', `${base}.csr`, '-subj', `/CN=${host}`);
      openssl(
        'x509',
        '-req',
        '-in',
        `${base}.csr`,
        '-CA',
        `${name}.pem`,
        '-CAkey',
        `${name}.key`,
        '-CAcreateserial',
        '-out',
        `${base}.pem`,
        '-days',
        '30',
        '-extfile',
        `${base}.ext`,
      );
    }
    return { key: fs.readFileSync(file(`${base}.key`), 'utf8'), cert: fs.readFileSync(file(`${base}.pem`), 'utf8') };
  };
  return {
    dir,
    root: (name) => ({ pem: fs.readFileSync(file(`${name}.pem`), 'utf8'), file: file(`${name}.pem`) }),
    server,
  };
}
