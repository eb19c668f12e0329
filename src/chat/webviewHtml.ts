// The chat view's HTML shell: a strict Content Security Policy, one script allowed by nonce,
// styles from the extension's own files only.

export interface WebviewAssets {
  readonly cspSource: string;
  readonly scriptUri: string;
  readonly styleUri: string;
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
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${assets.styleUri}">
<title>Docs Assistant</title>
</head>
<body>
<main id="app" aria-live="off"></main>
<script nonce="${nonce}" src="${assets.scriptUri}"></script>
</body>
</html>`;
}
