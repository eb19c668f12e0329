import * as assert from 'node:assert/strict';
import { type PageAddress, PageCache } from '../../../src/pages/pageCache';
import { pagePathFromInput, pagePathOfUriPath, uriPathOfPage } from '../../../src/pages/pagePath';
import type { Page } from '../../../src/platform/client';
import { fail, ok, platformError, type Result } from '../../../src/platform/errors';

const path = (input: string) => {
  const result = pagePathFromInput(input);
  return result.ok ? result.value : `error: ${result.error.message}`;
};

describe('page paths', () => {
  it('takes a path as typed, less a leading slash, without normalising it', () => {
    assert.equal(path('guides/chat'), 'guides/chat');
    assert.equal(path('  /guides/chat '), 'guides/chat');
    assert.equal(path('guides/../café menü/naïve page'), 'guides/../café menü/naïve page');
  });

  it('reduces the URL of a page to its path', () => {
    assert.equal(path('https://docs.acme.example/guides/chat'), 'guides/chat');
    assert.equal(path('https://docs.acme.example/guides/chat/?tab=1#stop'), 'guides/chat');
    assert.equal(path('http://docs.acme.example/caf%C3%A9%20men%C3%BC/page'), 'café menü/page');
  });

  it('refuses what is not a page', () => {
    assert.match(path(''), /^error: Type a page path/);
    assert.match(path('https://docs.acme.example/'), /^error: The URL .* has no page path/);
  });

  it('maps a page path to a document path and back, exactly', () => {
    for (const page of ['guides/chat', 'guides/../café menü/naïve page', 'notes.md', 'a b/c']) {
      assert.equal(uriPathOfPage(page), `/${page}.md`);
      assert.equal(pagePathOfUriPath(uriPathOfPage(page)), page);
    }
    assert.equal(pagePathOfUriPath('/guides/chat.txt'), undefined);
    assert.equal(pagePathOfUriPath('/.md'), undefined);
  });
});

describe('page cache', () => {
  const page = (content: string): Page => ({ path: 'p', content, invalidUtf8: false });
  const at = (origin: string, domain: string, path: string): PageAddress => ({ origin, domain, path });

  it('fetches once per origin, domain and path, shares a fetch in flight, and refetches on refresh', async () => {
    const calls: string[] = [];
    const cache = new PageCache(async ({ origin, domain, path: p }) => {
      calls.push(`${origin}|${domain}/${p}`);
      return ok(page(`${domain}/${p} #${calls.length}`));
    });
    const [a, b] = await Promise.all([cache.get(at('A', 'd', 'p')), cache.get(at('A', 'd', 'p'))]);
    assert.deepEqual(
      [a, b].map((r: Result<Page>) => r.ok && r.value.content),
      ['d/p #1', 'd/p #1'],
    );
    await cache.get(at('A', 'd', 'p'));
    await cache.get(at('A', 'other', 'p'));
    await cache.get(at('B', 'd', 'p'));
    assert.deepEqual(calls, ['A|d/p', 'A|other/p', 'B|d/p'], "another origin gets its own fetch, never the first origin's page");
    const refreshed = await cache.get(at('A', 'd', 'p'), true);
    assert.ok(refreshed.ok && refreshed.value.content === 'd/p #4');
    assert.equal(cache.peek(at('A', 'd', 'p'))?.content, 'd/p #4');
  });

  it('does not cache failures', async () => {
    let attempt = 0;
    const cache = new PageCache(async () => (++attempt === 1 ? fail(platformError('network', 'Offline.')) : ok(page('back'))));
    assert.equal((await cache.get(at('A', 'd', 'p'))).ok, false);
    assert.equal((await cache.get(at('A', 'd', 'p'))).ok, true);
  });

  it('holds a bounded amount of text, dropping the page used longest ago', async () => {
    const cache = new PageCache(async ({ path: p }) => ok(page(p.repeat(10))), 25);
    await cache.get(at('A', 'd', 'a'));
    await cache.get(at('A', 'd', 'b'));
    await cache.get(at('A', 'd', 'a'));
    await cache.get(at('A', 'd', 'c'));
    assert.equal(cache.peek(at('A', 'd', 'b')), undefined, 'b was used longest ago');
    assert.ok(cache.peek(at('A', 'd', 'a')) && cache.peek(at('A', 'd', 'c')));
  });

  it('clear forgets every page, and a fetch on its way does not bring one back', async () => {
    let release: () => void = () => {};
    const cache = new PageCache(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return ok(page('x'));
    });
    const fetching = cache.get(at('A', 'd', 'p'));
    cache.clear();
    release();
    await fetching;
    assert.equal(cache.peek(at('A', 'd', 'p')), undefined);
  });
});
