// The platform over undici in Node (desktop VS Code, remote hosts, code-server), on the way VS
// Code's settings choose (routeFor), trusting the roots VS Code trusts (trustFor). The settings
// are read for every request, so that a change takes effect with the next one; dispatchers (pools
// of connections, direct or through a proxy) are made once per route and trust, and closed once
// replaced. Where no proxy is set and the direct route fails before anything was sent, the call
// goes once more through VS Code's own `fetch`, which knows what undici cannot (a PAC script, the
// system's proxy, a Kerberos proxy); the way that worked is remembered per origin for the session.
// Nothing process-wide is changed: no global dispatcher, no environment, no default CA list.

import type { Dispatcher } from 'undici';
import type { BaseUrl } from '../platform/endpoint';
import { fetchTransportWith, nodeFetchFailure } from '../platform/fetchTransport';
import type { Logger } from '../log/logger';
import type { HttpCall, HttpResponse, Transport, TransportFactory, TransportOptions } from '../platform/transport';
import { sentNothing } from '../platform/transportFailures';
import { TransportError } from '../platform/transportError';
import { describeCertificate } from './peerCertificate';
import { defaultNetworkSettings, type NetworkSettings, ProxySettingError, proxyLabel, type Route, routeFor } from './proxyRoute';
import { nodeSystemRoots, type SystemRoots, type Trust, trustFor } from './trust';
import { type ExchangeContext, markingTunnelFailures, undici, undiciExchange, undiciFailure } from './undiciExchange';

/** What the Node host gives the transport: VS Code's settings, the system's roots, and its own fetch. */
export interface NodeNetwork {
  /** Read afresh for every request. */
  readonly settings: () => NetworkSettings;
  /** The operating system's trusted roots, as VS Code reads them; undefined where there is no way. */
  readonly systemRoots?: SystemRoots;
  /** VS Code's own `fetch`, with its proxy resolution, read for each request; undefined where there is none (plain Node). */
  readonly hostFetch?: () => typeof fetch | undefined;
}

/** The ways to the platform for one extension session: dispatchers, trust and the routes that worked. */
export class NetworkRoutes {
  private readonly dispatchers = new Map<string, { key: string; dispatcher: Dispatcher }>();
  private trustKey: string | undefined;
  /** Origins, with their route, that VS Code's fetch reached where undici did not. */
  private readonly throughHost = new Set<string>();
  /** What was last said in the log about the way to each origin, so that it is said once. */
  private readonly said = new Map<string, string>();
  /**
   * Origins, with their route, whose proxy asked for credentials that VS Code's fetch could not give
   * either (its sign-in dismissed, or none offered): background calls no longer ask it, so that the
   * sign-in does not come back at every poll. A call the user makes asks again; one that gets through
   * lifts it, and a change of the settings is another route.
   */
  private readonly signInDeclined = new Set<string>();

  /** `trusts`: the roots made so far, by their settings; shared where many routes read the same (tests). */
  constructor(
    readonly network: NodeNetwork,
    private readonly trusts = new Map<string, Promise<Trust>>(),
  ) {}

  /** The transport factory the client takes: every transport shares these routes. */
  readonly transport: TransportFactory = (base, options) => new RoutedTransport(base, options, this);

  /** The roots trusted under these settings, made once while they stay the same. */
  trustFor(settings: NetworkSettings): Promise<Trust> {
    const key = JSON.stringify([settings.systemCertificates, settings.env.NODE_EXTRA_CA_CERTS ?? '']);
    this.trustKey = key;
    let trust = this.trusts.get(key);
    if (!trust) this.trusts.set(key, (trust = trustFor(settings, this.network.systemRoots)));
    return trust;
  }

  /** The dispatcher of `route` to `origin`, made anew (the old one closed) when the route or trust changed. */
  async dispatcher(origin: string, route: Route, settings: NetworkSettings, options: TransportOptions): Promise<Dispatcher> {
    const trust = await this.trustFor(settings);
    const key = JSON.stringify([route, route.kind === 'proxy' ? settings.proxyStrictSSL : null, this.trustKey, options.timeouts]);
    const cached = this.dispatchers.get(origin);
    if (cached?.key === key) return cached.dispatcher;
    // Exchanges under way on the old one finish; it takes no new ones.
    void cached?.dispatcher.close().catch(() => {});
    const dispatcher = makeDispatcher(route, settings, trust, options);
    this.dispatchers.set(origin, { key, dispatcher });
    return dispatcher;
  }

  rememberHost(origin: string, route: Route): void {
    this.throughHost.add(JSON.stringify([origin, route]));
  }

  /** Whether VS Code's fetch is the way to `origin` on `route`, as found before in this session. */
  goesThroughHost(origin: string, route: Route): boolean {
    return this.throughHost.has(JSON.stringify([origin, route]));
  }

  /** Whether the proxy's sign-in on this route did not get through, the last time it was tried. */
  signInDeclinedOn(origin: string, route: Route): boolean {
    return this.signInDeclined.has(JSON.stringify([origin, route]));
  }

  setSignInDeclined(origin: string, route: Route, declined: boolean): void {
    const key = JSON.stringify([origin, route]);
    if (declined) this.signInDeclined.add(key);
    else this.signInDeclined.delete(key);
  }

  /** Says the way to `origin` in the log, once each time it changes. */
  tell(logger: Logger | undefined, origin: string, way: string): void {
    if (this.said.get(origin) === way) return;
    this.said.set(origin, way);
    logger?.info(`Calls to ${origin} go ${way}.`);
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map(({ dispatcher }) => dispatcher.close().catch(() => {})));
    this.dispatchers.clear();
  }
}

/** A transport of one base URL over the routes. */
class RoutedTransport implements Transport {
  constructor(
    private readonly base: BaseUrl,
    private readonly options: TransportOptions,
    private readonly routes: NetworkRoutes,
  ) {}

  get origin(): string {
    return this.base.origin;
  }

  async open(call: HttpCall): Promise<HttpResponse | TransportError> {
    const settings = this.routes.network.settings();
    const target = new URL(this.base.origin);
    let route: Route;
    try {
      route = routeFor(target, settings);
    } catch (error) {
      if (error instanceof ProxySettingError) return new TransportError('proxyInvalid', error.message);
      throw error;
    }
    const hostFetch = this.routes.network.hostFetch?.();
    const unresolved = route.kind === 'direct' && route.why === 'noProxySet';
    if (hostFetch && this.routes.goesThroughHost(this.origin, route)) {
      this.routes.tell(this.options.logger, this.origin, "through VS Code's own network stack (its proxy resolution)");
      return this.viaHost(hostFetch, call);
    }
    // This machine is always reached directly: nothing worth a line.
    if (route.kind !== 'direct' || route.why !== 'loopback') this.routes.tell(this.options.logger, this.origin, wayOf(route));
    const context: ExchangeContext = {
      host: target.host,
      ...(route.kind === 'direct'
        ? {}
        : {
            proxy: {
              label: proxyLabel(route.proxy),
              source: route.source,
              credentials: route.kind === 'proxy' ? route.authorization !== undefined : route.credentials !== undefined,
            },
          }),
    };
    const dispatcher = await this.routes.dispatcher(this.origin, route, settings, this.options);
    // undici sends a request whose signal was aborted before it was given it: a stop while the
    // roots were read must not be.
    if (call.signal?.aborted) return new TransportError('cancelled', 'cancelled before it was sent');
    const opened = await undiciExchange(dispatcher, this.base, call, this.options, context);
    if (!(opened instanceof TransportError)) return opened;
    if (opened.failure === 'certificateUntrusted') return this.described(opened, target, route, settings);
    // A proxy undici does not know of (a PAC script, the system's), or one that asks for credentials
    // undici cannot give (Kerberos): VS Code's fetch may know the way, and may ask the user to sign in.
    const signIn = route.kind === 'proxy' && opened.failure === 'proxyAuthRequired' && opened.facts.credentialsSent !== true;
    const another = (unresolved && settings.proxySupport !== 'off' && sentNothing(opened.failure)) || signIn;
    if (hostFetch && another && !call.signal?.aborted) {
      const declined = () => new TransportError(opened.failure, opened.message, opened.status, { ...opened.facts, signInDeclined: true });
      if (signIn && call.background && this.routes.signInDeclinedOn(this.origin, route)) return declined();
      const again = await this.viaHost(hostFetch, call);
      const refused = again instanceof TransportError || (signIn && again.status === 407);
      if (refused && !(again instanceof TransportError)) again.body.destroy();
      if (refused && signIn && !call.signal?.aborted) {
        this.routes.setSignInDeclined(this.origin, route, true);
        return declined();
      }
      if (refused) return opened;
      if (signIn) this.routes.setSignInDeclined(this.origin, route, false);
      this.routes.rememberHost(this.origin, route);
      this.routes.tell(
        this.options.logger,
        this.origin,
        `through VS Code's own network stack (its proxy resolution), since going ${wayOf(route)} failed`,
      );
      return again;
    }
    return opened;
  }

  private viaHost(hostFetch: typeof fetch, call: HttpCall): Promise<HttpResponse | TransportError> {
    // fetch has one wait for the connection and the headers together: fetchTransport keeps its own timers.
    const failure = nodeFetchFailure((error) => undiciFailure(error, { host: new URL(this.origin).host }));
    return fetchTransportWith({ fetch: hostFetch, failure, userAgent: true })(this.base, this.options).open(call);
  }

  /** An untrusted certificate, with whose it is and who issued it, read from a look at the chain (nothing sent). */
  private async described(failure: TransportError, target: URL, route: Route, settings: NetworkSettings): Promise<TransportError> {
    const trust = await this.routes.trustFor(settings);
    const about = await describeCertificate(target, route, settings, trust, this.options.timeouts.connectMs).catch(() => undefined);
    if (!about) return failure;
    return new TransportError(failure.failure, failure.message, failure.status, { ...failure.facts, ...about });
  }

  close(): Promise<void> {
    // The dispatchers are the session's (NetworkRoutes), shared by every transport to the origin.
    return Promise.resolve();
  }
}

/** The way a route takes, for the log (in English: Check Connection says it in the user's words, diagnosis.ts). */
export function wayOf(route: Route): string {
  switch (route.kind) {
    case 'direct':
      return route.why === 'loopback'
        ? 'directly (this machine)'
        : route.why === 'proxySupportOff'
          ? 'directly (http.proxySupport is off)'
          : route.why === 'noProxy'
            ? 'directly (the host is in http.noProxy or NO_PROXY)'
            : 'directly (no proxy is set)';
    case 'proxy':
    case 'socks':
      return `through the proxy ${proxyLabel(route.proxy)} (${route.source === 'http.proxy' ? 'the setting http.proxy' : `the environment variable ${route.source}`})`;
  }
}

/** A pool of connections for the route: direct, or tunnels through the proxy, every one within the connect time. */
function makeDispatcher(route: Route, settings: NetworkSettings, trust: Trust, options: TransportOptions): Dispatcher {
  const { Agent, Pool, ProxyAgent } = undici();
  const { connectMs, headersMs, readIdleMs } = options.timeouts;
  const tls = { timeout: connectMs, secureContext: trust.secureContext };
  if (route.kind === 'direct') return new Agent({ connect: tls, headersTimeout: headersMs, bodyTimeout: readIdleMs });
  if (route.kind === 'socks')
    return new ProxyAgent({
      uri: route.proxy.href,
      ...(route.credentials ? { username: route.credentials.user, password: route.credentials.password } : {}),
      headersTimeout: headersMs,
      bodyTimeout: readIdleMs,
      // No proxyTls: given one, undici speaks TLS to the SOCKS proxy itself.
      requestTls: tls,
    });
  return new ProxyAgent({
    uri: route.proxy.href,
    ...(route.authorization ? { token: route.authorization } : {}),
    headersTimeout: headersMs,
    bodyTimeout: readIdleMs,
    // The proxy's own certificate: verified unless http.proxyStrictSSL is off. The platform's, through the tunnel, always.
    proxyTls: { ...tls, rejectUnauthorized: settings.proxyStrictSSL },
    requestTls: tls,
    // The tunnel's CONNECT is answered within the connect time too: a proxy that never answers is not waited on.
    clientFactory: (origin, factoryOptions) =>
      markingTunnelFailures(new Pool(origin, { ...factoryOptions, headersTimeout: connectMs, bodyTimeout: connectMs })),
  });
}

/** The roots of every plain transport: each reads the same, once. */
const plainTrusts = new Map<string, Promise<Trust>>();

/**
 * The transport of plain Node (tests, benchmarks, the demo's tools): VS Code's defaults, Node's own
 * reading of the system's roots; each transport with routes of its own, closed with it.
 */
export const plainNodeTransport: TransportFactory = (base, options) => {
  const routes = new NetworkRoutes(
    {
      settings: () => ({ ...defaultNetworkSettings, env: process.env }),
      ...(nodeSystemRoots ? { systemRoots: nodeSystemRoots } : {}),
    },
    plainTrusts,
  );
  const transport = routes.transport(base, options);
  return {
    get origin() {
      return transport.origin;
    },
    open: (call) => transport.open(call),
    close: () => routes.dispose(),
  };
};
