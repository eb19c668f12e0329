// Docs Assistant in VS Code 1.139's agent mode, as a user meets it (issues 47 and 56): the built-in
// agent, given a test-only model (test/ui/testModel) that answers with tool calls from a script and
// records what it is sent back, starts agent jobs; Docs Assistant asks in a dialog of its own each
// time, with the whole prompt (Cancel: nothing reaches the platform), and a yes to one job never
// lets the agent start the next unasked. The jobs appear in the Agent Jobs view, and the tools are
// one switch in the agent's tool picker. With the MCP setting on, the site's MCP server is in VS
// Code's list and its search tool answers from the emulator's /mcp. What the tools send and answer
// is tested in the extension host (test/vscode/docsTools.test.ts, agentJobTools.test.ts).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { Workbench } from '../runner/workbench';
import { REPO_ROOT } from '../runner/workbench';
import { PlatformEmulator } from '../emulator/emulator';
import { until } from '../until';
import {
  closeWorkbenches,
  onlyIn,
  openFile,
  openSidebar,
  recordFailure,
  runCommand,
  screenshot,
  sendInChatView,
  workbench,
} from './support';

const TEST_MODEL = path.join(REPO_ROOT, 'test', 'ui', 'testModel');

interface Recorded {
  readonly tools: string[];
  readonly messages: { role: string; parts: { type: string; name?: string; callId?: string; text?: string }[] }[];
}

describe('Docs Assistant in VS Code’s agent mode', function () {
  this.timeout(300_000);
  onlyIn('newest', "VS Code 1.99's agents are tested through vscode.lm.invokeTool: it has no agent mode of its own");
  const ui = {} as { emulator: PlatformEmulator };
  let bench: Workbench;
  let page: Page;
  const modelDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-model-'));

  /** What the model answers, request by request: tool calls, then text. */
  function script(replies: readonly unknown[]): void {
    fs.writeFileSync(path.join(modelDir, 'script.json'), JSON.stringify({ replies }));
    fs.rmSync(path.join(modelDir, 'requests.jsonl'), { force: true });
  }
  /** The requests the model was sent that offered tools; with `withoutTools`, also VS Code's own (a title). */
  function requests(withoutTools = false): Recorded[] {
    const file = path.join(modelDir, 'requests.jsonl');
    if (!fs.existsSync(file)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Recorded)
      .filter((request) => withoutTools || request.tools.length > 0);
  }
  /** The tool results the model was sent back, by tool name, in the last request. */
  function resultsSentBack(): Map<string, string> {
    const last = requests().at(-1);
    const calls = new Map<string, string>();
    const results = new Map<string, string>();
    for (const message of last?.messages ?? [])
      for (const part of message.parts) {
        if (part.type === 'toolCall') calls.set(part.callId ?? '', part.name ?? '');
        if (part.type === 'toolResult') results.set(calls.get(part.callId ?? '') ?? '?', part.text ?? '');
      }
    return results;
  }

  /** Types `question` in a new chat of the Chat view and sends it, in agent mode. */
  async function ask(question: string): Promise<void> {
    // A chat with a question in it gives way to a new one, in place once none of its questions is
    // listed: typed before that, the question goes on in the last chat (whose tool calls then count
    // as this script's first rounds), or is cleared from the box as the new chat comes. A chat with
    // none is new already, and a New Chat then would come later at no state this could wait for.
    const listed = page.locator('.part.auxiliarybar .interactive-request');
    if ((await listed.count()) > 0) {
      await page.locator('.part.auxiliarybar a[aria-label^="New Chat ("]:visible').first().click();
      await listed.first().waitFor({ state: 'detached' });
    }
    await sendInChatView(page, question);
  }

  /** The confirmation VS Code shows above the chat's box, once it shows `text` (its title). */
  function confirmation(text: RegExp) {
    return page.locator('.interactive-input-part .chat-tool-confirmation-carousel', { hasText: text }).first();
  }
  /** Docs Assistant's own question: a modal dialog of the workbench. */
  const dialog = () => page.locator('.monaco-dialog-box', { hasText: 'Start an agent job?' });
  const button = (title: string) => dialog().locator('.dialog-buttons .monaco-button', { hasText: new RegExp(`^${title}$`) });

  async function done(): Promise<void> {
    await page.locator('.interactive-session:not(.chat-request-in-progress)').first().waitFor({ timeout: 60_000 });
  }

  before(async () => {
    ui.emulator = await PlatformEmulator.start({ searchDelayMs: 0 });
    bench = await workbench({
      viewport: { width: 1400, height: 1000 },
      extensionFolders: [TEST_MODEL],
      env: { DOCS_ASSISTANT_TEST_MODEL_DIR: modelDir },
      workspaceFiles: { 'src/retry.ts': 'export const retries = 3;\n' },
      platform: ui.emulator,
      keys: true,
      userSettings: {
        'docsAssistant.siteUrl': ui.emulator.url,
        'docsAssistant.mcpServer.enabled': true,
        // An offline VS Code offers its Chat view to no one signed in only with this.
        'chat.allowAnonymousAccess': true,
        // The agent's own small requests (titles, progress words) go to the model picked, not to a Copilot model it has no access to.
        'chat.byokUtilityModelDefault': 'mainAgent',
      },
    });
    page = bench.page;
    await runCommand(page, 'Chat: Open Chat');
    // The model the test extension lends, picked as a user picks one (unless the only one offered already is).
    const picker = page.locator('.interactive-input-part').getByRole('button', { name: /^Models?\b/ });
    if (!/Docs Assistant Test Model/.test((await picker.getAttribute('aria-label')) ?? '')) {
      await picker.click();
      await page.getByRole('option', { name: /Docs Assistant Test Model/ }).click();
    }
    await page.locator('.interactive-input-part').getByText('Docs Assistant Test Model').waitFor();
  });
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    await recordFailure(page, this.currentTest);
    // What the model was asked, and with which tools: a CI log then says where the turn stopped.
    console.log(`the test model was asked ${requests(true).length} times`);
    for (const { tools, messages } of requests(true))
      console.log(
        `model asked with ${tools.length} tools, ${messages.map((message) => message.parts.map((part) => part.type).join('+')).join(', ')}`,
      );
  });
  after(async () => {
    await closeWorkbenches(undefined);
    await ui.emulator?.close();
    fs.rmSync(modelDir, { recursive: true, force: true });
  });

  it('asks in a dialog of its own, with the whole prompt; Cancel sends nothing, and the model is told so', async () => {
    const before = ui.emulator.requestsFor('createJob').length;
    script([
      { toolCalls: [{ name: 'docsAssistant_startAgentJob', input: { instruction: 'Rewrite the whole guide' } }] },
      { text: 'Understood.' },
    ]);
    await ask('Rewrite the guide');
    await dialog().waitFor({ timeout: 60_000 });
    assert.match(await dialog().innerText(), /Rewrite the whole guide/);
    assert.equal(await confirmation(/Start an agent job/).count(), 0, 'not VS Code’s confirmation, which can be approved in advance');
    await button('Cancel').click();
    await page.locator('.interactive-session', { hasText: 'Understood.' }).first().waitFor({ timeout: 60_000 });
    await done();
    assert.equal(ui.emulator.requestsFor('createJob').length, before, 'nothing reached the platform');
    assert.match(
      resultsSentBack().get('docsAssistant_startAgentJob') ?? '',
      /^The user chose not to start the agent job: nothing was sent\./,
    );
  });

  it('starts a job once the user says so, with the selection and the whole prompt read, and asks again for the next (issue 56, items 4 and 6)', async () => {
    await openFile(page, 'retry.ts');
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+A');
    // A long instruction: too long for a dialog, it is read whole in an editor, and asked about beside it (issue 56, item 4).
    const long = `Document how retries are capped. ${'Keep every example short and runnable. '.repeat(400)}The last words of the instruction.`;
    script([
      { toolCalls: [{ name: 'docsAssistant_startAgentJob', input: { instruction: long, attach: ['selection'] } }] },
      { toolCalls: [{ name: 'docsAssistant_startAgentJob', input: { instruction: 'Now also document the backoff' } }] },
      { text: 'Both are done.' },
    ]);
    const before = ui.emulator.requestsFor('createJob').length;
    await ask('Document how retries are capped in our docs');
    await dialog().waitFor({ timeout: 60_000 });
    const shown = (await dialog().innerText()).replace(/\u00a0/g, ' ');
    assert.match(shown, /Project: project "proj_demo"/);
    assert.match(shown, /credits/);
    assert.match(shown, /Attached: the selected code \(src\/retry\.ts/);
    assert.match(shown, /The prompt \([\d,]+ characters\) is too long for this dialog: read it whole in an editor/);
    assert.equal(ui.emulator.requestsFor('createJob').length, before, 'nothing is sent before the user says so');
    await screenshot(page, 'agent-mode-job-confirmation');
    // The default button, as a user who presses Enter: the prompt opens, and the question is asked beside it.
    await page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    const beside = page.locator('.notifications-toasts .notification-toast', { hasText: /with the prompt open in the editor/ });
    await beside.waitFor({ timeout: 30_000 });
    const editor = page.locator('.editor-instance', { hasText: 'Keep every example short' }).last();
    // Its first line is long: a click near its start, not in the middle of it.
    await editor.locator('.view-lines').click({ position: { x: 20, y: 10 } });
    await page.keyboard.press('Control+End');
    await editor.getByText('export const retries = 3;').waitFor();
    assert.equal(ui.emulator.requestsFor('createJob').length, before, 'nor while it is read');
    await screenshot(page, 'agent-mode-job-confirmation-prompt');
    await beside.locator('.monaco-button', { hasText: /^Start Agent Job$/ }).click();
    await until('the first job started', () => ui.emulator.requestsFor('createJob').length === before + 1);
    // The agent starts another: asked again, with its own prompt, whatever the first answer was.
    await dialog().filter({ hasText: 'Now also document the backoff' }).waitFor({ timeout: 60_000 });
    assert.equal(ui.emulator.requestsFor('createJob').length, before + 1, 'the second is not sent unasked');
    await screenshot(page, 'agent-mode-second-job-asked');
    await button('Start Agent Job').click();
    await page.locator('.interactive-session', { hasText: 'Both are done.' }).first().waitFor({ timeout: 60_000 });
    await done();
    const prompts = ui.emulator
      .requestsFor('createJob')
      .slice(before)
      .map((request) => String((request.body as { prompt?: string }).prompt));
    assert.match(
      prompts[0],
      /^Document how retries are capped\.[\s\S]*The last words of the instruction\.\n\n## Selected from `src\/retry\.ts`[\s\S]*export const retries = 3;/,
    );
    assert.equal(prompts[1], 'Now also document the backoff\n');
    assert.match(
      resultsSentBack().get('docsAssistant_startAgentJob') ?? '',
      /^The user confirmed, and the agent job "job_\w+" was started/,
    );
    // One switch for all of them: the agent's tool picker lists them together, under Docs Assistant.
    await page
      .locator('.interactive-input-part')
      .getByRole('button', { name: /^Configure Tools/ })
      .first()
      .click();
    const picker = page.locator('.quick-input-widget');
    await picker.getByText('Docs Assistant', { exact: false }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'agent-mode-tool-picker');
    await page.keyboard.press('Escape');
    // The jobs are in the Agent Jobs view at once.
    await openSidebar(page);
    await page.locator('.monaco-list-row', { hasText: 'Now also document the backoff' }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'agent-mode-job-in-view');
  });

  it('lists the site’s MCP server in VS Code’s MCP servers, and its search tool answers from the site', async () => {
    await runCommand(page, 'MCP: List Servers');
    const listed = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Documentation site' }).first();
    await listed.waitFor({ timeout: 30_000 });
    await screenshot(page, 'agent-mode-mcp-servers');
    await page.keyboard.press('Escape');
    script([{ toolCalls: [{ name: '/^mcp_.*search$/', input: { query: 'agent jobs' } }] }, { text: 'Found it.' }]);
    await ask('What does the documentation site say about agent jobs?');
    const answered = page.locator('.interactive-session', { hasText: 'Found it.' }).first();
    // VS Code may ask before it runs a server's tool for the first time, as it does for any.
    const asking = confirmation(/search/i);
    await Promise.race([answered.waitFor({ timeout: 90_000 }), asking.waitFor({ timeout: 90_000 })]);
    if (await asking.isVisible())
      await asking
        .locator('a.monaco-button:visible', { hasText: /^Allow/ })
        .first()
        .click();
    await answered.waitFor({ timeout: 90_000 });
    await until('the MCP server’s search called', () => ui.emulator.mcpCalls.length > 0, 10_000);
    assert.deepEqual(ui.emulator.mcpCalls[0], { tool: 'search', arguments: { query: 'agent jobs' } });
    const offered = requests().at(-1)?.tools ?? [];
    assert.ok(
      offered.some((name) => /^mcp_.*search$/.test(name)),
      offered.join(', '),
    );
  });
});
