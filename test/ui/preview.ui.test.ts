// A page in VS Code's own Markdown preview, as a user reads it: the platform's components drawn as
// the site draws them, in a dark theme (the light and high-contrast ones are audited in Chromium:
// test/browser/accessibility), and a link to another page followed in the preview. In the oldest
// release; what the plugin makes of a page, and of a README it must leave alone, is unit-tested
// (test/unit/pages/preview) and checked through VS Code's own engine in the extension host.

import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { answerInput, onlyIn, runCommand, screenshot, uiSuite, webviewFrame, workbench, themeOfRun } from './support';

/** Open Preview to the Side, by its keys, as most users open it: in the editor, once it has the focus. */
async function openPreviewToTheSide(page: Page): Promise<void> {
  await page.locator('.editor-instance .view-lines').first().click();
  await page.locator('.editor-instance .monaco-editor.focused').waitFor();
  await page.keyboard.press('Control+K');
  await page.keyboard.press('V');
}

describe('pages in the Markdown preview, as a user reads them', function () {
  this.timeout(240_000);
  onlyIn('oldest', 'the preview is VS Code’s own, drawn alike in both; this one is seen in a dark theme');
  const ui = uiSuite();

  const { theme, name } = themeOfRun();
  it(`shows every component of a page in the preview (${name}), and follows a link to another page`, async () => {
    const bench = await workbench({ colorTheme: theme, viewport: { width: 1400, height: 1000 }, platform: ui.emulator, keys: true });
    const { page } = bench;
    await runCommand(page, 'Docs Assistant: Open Page', { opensInput: true });
    await answerInput(page, 'reference/components', 'page path');
    await page.locator('.tabs-container .tab', { hasText: 'components.md' }).waitFor();
    await openPreviewToTheSide(page);
    const preview = await webviewFrame(page, '.mdx-callout');
    for (const selector of [
      '.mdx-page-header h1',
      '.mdx-note',
      '.mdx-columns .mdx-card',
      '.mdx-steps .mdx-step',
      '.mdx-tab',
      '.mdx-code-title',
      'details.mdx-accordion[open]',
      'figure.mdx-frame figcaption',
      '.mdx-field-required',
      '.mdx-update-label',
      '.mdx-tooltip',
    ])
      assert.ok(await preview.locator(selector).first().isVisible(), `${selector} is shown`);
    const text = await preview.locator('body').innerText();
    assert.ok(!/<\/?(Card|Steps|Note|Unknown)\b|import \{|\{\/\*/.test(text), 'no raw tag, import or comment shows');
    // Each callout's edge is drawn in a theme colour, not left black on black or white on white.
    const edge = await preview
      .locator('.mdx-warning')
      .evaluate(
        (node) =>
          (globalThis as unknown as { getComputedStyle(n: unknown): { borderLeftColor: string } }).getComputedStyle(node).borderLeftColor,
      );
    assert.notEqual(edge, 'rgba(0, 0, 0, 0)');
    await screenshot(page, `preview-components-${name}`);
    await preview.locator('.mdx-steps').scrollIntoViewIfNeeded();
    await screenshot(page, `preview-components-${name}-steps`);

    await preview.locator('a', { hasText: 'the chat guide' }).click();
    await webviewFrame(page, 'h1#chatting-with-the-assistant', 30_000);
    await page.locator('.tabs-container .tab', { hasText: 'chat.md' }).waitFor();
    assert.equal(ui.emulator.requestsFor('page').filter((request) => (request.body as { path?: string }).path === 'guides/chat').length, 1);
    await screenshot(page, 'preview-followed-link');
  });
});
