import * as assert from 'node:assert/strict';
import { answerInput, openSidebar, QUICK_INPUT, runCommand, screenshot, sidebarItem, uiSuite, workbench } from './support';
import { until } from '../until';

describe('agent jobs, as a user sees them', function () {
  this.timeout(240_000);
  const ui = uiSuite();
  const minute = 60_000;
  /** When the active job started: 4 minutes before the suite, and more by the time its row is read. */
  let activeSince: number;
  before(() => {
    const now = Date.now();
    activeSince = now - 4 * minute;
    ui.emulator.jobs.add({
      id: 'job-active',
      outcome: 'staysActive',
      repository: 'https://github.com/acme/docs',
      ref: 'docs-agent/quickstart',
      createdAt: activeSince,
    });
    ui.emulator.jobs.add({
      id: 'job-completed',
      outcome: 'completed',
      runsForMs: 0,
      repository: 'https://github.com/acme/docs',
      ref: 'fix-typos',
      createdAt: now - 90 * minute,
    });
    ui.emulator.jobs.add({
      id: 'job-no-changes',
      outcome: 'completedWithoutChanges',
      runsForMs: 0,
      repository: 'https://github.com/acme/api',
      ref: 'tidy-links',
      createdAt: now - 5 * 60 * minute,
    });
    ui.emulator.jobs.add({
      id: 'job-failed',
      outcome: 'failed',
      runsForMs: 0,
      repository: 'https://github.com/acme/api',
      ref: 'rename-endpoint',
      createdAt: now - 26 * 60 * minute,
    });
    ui.emulator.jobs.add({
      id: 'job-archived',
      outcome: 'archived',
      runsForMs: 0,
      archivedAfterMs: 0,
      repository: 'https://github.com/acme/site',
      ref: 'old-release',
      createdAt: now - 3 * 24 * 60 * minute,
    });
  });

  it('shows jobs in every state with their pull requests, and keeps them across a reload', async () => {
    const bench = await workbench({
      viewport: { width: 1400, height: 900 },
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.projectId': ui.emulator.config.projectId,
      },
    });
    const { page } = bench;
    await openSidebar(page);
    await runCommand(page, 'Docs Assistant: Set Admin Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.adminKey);
    await page.locator('.welcome-view-content', { hasText: 'No agent jobs are tracked yet' }).waitFor();

    for (const id of ['job-active', 'job-completed', 'job-no-changes', 'job-failed', 'job-archived', 'job-missing']) {
      await runCommand(page, 'Docs Assistant: Track Agent Job', { opensInput: true });
      await answerInput(page, id, 'id of an agent job');
      // The next command must not find this box still closing and type into it.
      await page.locator(QUICK_INPUT).waitFor({ state: 'hidden' });
    }
    const tree = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Agent Jobs' }) });
    const row = (text: string) => tree.locator('.monaco-list-row', { hasText: text }).first();
    await row('not found').waitFor();
    await row('acme/docs · docs-agent/quickstart').waitFor();
    // Its age as the row was drawn: 4 minutes, or more on a machine slow to get here.
    const activeRow = await row('docs-agent/quickstart').innerText();
    const activeAge = /active · (\d+) minutes ago/.exec(activeRow);
    const ages = { least: 4, most: Math.floor((Date.now() - activeSince) / minute) };
    assert.ok(
      activeAge && Number(activeAge[1]) >= ages.least && Number(activeAge[1]) <= ages.most,
      `active, ${ages.least} to ${ages.most} minutes ago: ${JSON.stringify(activeRow)}`,
    );
    assert.match(await row('fix-typos').innerText(), /completed · 1 hour ago/);
    assert.match(await row('rename-endpoint').innerText(), /failed/);
    assert.match(await row('old-release').innerText(), /archived · 3 days ago/);
    const badge = sidebarItem(page).locator('.badge-content');
    assert.equal((await badge.textContent())?.trim(), '1', 'the badge counts the one active job');

    await row('fix-typos').click();
    await page.keyboard.press('ArrowRight');
    await row('Pull request').waitFor();
    assert.match(await row('Pull request').innerText(), /https:\/\/github\.com\/acme\/docs\/pull\/\d+/);
    await row('tidy-links').click();
    await page.keyboard.press('ArrowRight');
    await row('none: no file was changed').waitFor();
    await screenshot(page, 'agent-jobs');

    const before = ui.emulator.requestsFor('agentJob').length;
    // As a user reloads: the window shuts down and VS Code stores what it holds first. A browser
    // reload (page.reload) can drop the workbench's last storage write in a web worker host.
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await openSidebar(page);
    await row('fix-typos').waitFor();
    await row('not found').waitFor();
    const refetched = () =>
      ui.emulator
        .requestsFor('agentJob')
        .slice(before)
        .map((request) => request.path.split('/').pop());
    // The restored jobs are polled at once: the active one's request shows the window had its
    // chance. A finished job not fetched leaves nothing to wait for, hence a time after it.
    await until('the active job fetched again', () => refetched().includes('job-active'), 30_000);
    await page.waitForTimeout(2_000);
    assert.ok(
      refetched().every((id) => id === 'job-active' || id === 'job-missing'),
      `only unfinished jobs are fetched again: ${refetched().join(', ')}`,
    );
  });
});
