import * as assert from 'node:assert/strict';
import {
  answerInput,
  clickSidebarIcon,
  openSidebar,
  QUICK_INPUT,
  QUICK_INPUT_BOX,
  readUserSettings,
  runCommand,
  screenshot,
  uiSuite,
  userSettingsWhen,
  webviewFrame,
  workbench,
} from './support';

describe('the shell, as a user sees it', function () {
  this.timeout(180_000);
  const ui = uiSuite();

  it('shows welcome content with a Configure button in both views before set-up', async () => {
    const bench = await workbench();
    const { page } = bench;
    await clickSidebarIcon(page);
    const chat = await webviewFrame(page, '.setup-title');
    assert.equal(await chat.textContent('.setup-title'), 'Connect your documentation');
    assert.deepEqual(await chat.locator('.setup-actions button').allTextContents(), ['Configure']);
    const jobsWelcome = page.locator('.welcome-view-content', { hasText: 'not connected to a documentation platform' });
    await jobsWelcome.waitFor();
    assert.equal(await jobsWelcome.locator('a.monaco-button, .monaco-button').first().textContent(), 'Configure');
    await screenshot(page, 'sidebar-not-configured');
  });

  it('asks for the missing keys, takes the assistant key through a masked input, and then offers the chat', async () => {
    const bench = await workbench({
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.projectId': ui.emulator.config.projectId,
      },
    });
    const { page } = bench;
    await openSidebar(page);
    const chat = await webviewFrame(page, '.setup-title');
    await chat.locator('.setup-title', { hasText: 'Set the assistant key' }).waitFor();
    await page.locator('.welcome-view-content', { hasText: 'read with the admin key' }).waitFor();
    await screenshot(page, 'sidebar-keys-missing');

    await runCommand(page, 'Docs Assistant: Set Assistant Key');
    const input = page.locator(QUICK_INPUT_BOX);
    await input.waitFor({ state: 'visible' });
    assert.equal(await input.getAttribute('type'), 'password', 'the key is typed into a masked input');
    await input.fill(ui.emulator.config.adminKey);
    await page.locator(QUICK_INPUT, { hasText: 'That is an admin key, but an assistant key is expected' }).waitFor();
    await answerInput(page, ui.emulator.config.assistantKey);
    await chat.locator('textarea.question-input').waitFor({ state: 'visible' });
    await screenshot(page, 'sidebar-connected');
    assert.ok(!JSON.stringify(readUserSettings(bench)).includes(ui.emulator.config.assistantKey));
  });

  it('Configure writes nothing when cancelled part-way, and everything when finished', async () => {
    const bench = await workbench();
    const { page } = bench;
    await openSidebar(page);
    await runCommand(page, 'Docs Assistant: Configure');
    await answerInput(page, ui.emulator.url, 'base URL');
    await answerInput(page, ui.emulator.config.domain, 'domain identifier');
    await page.locator(QUICK_INPUT, { hasText: 'project id' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator(QUICK_INPUT).waitFor({ state: 'hidden' });
    // Configure is closed: a setting not written leaves nothing to wait for, hence a time.
    await page.waitForTimeout(500);
    assert.equal(readUserSettings(bench)['docsAssistant.baseUrl'], undefined, 'nothing was written');

    await runCommand(page, 'Docs Assistant: Configure');
    await answerInput(page, 'ftp://wrong.example.com', 'base URL');
    await page.locator(QUICK_INPUT, { hasText: 'must start with https://' }).waitFor();
    await answerInput(page, ui.emulator.url);
    await answerInput(page, ui.emulator.config.domain, 'domain identifier');
    await answerInput(page, ui.emulator.config.projectId, 'project id');
    await answerInput(page, ui.emulator.config.assistantKey, 'assistant key (starts with svc_dsc_)');
    await answerInput(page, ui.emulator.config.adminKey, 'admin key (starts with svc_)');
    const chat = await webviewFrame(page, 'textarea.question-input');
    await chat.locator('textarea.question-input').waitFor({ state: 'visible' });
    const settings = await userSettingsWhen(bench, (written) => written['docsAssistant.projectId'] !== undefined);
    assert.equal(settings['docsAssistant.baseUrl'], ui.emulator.url);
    assert.equal(settings['docsAssistant.domain'], ui.emulator.config.domain);
    assert.equal(settings['docsAssistant.projectId'], ui.emulator.config.projectId);
    await page.locator('.welcome-view-content', { hasText: 'No agent jobs are tracked yet' }).waitFor();
    await screenshot(page, 'sidebar-configured');
  });
});
