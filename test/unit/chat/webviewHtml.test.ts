// The chat view's HTML shell: its content security policy and what it loads.

import * as assert from 'node:assert/strict';
import { webviewHtml } from '../../../src/chat/webviewHtml';

describe('the chat webview shell', () => {
  it('loads nothing but its own script, by nonce, and its own styles; no remote image, no inline script', () => {
    const html = webviewHtml({
      cspSource: 'https://file+.vscode-resource.example',
      scriptUri: 'https://file+.vscode-resource.example/chat.js',
      styleUri: 'https://file+.vscode-resource.example/chat.css',
    });
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    assert.ok(csp);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce && nonce.length >= 16);
    assert.deepEqual(csp.split('; '), [
      "default-src 'none'",
      'style-src https://file+.vscode-resource.example',
      'font-src https://file+.vscode-resource.example',
      'img-src https://file+.vscode-resource.example',
      `script-src 'nonce-${nonce}'`,
    ]);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.match(
      html,
      new RegExp(`<script nonce="${nonce.replace(/[+/]/g, '\\$&')}" src="https://file\\+\\.vscode-resource\\.example/chat\\.js"></script>`),
    );
    assert.notEqual(
      nonce,
      /script-src 'nonce-([^']+)'/.exec(webviewHtml({ cspSource: 'x', scriptUri: 'y', styleUri: 'z' }))?.[1],
      'a new nonce each time',
    );
  });
});
