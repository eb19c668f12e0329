// Docs Assistant in the user's language (issue 43). In VS Code's pseudo-language, every word of
// Docs Assistant a user sees is pseudo-translated: the palette's commands, an input box, a
// notification, the chat view, the Agent Jobs view's welcome, a turn's own words and the Settings
// editor; so none is left outside the l10n bundle. And in Japanese, as it ships: the chat and the
// Agent Jobs view. (VS Code's own words stay English here: no language pack of VS Code's can be
// downloaded, so the runner declares the language with none; see declareLanguage.)

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { PSEUDO, pseudoPackage, untranslated } from '../runner/pseudoPackage';
import { until } from '../until';
import {
  answerInput,
  giveKeys,
  onlyIn,
  QUICK_INPUT,
  QUICK_INPUT_BOX,
  runCommand,
  screenshot,
  searchSettings,
  sidebarItem,
  uiSuite,
  webviewFrame,
  workbench,
} from './support';

/**
 * Opens Docs Assistant's sidebar by its icon, whatever its views are called in this language; its
 * chat view's frame. The icon toggles the sidebar, and a command that reveals one of its views
 * (Track Agent Job does) may open it at any moment; so the icon is clicked only while its item is
 * not the checked (shown) one, and again if the click closed what such a reveal had just opened.
 */
async function openSidebarByIcon(page: Page): Promise<Frame> {
  const item = sidebarItem(page);
  await item.waitFor();
  const shown = async () => ((await item.getAttribute('class')) ?? '').split(/\s+/).includes('checked');
  await until(
    'Docs Assistant’s sidebar shown',
    async () => {
      if (await shown()) return true;
      await item.click();
      return until('the click to show the sidebar', shown, 3_000).catch(() => false);
    },
    60_000,
  );
  const chat = await webviewFrame(page, 'textarea.question-input', 60_000);
  await chat.locator('textarea.question-input').waitFor({ state: 'visible' });
  return chat;
}

/** The little of the DOM this reads, typed here: the Node test program has no DOM types. */
interface Node_ {
  readonly textContent: string | null;
  cloneNode(deep: boolean): Node_;
  querySelectorAll(selector: string): ArrayLike<Node_ & { remove(): void; getAttribute(name: string): string | null }>;
}

/** Everything a person sees or hears of the chat view but its turns' questions, answers and sources (the platform's). */
function viewWords(chat: Frame): Promise<string> {
  return chat.evaluate(() => {
    const body = (globalThis as unknown as { document: { body: Node_ } }).document.body;
    const copy = body.cloneNode(true);
    for (const data of Array.from(copy.querySelectorAll('.answer, .question-text, .source-list, .context-label, script'))) data.remove();
    const attributes = Array.from(copy.querySelectorAll('[placeholder], [aria-label], [title]')).flatMap((node) =>
      ['placeholder', 'aria-label', 'title'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [copy.textContent ?? '', ...attributes].join('\n');
  });
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;

describe('Docs Assistant in the user’s language', function () {
  this.timeout(240_000);
  const ui = uiSuite({ deltaDelayMs: 0 });

  describe('in VS Code’s pseudo-language', () => {
    onlyIn('oldest', 'the source run, into which the pseudo-translation can be put; the newest release runs the Japanese test');

    it('shows no word of its own outside the l10n bundle', async () => {
      const folder = pseudoPackage();
      try {
        const bench = await workbench({
          extensionPath: folder,
          locale: PSEUDO,
          viewport: { width: 1400, height: 900 },
          userSettings: { 'docsAssistant.baseUrl': ui.emulator.url, 'docsAssistant.domain': ui.emulator.config.domain },
        });
        const { page } = bench;
        // The platform's and VS Code's words, which are not Docs Assistant's: the emulator's address and
        // domain, a key's prefix, an answer's opening sentence (which the screen reader's sentence quotes),
        // and the hint VS Code puts in every input box.
        const data = [
          ui.emulator.url,
          ui.emulator.config.domain,
          'svc_dsc_',
          /Here is what the documentation says about How do I rotate keys\?/g,
          /\(Press 'Enter' to confirm or 'Escape' to cancel\)/g,
        ];
        const found: string[] = [];
        const expectPseudo = (where: string, text: string) => {
          const words = untranslated(text, data);
          if (words.length > 0) found.push(`${where}: ${words.join(', ')} in ${JSON.stringify(text.slice(0, 300))}`);
        };

        // The palette: every command's title (VS Code shows its English alias beside it, which is VS Code's).
        await page.keyboard.press('F1');
        await page.locator(QUICK_INPUT_BOX).fill('>Docs Assistant:');
        const rows = page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`);
        await until('the commands', async () => (await rows.count()) >= 10);
        await screenshot(page, 'languages-pseudo-palette');
        for (const row of await rows.all()) {
          // A row's first label is the title; VS Code shows the English one beside it, and words of its own
          // in the Focus commands it makes for each view ("Focus on … View").
          const title = await row.locator('.label-name').first().innerText();
          expectPseudo('a command', title.replace(/^Docs Assistant: Focus on (.*) View$/, '$1'));
        }
        await page.keyboard.press('Escape');

        // An input box, and a notification.
        await runCommand(page, 'Docs Assistant: Set Assistant Key', { opensInput: true });
        expectPseudo('the key box', await page.locator(QUICK_INPUT).innerText());
        await answerInput(page, ui.emulator.config.assistantKey);
        const toast = page.locator('.notification-toast .notification-list-item-message').first();
        await toast.waitFor();
        expectPseudo('a notification', await toast.innerText());
        await screenshot(page, 'languages-pseudo-notification');

        // The chat view, the Agent Jobs view's welcome, and a turn's own words.
        const chat = await openSidebarByIcon(page);
        expectPseudo('the chat view', await viewWords(chat));
        const welcome = page.locator('.welcome-view-content').first();
        await welcome.waitFor();
        expectPseudo('the Agent Jobs view', await welcome.innerText());
        await chat.locator('textarea.question-input').fill('How do I rotate keys?');
        await chat.locator('textarea.question-input').press('Enter');
        await chat.locator('.turn[data-status="done"]').waitFor({ timeout: 30_000 });
        expectPseudo('an answered turn', await viewWords(chat));
        await screenshot(page, 'languages-pseudo-chat');

        // The Settings editor.
        await searchSettings(page, 'docsAssistant');
        const ours = page.locator('.settings-editor .setting-item-contents', {
          has: page.locator('.setting-item-category', { hasText: 'Docs Assistant' }),
        });
        await until('the settings', async () => (await ours.count()) >= 5);
        // A setting's description is ours; its label VS Code derives from the setting's key.
        const shown = () => ours.locator('.setting-item-description').allInnerTexts();
        await until('the descriptions drawn', async () => {
          const texts = await shown();
          return texts.length >= 5 && texts.every((text) => text.trim() !== '');
        });
        const descriptions = await shown();
        for (const description of descriptions) expectPseudo('a setting', description);
        await ours.first().scrollIntoViewIfNeeded();
        await screenshot(page, 'languages-pseudo-settings');

        assert.deepEqual(found, []);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  });

  describe('in Japanese', () => {
    onlyIn('newest', 'the packaged extension, as users install it, in the newest release');

    it('shows the chat and the Agent Jobs view in Japanese', async () => {
      const { config } = ui.emulator;
      ui.emulator.jobs.add({ id: 'job-ja', outcome: 'staysActive', ref: 'docs-agent/ja' });
      const bench = await workbench({
        locale: 'ja',
        viewport: { width: 1400, height: 900 },
        userSettings: {
          'docsAssistant.baseUrl': ui.emulator.url,
          'docsAssistant.domain': config.domain,
          'docsAssistant.projectId': config.projectId,
        },
      });
      const { page } = bench;
      await giveKeys(page, ui.emulator.url, config);
      await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
      await answerInput(page, 'job-ja');
      // Track Agent Job reveals its view. The sidebar is closed again, so that it is opened as a user
      // would, by its icon, with the job's badge over it.
      const job = page.locator('.monaco-list-row', { hasText: 'docs-agent/ja' }).first();
      await job.waitFor({ timeout: 30_000 });
      await page.keyboard.press('Control+B');
      await job.waitFor({ state: 'hidden' });
      const chat = await openSidebarByIcon(page);
      assert.match((await chat.locator('textarea.question-input').getAttribute('placeholder')) ?? '', JAPANESE);
      await chat.locator('textarea.question-input').fill('How do I rotate keys?');
      await chat.locator('textarea.question-input').press('Enter');
      await chat.locator('.turn[data-status="done"]').waitFor({ timeout: 30_000 });
      assert.match(await chat.locator('.sources-title').first().innerText(), JAPANESE);
      await job.waitFor({ timeout: 30_000 });
      assert.match(await job.innerText(), JAPANESE, 'its state and age in Japanese');
      await screenshot(page, 'languages-ja');
    });
  });
});
