// Check Connection's look at the network, in words a user can send to their IT team: the settings
// that decide the way (credentials hidden), the way calls to the platform take, whether its name
// resolves here, the connection (to the platform or to the proxy, and the tunnel), and TLS with
// the chain offered and whether it is trusted. Nothing is sent to the platform, and no secret is
// in it: not a key, not a proxy's password, not http.proxyAuthorization's value.

import * as l10n from '@vscode/l10n';
import { lookup } from 'node:dns/promises';
import { noProxyEntries } from './noProxy';
import { lookAtPath, type PathLook } from './peerCertificate';
import { proxyAddressShown } from './proxyAddress';
import { type NetworkSettings, proxyLabel, ProxySettingError, type Route, routeFor } from './proxyRoute';
import type { NetworkRoutes } from './routedTransport';

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
  const { bundled, extra, system } = trust.counts;
  lines.push(
    settings.systemCertificates
      ? l10n.t('Trusted roots: {0} bundled with Node, {1} from NODE_EXTRA_CA_CERTS, {2} from the operating system', bundled, extra, system)
      : l10n.t(
          'Trusted roots: {0} bundled with Node, {1} from NODE_EXTRA_CA_CERTS, none from the operating system (http.systemCertificates is off)',
          bundled,
          extra,
        ),
  );
  let route: Route;
  try {
    route = routeFor(target, settings);
  } catch (error) {
    const problem = error instanceof ProxySettingError ? error.message : String(error);
    return { lines: [...lines, l10n.t('Way: none: {0}', problem)], problem };
  }
  const throughHost = routes.goesThroughHost(origin, route);
  lines.push(
    throughHost
      ? l10n.t(
          "Way: through VS Code's own network stack (its proxy resolution: a PAC script, the system's proxy, a Kerberos proxy), since going {0} failed before",
          wayWords(route),
        )
      : l10n.t('Way: {0}', wayWords(route)),
  );
  lines.push(await resolution(target.hostname, route));
  if (throughHost) {
    lines.push(l10n.t("Connection and TLS: made by VS Code's own network stack, which this report cannot look into."));
    return { lines };
  }
  const path = await lookAtPath(target, route, settings, trust, timeoutMs);
  lines.push(...pathLines(path));
  return { lines, ...(problemOf(path) ? { problem: problemOf(path) } : {}) };
}

/** The way a route takes, in the user's words (the log says it in English: routedTransport's wayOf). */
function wayWords(route: Route): string {
  switch (route.kind) {
    case 'direct':
      return directly(route.why);
    case 'proxy':
    case 'socks':
      return route.source === 'http.proxy'
        ? l10n.t('through the proxy {0} (the setting http.proxy)', proxyLabel(route.proxy))
        : l10n.t('through the proxy {0} (the environment variable {1})', proxyLabel(route.proxy), route.source);
  }
}

function directly(why: Extract<Route, { kind: 'direct' }>['why']): string {
  switch (why) {
    case 'loopback':
      return l10n.t('directly (this machine)');
    case 'proxySupportOff':
      return l10n.t('directly (http.proxySupport is off)');
    case 'noProxy':
      return l10n.t('directly (the host is in http.noProxy or NO_PROXY)');
    case 'noProxySet':
      return l10n.t('directly (no proxy is set)');
  }
}

/** The settings that decide the way, as they are; credentials hidden. */
function settingsLines(settings: NetworkSettings): string[] {
  const env = (name: string) => settings.env[name.toLowerCase()] ?? settings.env[name];
  const notSet = l10n.t('(not set)');
  const shown = (value: string | undefined) => (value ? hideCredentials(value) : notSet);
  const bypass = noProxyEntries(settings.noProxy, settings.env);
  return [
    `http.proxy: ${shown(settings.proxy)}`,
    `http.proxyAuthorization: ${settings.proxyAuthorization ? l10n.t('(set, not shown)') : notSet}`,
    l10n.t('http.noProxy / NO_PROXY in use: {0}', bypass.length > 0 ? bypass.join(', ') : l10n.t('(none)')),
    `http.proxySupport: ${settings.proxySupport}; http.proxyStrictSSL: ${settings.proxyStrictSSL}; http.systemCertificates: ${settings.systemCertificates}`,
    `HTTPS_PROXY: ${shown(env('HTTPS_PROXY'))}; HTTP_PROXY: ${shown(env('HTTP_PROXY'))}; ALL_PROXY: ${shown(env('ALL_PROXY'))}`,
    `NODE_EXTRA_CA_CERTS: ${settings.env.NODE_EXTRA_CA_CERTS ?? notSet}`,
  ];
}

/** A proxy's address without the user information it may hold (a user, a password, a token), whatever its shape. */
export function hideCredentials(address: string): string {
  return proxyAddressShown(address, l10n.t('(credentials not shown)'));
}

/** The report's line about the platform's name: where it resolves here, and who resolves it for the calls. */
async function resolution(hostname: string, route: Route): Promise<string> {
  const proxy = route.kind === 'proxy';
  return lookup(hostname.replace(/^\[|\]$/g, ''), { all: true }).then(
    (found) => {
      const addresses = found.map((entry) => entry.address).join(', ');
      return proxy
        ? l10n.t('Name: the proxy resolves {0}; {0} resolves here to {1}', hostname, addresses)
        : l10n.t('Name: {0} resolves here to {1}', hostname, addresses);
    },
    (error: { code?: string }) => {
      const code = error.code ?? l10n.t('no address');
      return proxy
        ? l10n.t('Name: the proxy resolves {0}; {0} does not resolve here ({1})', hostname, code)
        : l10n.t('Name: {0} does not resolve here ({1})', hostname, code);
    },
  );
}

function pathLines(path: PathLook): string[] {
  const lines = [
    path.connectError
      ? l10n.t('Connection: to {0} failed: {1}', path.connectedTo, path.connectError)
      : l10n.t('Connection: to {0}, made in {1} ms', path.connectedTo, path.connectMs ?? 0),
  ];
  if (path.tunnel) lines.push(l10n.t('Tunnel: the proxy answered CONNECT with {0}', path.tunnel.text));
  if (path.tls) lines.push(tlsLine(path.tls));
  for (const certificate of path.tls?.chain ?? [])
    lines.push(
      `  ${l10n.t(
        '{0}, issued by {1}, valid until {2}, SHA-256 {3}',
        certificate.subject,
        certificate.issuer,
        certificate.validTo,
        certificate.sha256,
      )}`,
    );
  return lines;
}

/** The TLS line: the protocol, whose chain, and whether it is trusted (why not, when it is not). */
function tlsLine(tls: NonNullable<PathLook['tls']>): string {
  const protocol = tls.protocol ?? l10n.t('a handshake');
  const why = tls.error ?? l10n.t('no reason given');
  if (tls.of === 'proxy')
    return tls.trusted
      ? l10n.t("TLS: {0}; the proxy's chain is trusted:", protocol)
      : l10n.t("TLS: {0}; the proxy's chain is not trusted ({1}):", protocol, why);
  return tls.trusted
    ? l10n.t("TLS: {0}; the platform's chain is trusted:", protocol)
    : l10n.t("TLS: {0}; the platform's chain is not trusted ({1}):", protocol, why);
}

function problemOf(path: PathLook): string | undefined {
  if (path.connectError) return l10n.t('The connection to {0} failed: {1}.', path.connectedTo, path.connectError);
  if (path.tunnel && path.tunnel.status !== 200) return l10n.t('The proxy refused the tunnel: {0}.', path.tunnel.text);
  if (path.tls && !path.tls.trusted) {
    const leaf = path.tls.chain[0];
    const why = path.tls.error ?? l10n.t('no reason given');
    if (path.tls.of === 'proxy')
      return leaf
        ? l10n.t("The proxy's certificate is not trusted ({0}): issued to {1} by {2}.", why, leaf.subject, leaf.issuer)
        : l10n.t("The proxy's certificate is not trusted ({0}).", why);
    return leaf
      ? l10n.t("The platform's certificate is not trusted ({0}): issued to {1} by {2}.", why, leaf.subject, leaf.issuer)
      : l10n.t("The platform's certificate is not trusted ({0}).", why);
  }
  return undefined;
}
