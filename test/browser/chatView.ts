// The chat view's front end alone in a Chromium page, built from source, with the view's styles and
// a stand-in for VS Code's webview API, set up and ready: what the chat view browser tests share.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { REPO_ROOT } from '../runner/workbench';
import { L10N_ELEMENT } from '../../src/shared/protocol';

/** Posts a message to the view as the extension does. */
export function postToView(page: Page, message: object): Promise<boolean> {
  return page.evaluate(
    (data) =>
      (globalThis as unknown as { dispatchEvent(event: MessageEvent): boolean }).dispatchEvent(new MessageEvent('message', { data })),
    message as Record<string, unknown>,
  );
}

/** What the view scrolls in (chat.css): the page itself does not scroll. */
export interface ViewScroller {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

/** Whether the view (a page, or the real view's frame inside VS Code) shows the very end of what it scrolls. */
export function scrolledToEnd(view: Page | Frame): Promise<boolean> {
  return view.evaluate(() => {
    const scroller = (globalThis as unknown as { document: { getElementById(id: 'app'): ViewScroller } }).document.getElementById('app');
    return scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop < 4;
  });
}

/** How far the view is scrolled down. */
export function scrollTopOf(view: Page | Frame): Promise<number> {
  return view.evaluate(
    () => (globalThis as unknown as { document: { getElementById(id: 'app'): ViewScroller } }).document.getElementById('app').scrollTop,
  );
}

let bundled: string | undefined;
/** The view's script, built from source once a run: a build takes longer than the page that loads it. */
function viewBundle(): string {
  bundled ??= buildSync({
    entryPoints: [path.join(REPO_ROOT, 'src', 'webview', 'chat.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  }).outputFiles[0].text;
  return bundled;
}

/**
 * A narrow view, as in a side bar, connected and showing no conversation yet; in English, or in the
 * language whose bundle `words` gives, as the extension puts it in the page.
 */
export async function openChatView(browser: Browser, words?: { language: string; bundle: Record<string, string> }): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 500 } });
  const css = fs.readFileSync(path.join(REPO_ROOT, 'media', 'chat.css'), 'utf8');
  // The shell of src/chat/webviewHtml.ts, but for its CSP, which would refuse these scripts.
  const l10n = words
    ? `<script type="application/json" id="${L10N_ELEMENT}">${JSON.stringify(words).replace(/</g, '\\u003c')}</script>`
    : '';
  await page.setContent(
    `<!DOCTYPE html><html lang="en"><head><title>Docs Assistant</title><style>${css}</style></head><body><main id="app" aria-live="off"></main>${l10n}</body></html>`,
  );
  // What the view posts is kept in `window.posted`, for the tests that look.
  await page.addScriptTag({
    content:
      'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage(m) { window.posted.push(m); }, getState() {}, setState() {} });',
  });
  await page.addScriptTag({ content: viewBundle() });
  await postToView(page, { type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'acme' } });
  return page;
}
