// npm run themes: what VS Code gives a webview of each of its four default themes (the `--vscode-*`
// variables on the webview's root, and its body's theme class), read from the real chat view in
// code-server, into test/fixtures/themes/. The browser tests dress the view in them, so that what
// axe-core checks is what a user of each theme sees. Run again when VS Code's themes change.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { openSidebar, webviewFrame, workbench } from '../ui/support';
import { REPO_ROOT } from './workbench';

export const THEMES = {
  dark: 'Default Dark Modern',
  light: 'Default Light Modern',
  highContrast: 'Default High Contrast',
  highContrastLight: 'Default High Contrast Light',
} as const;

export type ThemeName = keyof typeof THEMES;

export interface CapturedTheme {
  readonly theme: string;
  /** The webview root's inline style: every `--vscode-*` variable. */
  readonly style: string;
  /** The webview body's classes: `vscode-dark`, `vscode-high-contrast`… */
  readonly bodyClass: string;
}

export const THEMES_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'themes');

async function capture(theme: string): Promise<CapturedTheme> {
  const bench = await workbench({ colorTheme: theme });
  try {
    await openSidebar(bench.page);
    const view = await webviewFrame(bench.page, '#app');
    const read = await view.evaluate(() => {
      const page = globalThis as unknown as {
        document: { documentElement: { getAttribute(name: string): string | null }; body: { className: string } };
      };
      return { style: page.document.documentElement.getAttribute('style') ?? '', bodyClass: page.document.body.className };
    });
    if (!read.style.includes('--vscode-foreground')) throw new Error(`No theme variables in the view for ${theme}`);
    return { theme, ...read };
  } finally {
    await bench.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(THEMES_DIR, { recursive: true });
  for (const [name, theme] of Object.entries(THEMES)) {
    const captured = await capture(theme);
    fs.writeFileSync(path.join(THEMES_DIR, `${name}.json`), `${JSON.stringify(captured, null, 2)}\n`);
    console.log(`${name}: ${theme}, ${captured.style.split(';').length} variables, body "${captured.bodyClass}"`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
