// The agent job tools in VS Code 1.99, which has no agent mode of its own: an agent's call through
// vscode.lm.invokeTool (made here by a probe extension, test/ui/toolsProbe) makes VS Code ask the
// user in a dialog with the tool's confirmation (issue 47): the project, the cost and the whole
// prompt. Cancel, and nothing reaches the platform; confirm, and the job is started and tracked.
// Also: the MCP setting, turned on in a VS Code without MCP support, says so and breaks nothing.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT, writtenJson } from '../runner/workbench';
import {
  answerInput,
  notification,
  onlyIn,
  openSidebar,
  runCommand,
  screenshot,
  searchSettings,
  uiSuite,
  userSettingsWhen,
  workbench,
} from './support';

const PROBE = path.join(REPO_ROOT, 'test', 'ui', 'toolsProbe');

describe('the agent job tools, called through vscode.lm.invokeTool in VS Code 1.99', function () {
  this.timeout(240_000);
  onlyIn('oldest', "VS Code 1.139's own agent mode calls them in the Chat view (agentTools.ui.test.ts)");
  const ui = uiSuite({ searchDelayMs: 0 });

  /** Has the probe call `name` with `input`; resolves once VS Code's dialog asks, with the dialog. */
  async function invoke(page: Page, workspace: string, name: string, input: object) {
    fs.rmSync(path.join(workspace, 'tool-answer.json'), { force: true });
    fs.writeFileSync(path.join(workspace, 'tool.json'), JSON.stringify({ name, input }));
    await runCommand(page, 'Docs Assistant Probe: Invoke Docs Tool From tool.json');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    return dialog;
  }
  const answer = (workspace: string) =>
    writtenJson<{ text?: string; error?: string }>(path.join(workspace, 'tool-answer.json'), 'the tool’s answer', 30_000);

  it('asks before it starts a job, with the project, the cost and the whole prompt; Cancel sends nothing, Yes starts it', async () => {
    const bench = await workbench({
      extensionFolders: [PROBE],
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.projectId': ui.emulator.config.projectId,
        'docsAssistant.mcpServer.enabled': false,
      },
    });
    const { page, workspace } = bench;
    await runCommand(page, 'Docs Assistant: Set Admin Key', { opensInput: true });
    await answerInput(page, ui.emulator.config.adminKey);
    await notification(page, 'The admin key is stored');

    const asking = await invoke(page, workspace, 'docsAssistant_startAgentJob', { instruction: 'Document how retries are capped' });
    const shown = (await asking.innerText()).replace(/\u00a0/g, ' ');
    assert.match(shown, /Start an agent job\?/);
    assert.match(shown, /project "proj_demo"/);
    assert.match(shown, /credits/);
    assert.match(shown, /Document how retries are capped/);
    await screenshot(page, 'tools-1.99-job-confirmation');
    await asking.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    assert.ok((await answer(workspace)).error !== undefined, 'the call was refused');
    assert.equal(ui.emulator.requestsFor('createJob').length, 0, 'nothing reached the platform');

    const again = await invoke(page, workspace, 'docsAssistant_startAgentJob', { instruction: 'Document how retries are capped' });
    await again
      .locator('.monaco-button', { hasText: /^(Yes|Continue|OK)$/ })
      .first()
      .click();
    assert.match((await answer(workspace)).text ?? '', /^The user confirmed, and the agent job "job_\w+" was started/);
    assert.equal(ui.emulator.requestsFor('createJob').length, 1);
    await openSidebar(page);
    await page.locator('.monaco-list-row', { hasText: 'Document how retries are capped' }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'tools-1.99-job-started');
  });

  it('says the MCP server needs a newer VS Code when it is turned on, and nothing fails', async () => {
    const bench = await workbench({
      userSettings: { 'docsAssistant.baseUrl': ui.emulator.url, 'docsAssistant.siteUrl': ui.emulator.url },
    });
    const { page } = bench;
    // The features start; then the user turns the setting on in the Settings editor.
    await openSidebar(page);
    await searchSettings(page, 'docsAssistant.mcpServer.enabled');
    const row = page.locator('.settings-editor .setting-item-contents', { hasText: 'MCP server' }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.locator('.setting-value-checkbox').click();
    await userSettingsWhen(bench, (settings) => settings['docsAssistant.mcpServer.enabled'] === true);
    await notification(page, "The documentation site's MCP server needs VS Code 1.101 or later");
    await screenshot(page, 'tools-1.99-mcp-refusal');
  });
});
