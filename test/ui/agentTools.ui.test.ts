// Docs Assistant in VS Code 1.139's agent mode, as a user meets it (issue 47): the built-in agent,
// given a test-only model (test/ui/testModel) that answers with tool calls from a script and records
// what it is sent back, searches with a version and a count, asks the platform's assistant about a
// snippet, and starts an agent job; VS Code shows the confirmation with the whole prompt, the user
// allows it (or skips it: nothing reaches the platform), and the job appears in the Agent Jobs view.
// With the MCP setting on, the site's MCP server is in VS Code's list and its search tool answers
// from the emulator's /mcp.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { Workbench } from '../runner/workbench';
import { REPO_ROOT } from '../runner/workbench';
import { PlatformEmulator } from '../emulator/emulator';
import { until } from '../until';
import { closeWorkbenches, giveKeys, onlyIn, openFile, openSidebar, runCommand, screenshot, sendInChatView, workbench } from './support';

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

  /** Starts a new chat in the Chat view, types `question` and sends it, in agent mode. */
  async function ask(question: string): Promise<void> {
    await page.locator('.part.auxiliarybar a[aria-label^="New Chat ("]:visible').first().click();
    await sendInChatView(page, question);
  }

  /** The confirmation VS Code shows above the chat's box, once it shows `text` (its title). */
  function confirmation(text: RegExp) {
    return page.locator('.interactive-input-part .chat-tool-confirmation-carousel', { hasText: text }).first();
  }
  /** What a confirmation says, its code blocks' spaces (which the editor draws as no-break ones) as spaces. */
  async function said(asking: ReturnType<typeof confirmation>): Promise<string> {
    return (await asking.innerText()).replace(/\u00a0/g, ' ');
  }

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
      userSettings: {
        'docsAssistant.baseUrl': ui.emulator.url,
        'docsAssistant.domain': ui.emulator.config.domain,
        'docsAssistant.projectId': ui.emulator.config.projectId,
        'docsAssistant.siteUrl': ui.emulator.url,
        'docsAssistant.mcpServer.enabled': true,
        // An offline VS Code offers its Chat view to no one signed in only with this.
        'chat.allowAnonymousAccess': true,
        // The agent's own small requests (titles, progress words) go to the model picked, not to a Copilot model it has no access to.
        'chat.byokUtilityModelDefault': 'mainAgent',
      },
    });
    page = bench.page;
    await giveKeys(page, ui.emulator.url, ui.emulator.config);
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
    await screenshot(page, `failed-agent-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}`);
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

  // First: once the user allows the job tool for the session, VS Code does not ask again in it.
  it('sends nothing when the user skips the confirmation, and the model is told so', async () => {
    const before = ui.emulator.requestsFor('createJob').length;
    script([
      { toolCalls: [{ name: 'docsAssistant_startAgentJob', input: { instruction: 'Rewrite the whole guide' } }] },
      { text: 'Understood.' },
    ]);
    await ask('Rewrite the guide');
    const asking = confirmation(/Start an agent job\?/);
    await asking.waitFor({ timeout: 60_000 });
    assert.match(await said(asking), /Rewrite the whole guide/);
    await asking
      .locator('a.monaco-button:visible', { hasText: /^Skip$/ })
      .first()
      .click();
    await page.locator('.interactive-session', { hasText: 'Understood.' }).first().waitFor({ timeout: 60_000 });
    await done();
    assert.equal(ui.emulator.requestsFor('createJob').length, before, 'nothing reached the platform');
    assert.doesNotMatch(resultsSentBack().get('docsAssistant_startAgentJob') ?? '', /was started/);
  });

  it('searches with a version and a count, asks about a snippet, and starts a job once the user allows it', async () => {
    await openFile(page, 'retry.ts');
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+A');
    script([
      { toolCalls: [{ name: 'docsAssistant_searchDocs', input: { query: 'retry', version: 'v2', count: 3 } }] },
      {
        toolCalls: [
          {
            name: 'docsAssistant_ask',
            input: { question: 'How are retries capped?', code: 'export const retries = 3;', path: 'src/retry.ts' },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'docsAssistant_startAgentJob', input: { instruction: 'Document how retries are capped', attach: ['selection'] } },
        ],
      },
      { text: 'The job is started.' },
    ]);
    await ask('Document how retries are capped in our docs');
    const asking = confirmation(/Start an agent job\?/);
    await asking.waitFor({ timeout: 60_000 });
    const shown = await said(asking);
    assert.match(shown, /Start an agent job\?/);
    assert.match(shown, /project "proj_demo"/);
    assert.match(shown, /credits/);
    assert.match(shown, /Attached: the selected code \(src\/retry\.ts/);
    assert.match(shown, /Document how retries are capped[\s\S]*export const retries = 3;/, 'the whole prompt, the selection in it');
    assert.equal(ui.emulator.requestsFor('createJob').length, 0, 'nothing is sent before the user allows it');
    await screenshot(page, 'agent-mode-job-confirmation');
    // The rest of it: the cost and the whole prompt, scrolled to.
    type Scrollable = { scrollTop: number; readonly scrollHeight: number };
    await asking.evaluate((element: { querySelectorAll(selector: string): Iterable<Scrollable> }) => {
      for (const scrolled of element.querySelectorAll('*')) scrolled.scrollTop = scrolled.scrollHeight;
    });
    await screenshot(page, 'agent-mode-job-confirmation-prompt');
    await asking
      .locator('a.monaco-button:visible', { hasText: /^Allow/ })
      .first()
      .click();
    await page.locator('.interactive-session', { hasText: 'The job is started.' }).first().waitFor({ timeout: 60_000 });
    await done();

    const [search] = ui.emulator.requestsFor('search');
    assert.deepEqual(search?.body, { query: 'retry', pageSize: 3, filter: { version: 'v2' } });
    const [asked] = ui.emulator.requestsFor('assistant');
    assert.deepEqual((asked?.body as { context?: unknown }).context, [
      { type: 'code', value: 'export const retries = 3;', path: 'src/retry.ts' },
    ]);
    const [created] = ui.emulator.requestsFor('createJob');
    assert.match(String((created?.body as { prompt?: string }).prompt), /Document how retries are capped[\s\S]*export const retries = 3;/);
    const results = resultsSentBack();
    assert.match(
      results.get('docsAssistant_searchDocs') ?? '',
      /^Results of a search of the "acme-docs" documentation for "retry", in version "v2", asking for up to 3/,
    );
    assert.match(results.get('docsAssistant_ask') ?? '', /^The documentation assistant of the "acme-docs" documentation answered/);
    assert.match(results.get('docsAssistant_startAgentJob') ?? '', /^The user confirmed, and the agent job "job_\w+" was started/);
    // Each call and its result, as the Chat view lists them once opened.
    await page
      .locator('.interactive-session .chat-thinking-box, .interactive-session', { hasText: /Completed \d+ steps/ })
      .getByText(/Completed \d+ steps/)
      .first()
      .click();
    await screenshot(page, 'agent-mode-tool-results');
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
    // The job is in the Agent Jobs view at once.
    await openSidebar(page);
    await page.locator('.monaco-list-row', { hasText: 'Document how retries are capped' }).first().waitFor({ timeout: 15_000 });
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
