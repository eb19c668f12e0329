// A page in VS Code's own Markdown preview, as a user reads it: the platform's components drawn as
// the site draws them, in the run's theme (dark in one release, light in the other); a link to another page followed in the
// preview; and the answers' scope shown above the chat's box, to change or clear.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../runner/workbench';
import {
  answerInput,
  notification,
  openFile,
  openSidebar,
  runCommand,
  screenshot,
  uiSuite,
  userSettingsWhen,
  webviewFrame,
  workbench,
  themeOfRun,
} from './support';

/** Open Preview to the Side, by its keys, as most users open it: in the editor, once it has the focus. */
async function openPreviewToTheSide(page: Page): Promise<void> {
  await page.locator('.editor-instance .view-lines').first().click();
  await page.locator('.editor-instance .monaco-editor.focused').waitFor();
  await page.keyboard.press('Control+K');
  await page.keyboard.press('V');
}

describe('pages in the Markdown preview, as a user reads them', function () {
  this.timeout(240_000);
  const ui = uiSuite();

  const { theme, name } = themeOfRun();
  it(`shows every component of a page in the preview (${name}), and follows a link to another page`, async () => {
    const bench = await workbench({
      colorTheme: theme,
      viewport: { width: 1400, height: 1000 },
      userSettings: { 'docsAssistant.baseUrl': ui.emulator.url, 'docsAssistant.domain': ui.emulator.config.domain },
    });
    const { page } = bench;
    await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.assistantKey);
    // Stored once the command says so: a command run before then would find no key.
    await notification(page, 'The assistant key is stored');
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

  it('shows a README of the workspace exactly as VS Code does without Docs Assistant (issue 34, item 3)', async () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'readmes', 'react-theme.md'), 'utf8');
    const bench = await workbench({ viewport: { width: 1400, height: 1000 }, workspaceFiles: { 'README.md': readme } });
    const { page } = bench;
    await openFile(page, 'README.md');
    await openPreviewToTheSide(page);
    const preview = await webviewFrame(page, 'h1#theme-kit');
    // Its indented code stays code, its JSX stays what markdown-it makes of it, and no component is drawn.
    assert.match(await preview.locator('pre code').first().innerText(), /^import \{ ThemeProvider \}[^]*<ThemeProvider theme=\{dark\}>/);
    assert.equal(await preview.locator('[class*="mdx-"]').count(), 0);
    assert.match(await preview.locator('body').innerText(), /\{\/\* This is not a comment in Markdown: it is text\. \*\/\}/);
    const plain = MarkdownIt({ html: true }).render(readme);
    assert.equal(await preview.locator('table').count(), (plain.match(/<table>/g) ?? []).length);
    assert.equal(await preview.locator('pre').count(), (plain.match(/<pre>/g) ?? []).length);
    await screenshot(page, 'preview-readme-unchanged');
  });

  it("shows the answers' scope above the chat's box, and clears it", async () => {
    const bench = await workbench({
      viewport: { width: 1400, height: 900 },
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.assistant.filter': { version: 'v2', language: 'fr' },
      },
    });
    const { page } = bench;
    await openSidebar(page);
    await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.assistantKey);
    // Stored once the command says so: a command run before then would find no key.
    await notification(page, 'The assistant key is stored');
    const chat = await webviewFrame(page, '.scope-row:not([hidden])');
    assert.equal(await chat.locator('.scope-row .scope-text').innerText(), 'Answers from v2 · fr');
    await screenshot(page, 'chat-scope');
    await chat.locator('.scope-row button', { hasText: 'Clear' }).click();
    await chat.locator('.scope-row[hidden]').waitFor({ state: 'attached' });
    const settings = await userSettingsWhen(bench, (values) => values['docsAssistant.assistant.filter'] === undefined);
    assert.equal(settings['docsAssistant.assistant.filter'], undefined);
  });
});
