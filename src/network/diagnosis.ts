// Check Connection's look at the network, in words a user can send to their IT team: the settings
// that decide the way (credentials hidden), the way calls to the platform take, whether its name
// resolves here, the connection (to the platform or to the proxy, and the tunnel), and TLS with
// the chain offered and whether it is trusted. Nothing is sent to the platform, and no secret is
// in it: not a key, not a proxy's password, not http.proxyAuthorization's value.

import { lookup } from 'node:dns/promises';
import { noProxyEntries } from './noProxy';
import { lookAtPath, type PathLook } from './peerCertificate';
import { type NetworkSettings, ProxySettingError, type Route, routeFor } from './proxyRoute';
import type { NetworkRoutes } from './routedTransport';
import { wayOf } from './routedTransport';

export interface NetworkDiagnosis {
  readonly lines: readonly string[];
  /** The first thing found wrong, in a sentence, if any. */
  readonly problem?: string;
}

/** The network's part of the report for the platform at `origin`. */
export async function diagnose(origin: string, routes: NetworkRoutes, timeoutMs: number): Promise<NetworkDiagnosis> {
  const settings = routes.network.settings();
  const target = new URL(origin);
  const lines = [...settingsLines(settings)];
  const trust = await routes.trustFor(settings);
  lines.push(
    `Trusted roots: ${trust.counts.bundled} bundled with Node, ${trust.counts.extra} from NODE_EXTRA_CA_CERTS, ${settings.systemCertificates ? `${trust.counts.system} from the operating system` : 'none from the operating system (http.systemCertificates is off)'}`,
  );
  let route: Route;
  try {
    route = routeFor(target, settings);
  } catch (error) {
    const problem = error instanceof ProxySettingError ? error.message : String(error);
    return { lines: [...lines, `Way: none: ${problem}`], problem };
  }
  const throughHost = route.kind === 'vscode' || routes.goesThroughHost(origin, route);
  lines.push(
    `Way: ${throughHost ? `through VS Code's own network stack (its proxy resolution: a PAC script, the system's proxy, a Kerberos proxy), since going ${wayOf(route)} failed before` : wayOf(route)}`,
  );
  lines.push(`Name: ${await resolution(target.hostname, route)}`);
  if (throughHost) {
    lines.push("Connection and TLS: made by VS Code's own network stack, which this report cannot look into.");
    return { lines };
  }
  const path = await lookAtPath(target, route, settings, trust, timeoutMs);
  lines.push(...pathLines(path));
  return { lines, ...(problemOf(path) ? { problem: problemOf(path) } : {}) };
}

/** The settings that decide the way, as they are; credentials hidden. */
function settingsLines(settings: NetworkSettings): string[] {
  const env = (name: string) => settings.env[name.toLowerCase()] ?? settings.env[name];
  const shown = (value: string | undefined) => (value ? hideCredentials(value) : '(not set)');
  const bypass = noProxyEntries(settings.noProxy, settings.env);
  return [
    `http.proxy: ${shown(settings.proxy)}`,
    `http.proxyAuthorization: ${settings.proxyAuthorization ? '(set, not shown)' : '(not set)'}`,
    `http.noProxy / NO_PROXY in use: ${bypass.length > 0 ? bypass.join(', ') : '(none)'}`,
    `http.proxySupport: ${settings.proxySupport}; http.proxyStrictSSL: ${settings.proxyStrictSSL}; http.systemCertificates: ${settings.systemCertificates}`,
    `HTTPS_PROXY: ${shown(env('HTTPS_PROXY'))}; HTTP_PROXY: ${shown(env('HTTP_PROXY'))}; ALL_PROXY: ${shown(env('ALL_PROXY'))}`,
    `NODE_EXTRA_CA_CERTS: ${settings.env.NODE_EXTRA_CA_CERTS ?? '(not set)'}`,
  ];
}

/** A proxy's address without the password (and user) it may hold. */
export function hideCredentials(address: string): string {
  return address.replace(/\/\/[^@/]*@/, '//(credentials not shown)@');
}

async function resolution(hostname: string, route: Route): Promise<string> {
  const here = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true }).then(
    (found) => `${hostname} resolves here to ${found.map((entry) => entry.address).join(', ')}`,
    (error: { code?: string }) => `${hostname} does not resolve here (${error.code ?? 'no address'})`,
  );
  return route.kind === 'proxy' ? `the proxy resolves ${hostname}; ${here}` : here;
}

function pathLines(path: PathLook): string[] {
  const lines = [
    path.connectError
      ? `Connection: to ${path.connectedTo} failed: ${path.connectError}`
      : `Connection: to ${path.connectedTo}, made in ${path.connectMs ?? 0} ms`,
  ];
  if (path.tunnel) lines.push(`Tunnel: the proxy answered CONNECT with ${path.tunnel.text}`);
  if (path.tls) {
    const whose = path.tls.of === 'proxy' ? "the proxy's" : "the platform's";
    lines.push(
      `TLS: ${path.tls.protocol ?? 'a handshake'}; ${whose} chain is ${path.tls.trusted ? 'trusted' : `not trusted (${path.tls.error ?? 'no reason given'})`}:`,
    );
    for (const certificate of path.tls.chain)
      lines.push(
        `  ${certificate.subject}, issued by ${certificate.issuer}, valid until ${certificate.validTo}, SHA-256 ${certificate.sha256}`,
      );
  }
  return lines;
}

function problemOf(path: PathLook): string | undefined {
  if (path.connectError) return `The connection to ${path.connectedTo} failed: ${path.connectError}.`;
  if (path.tunnel && path.tunnel.status !== 200) return `The proxy refused the tunnel: ${path.tunnel.text}.`;
  if (path.tls && !path.tls.trusted) {
    const leaf = path.tls.chain[0];
    return `${path.tls.of === 'proxy' ? "The proxy's" : "The platform's"} certificate is not trusted (${path.tls.error ?? 'no reason given'})${leaf ? `: issued to ${leaf.subject} by ${leaf.issuer}` : ''}.`;
  }
  return undefined;
}
