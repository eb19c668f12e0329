// A page dressed as VS Code dresses a webview of one of its default themes: the `--vscode-*`
// variables on its root and the theme's class on its body, as `npm run themes` read them from the
// real chat view (test/fixtures/themes/).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { type CapturedTheme, type ThemeName, THEMES_DIR } from '../runner/captureThemes';

export function capturedTheme(name: ThemeName): CapturedTheme {
  return JSON.parse(fs.readFileSync(path.join(THEMES_DIR, `${name}.json`), 'utf8')) as CapturedTheme;
}

export async function dress(page: Page, name: ThemeName): Promise<void> {
  const { style, bodyClass } = capturedTheme(name);
  await page.evaluate(
    ([css, classes]) => {
      const document = (
        globalThis as unknown as {
          document: { documentElement: { setAttribute(n: string, v: string): void }; body: { className: string } };
        }
      ).document;
      document.documentElement.setAttribute('style', css);
      document.body.className = classes;
    },
    [style, bodyClass] as const,
  );
}
