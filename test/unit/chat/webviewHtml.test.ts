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
    // One script runs; the other element is data (the view's words), which a browser never runs.
    assert.equal((html.match(/<script nonce=/g) ?? []).length, 1);
    const data = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].filter(([, attributes]) => !attributes.includes('nonce='));
    assert.deepEqual(
      data.map(([, attributes]) => attributes),
      [' type="application/json" id="docs-assistant-l10n"'],
    );
    assert.deepEqual(JSON.parse(data[0][2]), { language: 'en', bundle: {} });
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

  it("carries the view's words as data that cannot end its element, whatever a translation holds", () => {
    const html = webviewHtml({
      cspSource: 'x',
      scriptUri: 'y',
      styleUri: 'z',
      language: 'de"><b>',
      bundle: { Send: '</script><script>alert(1)</script> & \u2028' },
    });
    assert.equal((html.match(/<script/g) ?? []).length, 2, 'no element of a translation');
    assert.match(html, /<html lang="deb">/, 'the language tag keeps only its letters');
    const data = /<script type="application\/json" id="docs-assistant-l10n">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    assert.equal((JSON.parse(data) as { bundle: Record<string, string> }).bundle.Send, '</script><script>alert(1)</script> & \u2028');
  });
});
