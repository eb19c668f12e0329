// A proxy's address as `http.proxy` or a proxy variable gives it, read so that its user information
// (a user name, a password, a gateway's token) never leaves the process: not in Check Connection's
// report, a sentence, a notification or the log, whatever the value holds. VS Code's settings editor
// takes any text, so the address may have no scheme (`alice:pw@proxy:3128`), a password holding `@`,
// or one holding `#`, `/` or `?` that no URL parser reads as a password. The user information is
// everything before the last `@` (a host never holds one): it is cut there, always, and what is left
// is the only part ever shown. An address that still does not parse is said by which part is wrong,
// never quoted.

/** What is wrong with an address that is not one, said without quoting it. */
export type ProxyAddressProblem = 'scheme' | 'noHost' | 'host' | 'port';

/** A user name and password, as the address held them (percent-decoded). */
export interface ProxyCredentials {
  readonly user: string;
  readonly password: string;
}

export type ProxyAddress =
  /** An address read: `url` has no user information; `credentials` are what it held, if anything. */
  | { readonly kind: 'address'; readonly url: URL; readonly credentials?: ProxyCredentials }
  | { readonly kind: 'invalid'; readonly problem: ProxyAddressProblem };

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** The address's parts: its scheme (`http` when it names none), its user information, and the rest. */
function partsOf(value: string): { scheme: string; userInfo: string | undefined; rest: string } {
  const text = value.trim();
  const scheme = SCHEME.exec(text);
  const afterScheme = scheme ? text.slice(scheme[0].length) : text;
  const at = afterScheme.lastIndexOf('@');
  return {
    scheme: (scheme?.[1] ?? 'http').toLowerCase(),
    userInfo: at < 0 ? undefined : afterScheme.slice(0, at),
    rest: at < 0 ? afterScheme : afterScheme.slice(at + 1),
  };
}

/** The address as it may be shown: its user information replaced by `hidden`, whatever it holds. */
export function proxyAddressShown(value: string, hidden: string): string {
  const { scheme, userInfo, rest } = partsOf(value);
  const written = SCHEME.test(value.trim()) ? `${scheme}://` : '';
  return `${written}${userInfo === undefined ? '' : `${hidden}@`}${rest}`;
}

/** The scheme an address names (`http` when it names none), lower case. */
export function proxyScheme(value: string): string {
  return partsOf(value).scheme;
}

/**
 * Reads an address: the proxy without its user information, and the credentials that information
 * gives, as curl reads them (a user name alone, such as a gateway's token, has an empty password).
 */
export function readProxyAddress(value: string): ProxyAddress {
  const { scheme, userInfo, rest } = partsOf(value);
  const hostPort = rest.replace(/[/?#].*$/s, '');
  if (hostPort === '') return { kind: 'invalid', problem: 'noHost' };
  const text = `${scheme}://${hostPort}`;
  if (!URL.canParse(text)) {
    const port = /^(?:\[[^\]]*\]|[^:]*):(.*)$/.exec(hostPort)?.[1];
    const portValid = port === undefined || (/^\d+$/.test(port) && Number(port) <= 65_535);
    return { kind: 'invalid', problem: portValid ? 'host' : 'port' };
  }
  const url = new URL(text);
  if (url.hostname === '') return { kind: 'invalid', problem: 'noHost' };
  if (userInfo === undefined || userInfo === '') return { kind: 'address', url };
  const colon = userInfo.indexOf(':');
  const user = decoded(colon < 0 ? userInfo : userInfo.slice(0, colon));
  const password = colon < 0 ? '' : decoded(userInfo.slice(colon + 1));
  return { kind: 'address', url, credentials: { user, password } };
}

/** The `Proxy-Authorization` an http(s) proxy is sent for `credentials`, as curl sends it: `TOKEN:` for a user alone. */
export function basicAuthorization({ user, password }: ProxyCredentials): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** A part as the user meant it: percent-decoded when it is percent-encoded, else as typed (`50%off`). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
