// The way a request reaches the platform, decided as VS Code decides it for its own requests and
// for extensions that use its `https` or `fetch`: this machine's own addresses directly; then
// `http.noProxy` (or NO_PROXY); then the proxy of `http.proxy`; then the one of the environment
// (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, in either case). With none, the request goes directly, and
// when that fails before anything was sent, through VS Code's own `fetch`, which knows what undici
// cannot: a PAC script, the system's proxy, a Kerberos proxy (NetworkRoutes).

import * as l10n from '@vscode/l10n';
import { bypassesProxy, noProxyEntries } from './noProxy';

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
  /** Through an http(s) proxy, with a CONNECT tunnel. */
  | { readonly kind: 'proxy'; readonly proxy: URL; readonly source: ProxySource; readonly authorization?: string }
  /**
   * Through VS Code's own `fetch`: for a proxy undici cannot speak to (a `socks://` one), as VS
   * Code's resolver is given the same settings.
   */
  | { readonly kind: 'vscode'; readonly why: 'proxyScheme'; readonly source: ProxySource };

/** This machine: VS Code never sends these through a proxy. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '[::ffff:127.0.0.1]']);

/** A proxy's address the settings gave that is not one: said in words, for the user to fix. */
export class ProxySettingError extends Error {
  constructor(
    readonly source: ProxySource,
    readonly value: string,
  ) {
    super(
      source === 'http.proxy'
        ? l10n.t('The setting http.proxy is not a proxy\'s address: "{0}".', value)
        : l10n.t('The environment variable {0} is not a proxy\'s address: "{1}".', source, value),
    );
  }
}

/** The route to `target` under `settings`; throws ProxySettingError when the proxy named is not an address. */
export function routeFor(target: URL, settings: NetworkSettings): Route {
  if (LOOPBACK.has(target.hostname)) return { kind: 'direct', why: 'loopback' };
  if (settings.proxySupport === 'off') return { kind: 'direct', why: 'proxySupportOff' };
  if (bypassesProxy(target, noProxyEntries(settings.noProxy, settings.env))) return { kind: 'direct', why: 'noProxy' };
  const named = proxyNamed(target, settings);
  if (!named) return { kind: 'direct', why: 'noProxySet' };
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(named.value) ? named.value : `http://${named.value}`;
  if (!URL.canParse(text)) throw new ProxySettingError(named.source, named.value);
  const proxy = new URL(text);
  if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') return { kind: 'vscode', why: 'proxyScheme', source: named.source };
  const authorization = settings.proxyAuthorization?.trim();
  return { kind: 'proxy', proxy, source: named.source, ...(authorization ? { authorization } : {}) };
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

/** A proxy's address without its credentials, for the log and Check Connection. */
export function proxyLabel(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}
