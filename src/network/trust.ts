// The certificates the platform's (and an https proxy's) may chain to, as VS Code trusts them for
// its own requests: Node's bundled roots, NODE_EXTRA_CA_CERTS, and with `http.systemCertificates`
// (VS Code's default) the operating system's roots, expired ones left out. Nothing process-wide is
// changed: the list is given to this extension's connections alone, and verification is never off.

import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as tls from 'node:tls';

/** Reads the operating system's trusted roots, as PEM: what the host offers (vscode/vscodeNetwork.ts in the VS Code layer). */
export type SystemRoots = () => Promise<readonly string[]>;

export interface TrustSettings {
  readonly systemCertificates: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface Trust {
  /** For `tls.connect`: every root trusted, in one context made once. */
  readonly secureContext: tls.SecureContext;
  /** How many roots of each origin, for Check Connection. */
  readonly counts: { readonly bundled: number; readonly extra: number; readonly system: number };
  /** The roots, to tell which one a chain ends at. */
  readonly roots: readonly string[];
}

/** Node's own reading of the system's roots (Node 22.15 and later; VS Code 1.99's Node 20 has none). */
type CaReader = (type: 'system') => string[];
const nodeCaReader = (tls as { getCACertificates?: CaReader }).getCACertificates;

/** The system's roots as Node reads them, where it can: VS Code reads them so from 1.101 on. */
export const nodeSystemRoots: SystemRoots | undefined = nodeCaReader ? () => Promise.resolve(nodeCaReader('system')) : undefined;

/** The roots trusted under `settings`: made once per settings, since a context parses every root. */
export async function trustFor(settings: TrustSettings, systemRoots: SystemRoots | undefined, now = Date.now()): Promise<Trust> {
  const bundled = [...tls.rootCertificates];
  const extra = await extraRoots(settings.env);
  const system = settings.systemCertificates && systemRoots ? unexpired(await systemRoots().catch(() => []), now) : [];
  const roots = [...new Set([...bundled, ...extra, ...system])];
  return {
    secureContext: tls.createSecureContext({ ca: roots }),
    counts: { bundled: bundled.length, extra: extra.length, system: system.length },
    roots,
  };
}

/** NODE_EXTRA_CA_CERTS, as Node reads it at start-up: a file of PEM certificates. */
async function extraRoots(env: TrustSettings['env']): Promise<string[]> {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  const text = await readFile(file, 'utf8').catch(() => '');
  return pemCertificates(text);
}

/** Each certificate of a PEM bundle. */
export function pemCertificates(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** Roots that have not expired (nor are not yet valid); one that cannot be read is left out too. */
function unexpired(roots: readonly string[], now: number): string[] {
  return roots.filter((pem) => {
    try {
      const certificate = new X509Certificate(pem);
      return Date.parse(certificate.validFrom) <= now && now <= Date.parse(certificate.validTo);
    } catch {
      return false;
    }
  });
}

/** The system's roots from a bundle file, as VS Code 1.99 reads them on Linux: the first of these that exists. */
export async function linuxBundleRoots(): Promise<string[]> {
  for (const file of [
    '/etc/ssl/certs/ca-certificates.crt',
    '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
    '/etc/ssl/ca-bundle.pem',
    '/etc/pki/tls/certs/ca-bundle.crt',
    '/etc/ssl/cert.pem',
  ]) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) return pemCertificates(text);
  }
  return [];
}
