// The chat view's HTML shell: a strict Content Security Policy, one script allowed by nonce,
// styles from the extension's own files only, and the view's words in the user's language (the
// l10n bundle VS Code loaded), as data the script reads before it shows anything.

import * as l10n from '@vscode/l10n';
import { L10N_ELEMENT } from '../shared/protocol';

export interface WebviewAssets {
  readonly cspSource: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  /**
   * The display language (`vscode.env.language`) and its l10n bundle, when there is one: the whole
   * bundle (under 100 KB), read once when the view opens, rather than a list of the view's own
   * words that would have to be kept beside its code.
   */
  readonly language?: string;
  readonly bundle?: l10n.l10nJsonFormat;
}

/** JSON inside HTML: no `<` (so no `</script>`), no `&`, as entities of JSON's own. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function webviewHtml(assets: WebviewAssets): string {
  // Web Crypto, which both Node and a browser's worker have: the same code runs in either host.
  const nonce = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const csp = [
    "default-src 'none'",
    `style-src ${assets.cspSource}`,
    `font-src ${assets.cspSource}`,
    `img-src ${assets.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${(assets.language ?? 'en').replace(/[^A-Za-z0-9-]/g, '')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${assets.styleUri}">
<title>${l10n.t('Docs Assistant').replace(/[<&]/g, (char) => (char === '<' ? '&lt;' : '&amp;'))}</title>
</head>
<body>
<main id="app" aria-live="off"></main>
<script type="application/json" id="${L10N_ELEMENT}">${jsonInHtml({ language: assets.language ?? 'en', bundle: assets.bundle ?? {} })}</script>
<script nonce="${nonce}" src="${assets.scriptUri}"></script>
</body>
</html>`;
}
