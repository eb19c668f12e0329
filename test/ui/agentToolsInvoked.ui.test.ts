// The agent job tools in VS Code 1.99, which has no agent mode of its own: an agent's call through
// vscode.lm.invokeTool (made here by a probe extension, test/ui/toolsProbe) makes Docs Assistant ask
// the user in its own dialog (issues 47 and 56): the project, the cost and the whole prompt, to its
// end (in an editor beside the question when the dialog cannot hold it). Cancel, and nothing reaches
// the platform; Start Agent Job, and the job is started and tracked.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT, writtenJson } from '../runner/workbench';
import { onlyIn, openSidebar, runCommand, screenshot, uiSuite, workbench } from './support';

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

  it('asks before it starts a job, with the project, the cost and the whole prompt to its end; Cancel sends nothing, Start starts it', async () => {
    const bench = await workbench({ extensionFolders: [PROBE], platform: ui.emulator, keys: true });
    const { page, workspace } = bench;

    // A long instruction: too long for 1.99's dialog, which neither scrolls nor grows past the window,
    // it is read whole in an editor, and asked about beside it (issue 56, item 4).
    const instruction = `Document how retries are capped. ${'Keep every example short. '.repeat(700)}The last words.`;
    const asking = await invoke(page, workspace, 'docsAssistant_startAgentJob', { instruction });
    const shown = (await asking.innerText()).replace(/\u00a0/g, ' ');
    assert.match(shown, /Start an agent job\?/);
    assert.match(shown, /project "proj_demo"/);
    assert.match(shown, /credits/);
    assert.match(shown, /is too long for this dialog: read it whole in an editor/);
    await asking.locator('.monaco-button', { hasText: /^Read the Whole Prompt$/ }).click();
    const beside = page.locator('.notifications-toasts .notification-toast', { hasText: /with the prompt open in the editor/ });
    await beside.waitFor({ timeout: 30_000 });
    const editor = page.locator('.editor-instance', { hasText: 'Keep every example short' }).last();
    // Its first line is long: a click near its start, not in the middle of it.
    await editor.locator('.view-lines').click({ position: { x: 20, y: 10 } });
    await page.keyboard.press('Control+End');
    await editor.getByText('The last words.').waitFor();
    await screenshot(page, 'tools-1.99-job-confirmation');
    await beside.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    assert.match((await answer(workspace)).text ?? '', /^The user chose not to start the agent job: nothing was sent\./);
    assert.equal(ui.emulator.requestsFor('createJob').length, 0, 'nothing reached the platform');

    // A short one is shown whole in the dialog.
    const again = await invoke(page, workspace, 'docsAssistant_startAgentJob', { instruction: 'Document how retries are capped' });
    assert.match(await again.innerText(), /Document how retries are capped/);
    await screenshot(page, 'tools-1.99-job-confirmation-short');
    await again.locator('.monaco-button', { hasText: /^Start Agent Job$/ }).click();
    assert.match((await answer(workspace)).text ?? '', /^The user confirmed, and the agent job "job_\w+" was started/);
    assert.equal(ui.emulator.requestsFor('createJob').length, 1);
    await openSidebar(page);
    await page.locator('.monaco-list-row', { hasText: 'Document how retries are capped' }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'tools-1.99-job-started');
  });
});
