// The docs owner's loop in VS Code 1.139's workbench (issue 58): a question readers asked that the
// docs could not answer, in the Reader Signals view; Fix with the Docs Agent, into a draft that is
// the confirmation; the job, which says what it fixes; Preview on the Site once it pushed its
// branch; the preview in VS Code's Simple Browser, and a page it changed in the Markdown preview.
// Each step's behaviour is tested in-host (test/vscode/readerSignals.test.ts); this shows the parts
// meet in VS Code's own views, menus, notifications and editors.

import * as assert from 'node:assert/strict';
import { cloneInto } from '../runner/gitRepository';
import { JobRepository } from '../emulator/jobRepository';
import { onlyIn, openSidebar, QUICK_INPUT, runCommand, screenshot, uiSuite, webviewFrame, workbench } from './support';

describe('from readers to a fix previewed on the site', function () {
  this.timeout(300_000);
  onlyIn('newest', 'its views, menus and the Simple Browser are alike in 1.99; the loop is shown once');
  const ui = uiSuite();
  let repository: JobRepository | undefined;

  before(() => {
    repository = JobRepository.create(JobRepository.docsFiles());
  });
  beforeEach(() => {
    ui.emulator.jobs.repository = repository;
    ui.emulator.jobs.createdRunsForMs = 3_000;
  });
  after(() => repository?.remove());

  it('goes from a question readers asked to a fix, its job, and its branch previewed in the Simple Browser', async () => {
    const bench = await workbench({
      workspaceFiles: {},
      prepareWorkspace: (folder) => cloneInto(repository!.url, folder),
      viewport: { width: 1400, height: 1000 },
      platform: ui.emulator,
      keys: true,
      userSettings: { 'docsAssistant.agentJobs.pollIntervalSeconds': 1 },
    });
    const { page } = bench;
    await openSidebar(page);
    const pane = (title: string) => page.locator('.pane', { has: page.locator('.pane-header', { hasText: title }) });
    const signals = pane('Reader Signals');
    const header = signals.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();

    // The signal: the same question, asked three times this month.
    const question = signals.locator('.monaco-list-row', { hasText: 'How do I rotate the admin key?' }).first();
    await question.waitFor({ timeout: 60_000 });
    assert.match(await question.innerText(), /asked 3 times/);
    await screenshot(page, 'readers-signals');

    // Fix with the Docs Agent, from the row's own button: a draft of what readers asked.
    await question.hover();
    await question.locator('.action-label[aria-label="Fix with the Docs Agent"]').click();
    await page.locator('.codelens-decoration', { hasText: 'Fixes: question' }).first().waitFor();
    await page.locator('.codelens-decoration', { hasText: 'Cost: an agent job spends' }).first().waitFor();
    await page.locator('.view-line', { hasText: '### "How do I rotate the admin key?"' }).first().waitFor();
    await screenshot(page, 'readers-fix-draft');

    // The draft is the confirmation: the user starts it.
    await page.locator('.editor-actions .action-label[aria-label="Start Agent Job"]').click();
    const jobs = pane('Agent Jobs');
    const job = jobs.locator('.monaco-list-row', { hasText: 'Improve the documentation' }).first();
    await job.locator('.label-description', { hasText: 'fixes question' }).waitFor({ timeout: 30_000 });
    await question.locator('.label-description', { hasText: 'being fixed by job' }).waitFor();
    assert.match(String((ui.emulator.jobs.prompts.at(-1) ?? { prompt: '' }).prompt), /How do I rotate the admin key\?/);
    await screenshot(page, 'readers-fix-job');

    // Once the job pushed its branch: Preview on the Site, from the job's menu.
    await page.locator('.notification-toast', { hasText: 'completed with a pull request' }).first().waitFor({ timeout: 60_000 });
    // Put away, as a user would. New toasts stack above older ones, and the pile sits on the
    // status bar: when this one times out, the preview's toast above it drops into its place,
    // under a click meant for that toast's button.
    await runCommand(page, 'Notifications: Clear All Notifications');
    await page.locator('.notification-toast').first().waitFor({ state: 'detached' });
    await job.click({ button: 'right' });
    // VS Code's menus ignore clicks for their first 100 ms, so that the right button's release
    // picks nothing. So the pointer points at the item, and Enter, which a menu takes at once, runs it.
    const previewItem = page.locator('.context-view .monaco-menu .action-item', { hasText: 'Preview on the Site' });
    await previewItem.hover();
    await page.locator('.context-view .monaco-menu .action-item.focused', { hasText: 'Preview on the Site' }).waitFor();
    await page.keyboard.press('Enter');
    const ready = page.locator('.notification-toast', { hasText: /The preview of .* is ready/ }).first();
    await ready.waitFor({ timeout: 60_000 });
    await job.locator('.label-description', { hasText: 'preview: ready' }).waitFor();
    const [triggered] = ui.emulator.requestsFor('preview');
    assert.match(String((triggered.body as { branch?: string }).branch), /^docs-agent\/job_/);

    // Open Preview: the Simple Browser beside, and the pages the agent changed to go to.
    await ready.locator('.monaco-button', { hasText: 'Open Preview' }).click();
    await page.locator('.tabs-container .tab', { hasText: 'Simple Browser' }).waitFor({ timeout: 30_000 });
    const picker = page.locator(QUICK_INPUT);
    const changed = picker.locator('.monaco-list-row').first();
    await changed.waitFor();
    // The emulator's preview site, loaded in the Simple Browser's frame.
    await webviewFrame(page, 'body > p + h1');
    await screenshot(page, 'readers-to-fix');

    // A changed page in VS Code's Markdown preview, from the job's branch.
    const file = (await changed.locator('.label-name').innerText()).trim();
    await changed.hover();
    await changed.locator('.action-label[aria-label="Open in the Markdown Preview"]').click();
    await page.locator('.tabs-container .tab', { hasText: `Preview ${file.split('/').pop()}` }).waitFor({ timeout: 60_000 });
    // Rendered from the branch: the Markdown preview marks each source line's element.
    await webviewFrame(page, '.code-line', 60_000);
    await screenshot(page, 'readers-preview-markdown');
  });
});
