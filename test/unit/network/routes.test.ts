// Which way a call takes, as VS Code's settings and the environment say (issue 41): read as VS
// Code reads them, before anything is sent.

import * as assert from 'node:assert/strict';
import { bypassesProxy, noProxyEntries } from '../../../src/network/noProxy';
import { defaultNetworkSettings, type NetworkSettings, ProxySettingError, routeFor } from '../../../src/network/proxyRoute';
import { hideCredentials } from '../../../src/network/diagnosis';
import { basicAuthorization, readProxyAddress } from '../../../src/network/proxyAddress';

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
      'proxy https://f:1/ (http.proxy) with authorization',
      'the address keeps no credentials: they are the authorization alone',
    );
    assert.equal(way({ proxy: 'socks5://g:1080' }), 'socks', "a SOCKS5 proxy: VS Code's fetch cannot take one, undici does");
    assert.throws(() => routeFor(target, settings({ proxy: 'socks4://g:1080' })), ProxySettingError, 'never passed by');
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

  it('never shows a proxy’s credentials, whatever the address holds (issue 46, item 1)', () => {
    const table: [string, string][] = [
      ['http://user:s3cret@proxy.corp:3128', 'http://(credentials not shown)@proxy.corp:3128'],
      ['http://proxy.corp:3128', 'http://proxy.corp:3128'],
      ['alice:S3cretPw@127.0.0.1:3128', '(credentials not shown)@127.0.0.1:3128'],
      ['http://alice:p@ss@w0rd@127.0.0.1:3128', 'http://(credentials not shown)@127.0.0.1:3128'],
      ['http://alice:pa#ss/w?rd@127.0.0.1:3128', 'http://(credentials not shown)@127.0.0.1:3128'],
      ['alice:123/x@127.0.0.1:3128', '(credentials not shown)@127.0.0.1:3128'],
      ['http://TOKEN@gateway.corp:8080/', 'http://(credentials not shown)@gateway.corp:8080/'],
    ];
    for (const [value, shown] of table) assert.equal(hideCredentials(value), shown, value);
  });

  it('reads an address as curl does: the credentials before its last @, a password holding # / ? @, no scheme (issue 46, items 1 and 3)', () => {
    const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
    const table: [string, string, string | undefined][] = [
      ['alice:S3cretPw@127.0.0.1:3128', 'http://127.0.0.1:3128/', basic('alice:S3cretPw')],
      ['http://alice:p@ss@127.0.0.1:3128', 'http://127.0.0.1:3128/', basic('alice:p@ss')],
      ['http://alice:pa#ss/w?rd@127.0.0.1:3128', 'http://127.0.0.1:3128/', basic('alice:pa#ss/w?rd')],
      ['http://alice:p%40ss@127.0.0.1:3128', 'http://127.0.0.1:3128/', basic('alice:p@ss')],
      ['http://alice:50%off@127.0.0.1:3128', 'http://127.0.0.1:3128/', basic('alice:50%off')],
      ['http://DOMAIN%5Calice:pw@127.0.0.1:3128', 'http://127.0.0.1:3128/', basic('DOMAIN\\alice:pw')],
      ['http://TOKEN@127.0.0.1:3128', 'http://127.0.0.1:3128/', basic('TOKEN:')],
      ['https://127.0.0.1:3128/', 'https://127.0.0.1:3128/', undefined],
    ];
    for (const [value, url, authorization] of table) {
      const read = readProxyAddress(value);
      assert.equal(read.kind, 'address', value);
      if (read.kind !== 'address') continue;
      assert.equal(read.url.href, url, value);
      assert.equal(read.url.username + read.url.password, '', 'no credentials in the URL');
      assert.equal(read.credentials && basicAuthorization(read.credentials), authorization, value);
    }
  });

  it('says which part of an address is wrong, never quoting it (issue 46, item 1)', () => {
    const table: [string, string][] = [
      ['http://', "The setting http.proxy is not a proxy's address: it names no host."],
      ['http://alice:S3cretPw@', "The setting http.proxy is not a proxy's address: it names no host."],
      ['http://alice:S3cretPw@proxy:31x8', "The setting http.proxy is not a proxy's address: its port is not a number from 1 to 65535."],
      ['alice:S3cretPw@proxy:99999', "The setting http.proxy is not a proxy's address: its port is not a number from 1 to 65535."],
      [
        'http://alice:S3cretPw@pro xy:3128',
        "The setting http.proxy is not a proxy's address: its host is not a host name or an IP address.",
      ],
    ];
    for (const [value, sentence] of table) {
      assert.throws(
        () => routeFor(target, settings({ proxy: value })),
        (error: Error) => error instanceof ProxySettingError && error.message === sentence,
        value,
      );
    }
    assert.throws(
      () => routeFor(target, settings({ env: { HTTPS_PROXY: 'alice:S3cretPw@proxy:x' } })),
      (error: Error) =>
        error.message === "The environment variable HTTPS_PROXY is not a proxy's address: its port is not a number from 1 to 65535.",
    );
  });
});
