// Which way a call takes, as VS Code's settings and the environment say (issue 41): read as VS
// Code reads them, before anything is sent.

import * as assert from 'node:assert/strict';
import { bypassesProxy, noProxyEntries } from '../../../src/network/noProxy';
import { defaultNetworkSettings, type NetworkSettings, ProxySettingError, routeFor } from '../../../src/network/proxyRoute';
import { hideCredentials } from '../../../src/network/diagnosis';

const target = new URL('https://docs.example.com:8443');
const settings = (over: Partial<NetworkSettings>): NetworkSettings => ({ ...defaultNetworkSettings, ...over });
const way = (over: Partial<NetworkSettings>, url = target) => {
  const route = routeFor(url, settings(over));
  return route.kind === 'proxy'
    ? `proxy ${route.proxy.href} (${route.source})${route.authorization ? ' with authorization' : ''}`
    : `${route.kind} ${'why' in route ? route.why : ''}`.trim();
};

describe('the way to the platform', () => {
  it('takes http.proxy first, then the environment’s proxy for https in either case, as VS Code does', () => {
    assert.equal(way({}), 'direct noProxySet');
    assert.equal(way({ proxy: 'http://proxy.corp:3128' }), 'proxy http://proxy.corp:3128/ (http.proxy)');
    assert.equal(way({ proxy: 'proxy.corp:3128' }), 'proxy http://proxy.corp:3128/ (http.proxy)', 'no scheme: http');
    assert.equal(way({ env: { HTTPS_PROXY: 'http://a:1' } }), 'proxy http://a:1/ (HTTPS_PROXY)');
    assert.equal(
      way({ env: { https_proxy: 'http://b:1', HTTPS_PROXY: 'http://a:1' } }),
      'proxy http://b:1/ (HTTPS_PROXY)',
      'lower case first',
    );
    assert.equal(way({ env: { HTTP_PROXY: 'http://c:1' } }), 'proxy http://c:1/ (HTTP_PROXY)', 'VS Code sends https to HTTP_PROXY too');
    assert.equal(way({ env: { ALL_PROXY: 'http://d:1' } }), 'proxy http://d:1/ (ALL_PROXY)');
    assert.equal(way({ proxy: 'http://e:1', env: { HTTPS_PROXY: 'http://a:1' } }), 'proxy http://e:1/ (http.proxy)');
    assert.equal(
      way({ proxy: 'https://user:pw@f:1', proxyAuthorization: 'Basic eA==' }),
      'proxy https://user:pw@f:1/ (http.proxy) with authorization',
    );
    assert.equal(way({ proxy: 'socks5://g:1080' }), 'vscode proxyScheme', "a proxy undici does not speak: VS Code's fetch");
    assert.throws(() => routeFor(target, settings({ proxy: 'http://' })), ProxySettingError);
  });

  it('goes directly to this machine, with http.proxySupport off, and to the hosts of http.noProxy or NO_PROXY', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      assert.equal(way({ proxy: 'http://p:1' }, new URL(url)), 'direct loopback', url);
    assert.equal(way({ proxy: 'http://p:1', proxySupport: 'off' }), 'direct proxySupportOff');
    assert.equal(way({ proxy: 'http://p:1', noProxy: ['example.com'] }), 'direct noProxy');
    assert.equal(way({ proxy: 'http://p:1', env: { NO_PROXY: 'intranet, .example.com' } }), 'direct noProxy');
    assert.equal(
      way({ proxy: 'http://p:1', noProxy: ['other.org'], env: { NO_PROXY: '*' } }),
      'proxy http://p:1/ (http.proxy)',
      'http.noProxy, when set, is the list',
    );
  });

  it('reads a bypass list as curl and VS Code do: host, domain suffix, port, *', () => {
    const table: [string[], string, boolean][] = [
      [['*'], 'https://a.b', true],
      [['docs.example.com'], 'https://docs.example.com', true],
      [['example.com'], 'https://docs.example.com', true],
      [['.example.com'], 'https://docs.example.com', true],
      [['*.example.com'], 'https://docs.example.com', true],
      [['example.com'], 'https://notexample.com', false],
      [['docs.example.com:8443'], 'https://docs.example.com:8443', true],
      [['docs.example.com:443'], 'https://docs.example.com:8443', false],
      [['docs.example.com:443'], 'https://docs.example.com', true],
      [['10.0.0.7'], 'https://10.0.0.7', true],
      [['[::1]:8080'], 'http://[::1]:8080', true],
      [[''], 'https://a.b', false],
    ];
    for (const [entries, url, bypass] of table) assert.equal(bypassesProxy(new URL(url), entries), bypass, `${entries.join(',')} ${url}`);
    assert.deepEqual(noProxyEntries([], { no_proxy: 'a.com, b.org  c.net' }), ['a.com', 'b.org', 'c.net']);
    assert.deepEqual(noProxyEntries([' x.org '], { NO_PROXY: 'a.com' }), ['x.org']);
  });

  it('never shows a proxy’s credentials', () => {
    assert.equal(hideCredentials('http://user:s3cret@proxy.corp:3128'), 'http://(credentials not shown)@proxy.corp:3128');
    assert.equal(hideCredentials('http://proxy.corp:3128'), 'http://proxy.corp:3128');
  });
});
