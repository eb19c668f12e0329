// The way a request reaches the platform, decided as VS Code decides it for its own requests and
// for extensions that use its `https` or `fetch`: this machine's own addresses directly; then
// `http.noProxy` (or NO_PROXY); then the proxy of `http.proxy`; then the one of the environment
// (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, in either case). With none, the request goes directly, and
// when that fails before anything was sent, through VS Code's own `fetch`, which knows what undici
// cannot: a PAC script, the system's proxy, a Kerberos proxy (NetworkRoutes). A proxy of a kind
// neither speaks is said to be one, never passed by.

import * as l10n from '@vscode/l10n';
import { bypassesProxy, noProxyEntries } from './noProxy';
import { basicAuthorization, type ProxyAddressProblem, type ProxyCredentials, proxyScheme, readProxyAddress } from './proxyAddress';

/** `http.proxySupport`: `off` sends every request directly; the others let VS Code's settings choose a proxy. */
export type ProxySupport = 'off' | 'on' | 'fallback' | 'override';

/** What VS Code's settings and the environment say about the network, read afresh for each request. */
export interface NetworkSettings {
  /** `http.proxy`: an `http://` or `https://` proxy, credentials in it allowed; `''` when unset. */
  readonly proxy: string;
  readonly noProxy: readonly string[];
  readonly proxySupport: ProxySupport;
  /** `http.proxyAuthorization`: the `Proxy-Authorization` header's whole value, such as `Basic …`. */
  readonly proxyAuthorization: string | undefined;
  /** `http.proxyStrictSSL`: whether an `https://` proxy's own certificate is verified. */
  readonly proxyStrictSSL: boolean;
  /** `http.systemCertificates`: whether the operating system's trusted roots are trusted too. */
  readonly systemCertificates: boolean;
  /** The extension host's environment: the proxy variables and NODE_EXTRA_CA_CERTS. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export const defaultNetworkSettings: NetworkSettings = {
  proxy: '',
  noProxy: [],
  proxySupport: 'override',
  proxyAuthorization: undefined,
  proxyStrictSSL: true,
  systemCertificates: true,
  env: {},
};

/** Where a proxy's address came from, as Check Connection and the log say it. */
export type ProxySource = 'http.proxy' | 'HTTPS_PROXY' | 'HTTP_PROXY' | 'ALL_PROXY';

export type Route =
  /** Straight to the platform. `why` is for Check Connection and the log. */
  | { readonly kind: 'direct'; readonly why: 'loopback' | 'proxySupportOff' | 'noProxy' | 'noProxySet' }
  /**
   * Through an http(s) proxy, with a CONNECT tunnel. `proxy` holds no user information: the
   * credentials are `authorization` alone (http.proxyAuthorization, else the address's own).
   */
  | { readonly kind: 'proxy'; readonly proxy: URL; readonly source: ProxySource; readonly authorization?: string }
  /**
   * Through a SOCKS5 proxy (`socks5://`, `socks5h://`, `socks://`), the platform's name resolved by
   * the proxy. VS Code's own fetch cannot take one (it speaks TLS to it), so undici does.
   */
  | { readonly kind: 'socks'; readonly proxy: URL; readonly source: ProxySource; readonly credentials?: ProxyCredentials };

/** The schemes of a SOCKS5 proxy, as VS Code's settings take them. */
const SOCKS5_SCHEMES: ReadonlySet<string> = new Set(['socks5', 'socks5h', 'socks']);

/** This machine: VS Code never sends these through a proxy. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '[::ffff:127.0.0.1]']);

/**
 * A proxy's address the settings gave that is not one: said by the part that is wrong, never
 * quoted, since the value may hold a password in a shape no parser reads as one.
 */
export class ProxySettingError extends Error {
  constructor(
    readonly source: ProxySource,
    readonly problem: ProxyAddressProblem,
  ) {
    super(proxySettingProblem(source, problem));
  }
}

function proxySettingProblem(source: ProxySource, problem: ProxyAddressProblem): string {
  if (source === 'http.proxy')
    switch (problem) {
      case 'scheme':
        return l10n.t(
          'The setting http.proxy names a kind of proxy Docs Assistant cannot go through: it takes http://, https:// and socks5:// proxies.',
        );
      case 'noHost':
        return l10n.t("The setting http.proxy is not a proxy's address: it names no host.");
      case 'host':
        return l10n.t("The setting http.proxy is not a proxy's address: its host is not a host name or an IP address.");
      case 'port':
        return l10n.t("The setting http.proxy is not a proxy's address: its port is not a number from 1 to 65535.");
    }
  switch (problem) {
    case 'scheme':
      return l10n.t(
        'The environment variable {0} names a kind of proxy Docs Assistant cannot go through: it takes http://, https:// and socks5:// proxies.',
        source,
      );
    case 'noHost':
      return l10n.t("The environment variable {0} is not a proxy's address: it names no host.", source);
    case 'host':
      return l10n.t("The environment variable {0} is not a proxy's address: its host is not a host name or an IP address.", source);
    case 'port':
      return l10n.t("The environment variable {0} is not a proxy's address: its port is not a number from 1 to 65535.", source);
  }
}

/** The route to `target` under `settings`; throws ProxySettingError when the proxy named is not an address. */
export function routeFor(target: URL, settings: NetworkSettings): Route {
  if (LOOPBACK.has(target.hostname)) return { kind: 'direct', why: 'loopback' };
  if (settings.proxySupport === 'off') return { kind: 'direct', why: 'proxySupportOff' };
  if (bypassesProxy(target, noProxyEntries(settings.noProxy, settings.env))) return { kind: 'direct', why: 'noProxy' };
  const named = proxyNamed(target, settings);
  if (!named) return { kind: 'direct', why: 'noProxySet' };
  const scheme = proxyScheme(named.value);
  const socks = SOCKS5_SCHEMES.has(scheme);
  // Never a way undici does not know, and never directly: a proxy of another kind is said to be one.
  if (!socks && scheme !== 'http' && scheme !== 'https') throw new ProxySettingError(named.source, 'scheme');
  const address = readProxyAddress(named.value);
  if (address.kind === 'invalid') throw new ProxySettingError(named.source, address.problem);
  const { url, credentials } = address;
  if (socks)
    return { kind: 'socks', proxy: new URL(`socks5://${url.host}`), source: named.source, ...(credentials ? { credentials } : {}) };
  const authorization = settings.proxyAuthorization?.trim() || (credentials && basicAuthorization(credentials));
  return { kind: 'proxy', proxy: url, source: named.source, ...(authorization ? { authorization } : {}) };
}

/** The proxy the settings name for `target`: `http.proxy`, else the environment's, as VS Code reads it. */
function proxyNamed(target: URL, settings: NetworkSettings): { source: ProxySource; value: string } | undefined {
  const proxy = settings.proxy.trim();
  if (proxy !== '') return { source: 'http.proxy', value: proxy };
  const env = (name: string) => (settings.env[name.toLowerCase()] ?? settings.env[name])?.trim() || undefined;
  // VS Code sends https requests to HTTP_PROXY too when HTTPS_PROXY is not set; so does this.
  const order: ProxySource[] = target.protocol === 'https:' ? ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY'] : ['HTTP_PROXY', 'ALL_PROXY'];
  for (const source of order) {
    const value = env(source);
    if (value) return { source, value };
  }
  return undefined;
}

/** A proxy's address (read without its credentials), for the log, the sentences and Check Connection. */
export function proxyLabel(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}
