// The platform's analytics of readers and its preview deployments (issue 58), against the emulator:
// each request as the published schemas describe it (path, query, body, key), the answers read,
// cursors followed one request at a time, and each failure a sentence that says what helps.

import * as assert from 'node:assert/strict';
import { lastDays } from '../../../src/platform/analytics';
import { ANALYTICS_PAGE_SIZE } from '../../../src/platform/analyticsClient';
import { changedPages, type Deployment, openablePreviewUrl, previewPageUrl } from '../../../src/platform/deployments';
import { PREVIEW_BUILD_MS, PREVIEW_QUEUED_MS } from '../../emulator/previews';
import { expectError, useHarness } from '../support';

describe('readers’ analytics and preview deployments, through the client', () => {
  const h = useHarness();
  const month = () => lastDays(30, h.clock.now());

  it('reads the assistant’s conversations a page at a time, each request as the schema describes it', async () => {
    const client = h.client();
    const first = await client.analytics.conversations('proj_demo', month(), undefined);
    assert.ok(first.ok);
    assert.equal(first.value.rows.length, ANALYTICS_PAGE_SIZE);
    assert.ok(first.value.next, 'more rows behind a cursor');
    assert.ok(first.value.rows.some((row) => !row.answered && /rotate the admin key/i.test(row.query)));
    const second = await client.analytics.conversations('proj_demo', month(), first.value.next);
    assert.ok(second.ok);
    assert.ok(
      second.value.rows.some((row) => row.query === 'Where is the changelog of the API?'),
      'the next page, after the cursor',
    );
    const [one, two] = h.emulator.requestsFor('conversations');
    const url = (path: string) => new URL(path, 'http://x');
    assert.equal(url(one.path).pathname, '/v1/analytics/proj_demo/assistant');
    assert.deepEqual(Object.fromEntries(url(one.path).searchParams), { dateFrom: month().from, dateTo: month().to, limit: '50' });
    assert.match(month().from, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(url(two.path).searchParams.get('cursor'), first.value.next);
    assert.match(first.value.next ?? '', /^[0-9A-HJKMNP-TV-Z]{26}$/, 'the schema’s cursor is a ULID');
    assert.equal(one.method, 'GET');
    assert.equal(one.headers.authorization, `Bearer ${h.emulator.config.adminKey}`);
  });

  it('reads searches, feedback by page and entry by entry, and one conversation’s thread', async () => {
    const client = h.client();
    const searches = await client.analytics.searches('proj_demo', month(), undefined);
    assert.ok(searches.ok);
    assert.ok(searches.value.rows.some((term) => term.query === 'rotate admin key' && term.clickThrough === 0 && term.searches === 14));
    const pages = await client.analytics.pagesByVotes('proj_demo', month(), 20);
    assert.ok(pages.ok);
    assert.deepEqual(
      pages.value.pages.find((page) => page.path === '/guides/agent-jobs'),
      { path: '/guides/agent-jobs', thumbsUp: 1, thumbsDown: 4, total: 6 },
    );
    const feedback = await client.analytics.feedback('proj_demo', month(), undefined);
    assert.ok(feedback.ok);
    assert.ok(feedback.value.rows.some((entry) => entry.source === 'code_snippet' && entry.code?.includes('trackJob')));
    const conversation = (await client.analytics.conversations('proj_demo', month(), undefined)).ok;
    assert.ok(conversation);
    const [asked] = h.emulator.readers.conversations;
    const thread = await client.analytics.thread('proj_demo', asked.id);
    assert.ok(thread.ok);
    assert.deepEqual(
      thread.value.messages.map((message) => message.role),
      ['user', 'assistant'],
    );
    assert.equal(new URL(h.emulator.requestsFor('feedbackByPage')[0].path, 'http://x').searchParams.get('limit'), '20');
  });

  it('reads with a read-only admin key, and says what helps for a key missing or refused, a plan without analytics, a rate limit', async () => {
    const readOnly = h.client({ keyMap: { adminKey: h.emulator.config.readOnlyAdminKey } });
    assert.ok((await readOnly.analytics.searches('proj_demo', month(), undefined)).ok, 'a read-only key reads');
    const none = await h.client({ keyMap: {} }).analytics.searches('proj_demo', month(), undefined);
    assert.match(expectError(none, 'notConfigured').message, /admin key is not set/);
    const refused = await h.client({ keyMap: { adminKey: 'svc_not_the_key' } }).analytics.searches('proj_demo', month(), undefined);
    assert.match(expectError(refused, 'unauthorized').message, /did not accept the admin key/);
    h.emulator.config.plan.analytics = false;
    const plan = await h.client().analytics.conversations('proj_demo', month(), undefined);
    assert.match(
      expectError(plan, 'forbidden').message,
      /^The admin key may not read this project's analytics: the project's plan may not include them/,
    );
    h.emulator.config.plan.analytics = true;
    h.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 30 }, { operation: 'searches', times: 5 });
    const limited = await h.client().analytics.searches('proj_demo', month(), undefined);
    assert.match(expectError(limited, 'rateLimited').message, /rate limit was reached\. Try again in 30 seconds/);
  });

  it('deploys a preview of a branch and follows it from queued to success, with the files its commit changed', async () => {
    const client = h.client();
    const triggered = await client.deployments.preview('proj_demo', 'docs-agent/retries');
    assert.ok(triggered.ok);
    const [request] = h.emulator.requestsFor('preview');
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/v1/project/preview/proj_demo');
    assert.deepEqual(request.body, { branch: 'docs-agent/retries' });
    assert.equal(openablePreviewUrl(triggered.value.previewUrl), triggered.value.previewUrl);
    const status = async () => {
      const read = await client.deployments.status(triggered.value.statusId);
      assert.ok(read.ok);
      return read.value;
    };
    assert.equal((await status()).status, 'queued');
    h.clock.advance(PREVIEW_QUEUED_MS);
    assert.equal((await status()).status, 'in_progress');
    h.clock.advance(PREVIEW_BUILD_MS);
    const done = await status();
    assert.equal(done.status, 'success');
    assert.deepEqual(done.filesChanged, ['docs/guides/agent-jobs.mdx', 'docs/guides/chat.mdx']);
    assert.equal(h.emulator.requestsFor('deploymentStatus')[0].path, `/v1/project/update-status/${triggered.value.statusId}`);
  });

  it('says a failed preview’s summary and logs, and refuses a read-only key, a plan without previews and an empty branch in words', async () => {
    const client = h.client();
    const failing = await client.deployments.preview('proj_demo', 'docs-agent/fail-build');
    assert.ok(failing.ok);
    h.clock.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    const failed = await client.deployments.status(failing.value.statusId);
    assert.ok(failed.ok);
    assert.equal(failed.value.status, 'failure');
    assert.match(failed.value.summary ?? '', /Build failed/);
    assert.ok(failed.value.logs.some((line) => /does not exist/.test(line)));
    const readOnly = await h.client({ keyMap: { adminKey: h.emulator.config.readOnlyAdminKey } }).deployments.preview('proj_demo', 'main');
    assert.match(
      expectError(readOnly, 'forbidden').message,
      /the admin key is read-only\. Check the plan, or set an admin key with write access/,
    );
    h.emulator.config.plan.previews = false;
    assert.match(expectError(await client.deployments.preview('proj_demo', 'main'), 'forbidden').message, /plan may not include previews/);
    assert.match(expectError(await client.deployments.preview('proj_demo', '  '), 'invalidRequest').message, /Name the branch/);
  });

  it('waits out the platform’s 5 previews a minute, as it says, and then deploys', async () => {
    const client = h.client();
    for (let i = 0; i < 5; i++) assert.ok((await client.deployments.preview('proj_demo', `b${i}`)).ok);
    // The emulator's clock does not move while the client waits: the sixth is refused each time.
    const sixth = await client.deployments.preview('proj_demo', 'b5');
    assert.match(expectError(sixth, 'rateLimited').message, /rate limit was reached/);
    assert.ok(h.delays.length > 0 && h.delays.every((ms) => ms >= 1_000), `it waited as told: ${h.delays.join(', ')}`);
    h.clock.advance(60_000);
    assert.ok((await client.deployments.preview('proj_demo', 'b5')).ok, 'a minute on, it deploys');
  });

  it('sends no id that would climb out of its path (`..`), whether a model or the platform gave it', async () => {
    const client = h.client();
    const before = h.emulator.requests.length;
    expectError(await client.deployments.status('..'), 'invalidRequest');
    expectError(await client.analytics.thread('proj_demo', '.'), 'invalidRequest');
    assert.equal(h.emulator.requests.length, before, 'nothing sent');
  });

  it('says at once a 429 that names no wait: a quick retry against a minute’s quota is refused again', async () => {
    const client = h.client();
    h.emulator.faults.add({ kind: 'rateLimit' }, { operation: 'preview', times: 1 });
    const refused = await client.deployments.preview('proj_demo', 'main');
    expectError(refused, 'rateLimited');
    assert.equal(h.emulator.requestsFor('preview').length, 1, 'sent once');
  });

  it('opens only an http(s) preview address, without user information', () => {
    assert.equal(openablePreviewUrl('https://acme-docs-preview.example/x'), 'https://acme-docs-preview.example/x');
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'vscode://x', 'https://me:pw@evil.example/', 'not a url', undefined])
      assert.equal(openablePreviewUrl(bad), undefined, String(bad));
  });

  it('offers only plain relative page paths, and opens a changed page only under the preview’s own address', () => {
    const hostile = ['http:evil.example/x.md', '\\\\evil.example\\x.md', 'javascript:alert(1)//.md', 'file:/etc/x.md', 'vscode:x.md'];
    const traversal = ['../../x.md', 'docs/./x.md', 'docs//x.md', 'docs/a\nb.md', 'docs/a\u202eb.md'];
    const deployment: Deployment = {
      statusId: 's',
      status: 'success',
      logs: [],
      filesChanged: ['docs/guides/a b.mdx', 'src/x.ts', 'README.md', ...traversal],
    };
    assert.deepEqual(changedPages(deployment), ['docs/guides/a b.mdx', 'README.md']);
    const base = 'https://acme-docs-preview.example/p1';
    assert.equal(previewPageUrl(base, 'docs/guides/a b.mdx'), 'https://acme-docs-preview.example/p1/guides/a%20b');
    assert.equal(previewPageUrl(`${base}/`, '/docs/x.md'), 'https://acme-docs-preview.example/p1/x');
    for (const file of [...hostile, ...traversal]) {
      const url = previewPageUrl(base, file);
      assert.ok(url === undefined || url.startsWith(`${base}/`), `${file} -> ${url}`);
    }
    assert.equal(previewPageUrl('javascript:alert(1)', 'docs/x.md'), undefined);
  });
});
