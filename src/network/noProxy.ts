// Which hosts go to the platform without the proxy: `http.noProxy` when it lists any, else the
// `NO_PROXY` environment variable, read as VS Code and curl read it. An entry is a host name (its
// subdomains too: `example.com` and `.example.com` both cover `docs.example.com`), optionally with
// a port (`example.com:8443`), an IP address, or `*` for every host.

/** The entries of `http.noProxy` when it has any; else those of NO_PROXY (or no_proxy), comma or space separated. */
export function noProxyEntries(setting: readonly string[], env: Readonly<Record<string, string | undefined>>): string[] {
  const fromSetting = setting.map((entry) => entry.trim()).filter(Boolean);
  if (fromSetting.length > 0) return fromSetting;
  return (env.no_proxy ?? env.NO_PROXY ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Whether `entries` send `url` past the proxy. */
export function bypassesProxy(url: URL, entries: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return entries.some((raw) => {
    if (raw === '*') return true;
    const entry = raw.toLowerCase();
    // `[::1]:8080`, `host:8080`: a port narrows the entry to it. (An IPv6 address alone has colons of its own.)
    const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    const name = (withPort ? withPort[1] : entry).replace(/^\[|\]$/g, '').replace(/^\*?\.?/, '');
    if (withPort && withPort[2] !== port) return false;
    return name !== '' && (host === name || host.endsWith(`.${name}`));
  });
}
