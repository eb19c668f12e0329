// Reviewing an agent job's change in VS Code's multi-file diff editor, as a user does: the workspace
// is a clone of a real repository that the emulator's job pushes its branch to. Start a job from a
// selection, let it complete, Review Changes from the notification, read the diff, send a follow-up
// from the review's title bar, and see the follow-up's commit once it completes again. In the oldest
// release, where the multi-file diff editor is newest API; what the review fetches, compares and
// checks out is tested in the extension host (test/vscode/review.test.ts).

import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { JobRepository } from '../emulator/jobRepository';
import { cloneInto } from '../runner/gitRepository';
import { answerInput, onlyIn, openFile, openSidebar, QUICK_INPUT, runCommand, screenshot, uiSuite, workbench } from './support';

describe("reviewing an agent job's change, as a user does", function () {
  this.timeout(300_000);
  onlyIn('oldest', 'the multi-file diff editor is VS Code’s own, drawn alike in both; 1.99 is where it is newest API');
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

  /** The notification that a job completed, once it has its Review Changes button. */
  async function completed(page: Page) {
    const toast = page.locator('.notification-toast', { hasText: 'completed with a pull request' }).last();
    await toast.locator('.monaco-button', { hasText: 'Review Changes' }).waitFor({ timeout: 60_000 });
    assert.ok(await toast.locator('.monaco-button', { hasText: 'Open Pull Request' }).isVisible());
    return toast;
  }

  it('starts a job from a selection, reviews its change from the notification, and follows it up from the review', async () => {
    const bench = await workbench({
      workspaceFiles: {},
      prepareWorkspace: (folder) => cloneInto(repository!.url, folder),
      viewport: { width: 1400, height: 900 },
      platform: ui.emulator,
      keys: true,
      userSettings: { 'docsAssistant.agentJobs.pollIntervalSeconds': 1 },
    });
    const { page } = bench;
    await openSidebar(page);

    // A selection in the chat guide, and a job about it.
    await openFile(page, 'chat.md');
    const line = page.locator('.monaco-editor .view-line', { hasText: 'Select some code' }).first();
    await line.click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await runCommand(page, 'Docs Assistant: Start Agent Job');
    const picker = page.locator(QUICK_INPUT);
    await picker.locator('.monaco-list-row', { hasText: 'The selected code' }).waitFor();
    await page.keyboard.press('Enter');
    await answerInput(page, 'Explain the answer timeout', 'What should the agent change');
    await page.locator('.codelens-decoration', { hasText: 'Start Agent Job' }).first().waitFor();
    await page.locator('.editor-actions .action-label[aria-label="Start Agent Job"]').click();
    const tree = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) });
    const row = tree.locator('.monaco-list-row', { hasText: 'Explain the answer timeout' }).first();
    await row.waitFor();

    // Completed: Review Changes from the notification opens VS Code's multi-file diff editor.
    await (await completed(page)).locator('.monaco-button', { hasText: 'Review Changes' }).click();
    await page.locator('.tabs-container .tab.active', { hasText: 'Agent job changes: Explain the answer timeout' }).waitFor();
    const review = page.locator('.part.editor');
    await review.locator('.view-line', { hasText: '## Explain the answer timeout' }).first().waitFor();
    for (const file of ['settings.md', 'explain-the-answer-timeout.md', 'troubleshooting.md'])
      await review.locator('.multiDiffEntry .header', { hasText: file }).first().waitFor();
    const reviewTab = page.locator('.tabs-container .tab', { hasText: 'Agent job changes:' });
    await screenshot(page, 'review');

    // Send Follow-Up from the review's title bar: the job works again, and its next commit shows.
    await page.locator('.editor-actions .action-label[aria-label="Send Follow-Up to Agent Job"]').click();
    await answerInput(page, 'Add an example', 'What else should the agent do');
    await row.locator('.label-description', { hasText: 'active' }).waitFor();
    assert.deepEqual(ui.emulator.jobs.prompts.at(-1)?.prompt, 'Add an example');
    await (await completed(page)).locator('.monaco-button', { hasText: 'Review Changes' }).click();
    await review.locator('.view-line', { hasText: 'Added on a follow-up: Add an example.' }).first().waitFor({ timeout: 30_000 });
    assert.equal(await reviewTab.count(), 1, 'one review of the job');
    await screenshot(page, 'review-follow-up');
  });
});
