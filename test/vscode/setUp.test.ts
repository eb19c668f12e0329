// Setting up, in VS Code (issue 57: moved here from the workbench): Configure writes nothing when
// cancelled part-way and everything when finished, refusing a base URL that is not one; a key is
// typed into a masked box that names the kind expected; the status bar item says what needs the
// user or runs, with the command that helps, and nothing when turned off.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import type { CheckedConnection } from '../../src/settings/vscode/checkConnectionCommand';
import { PlatformEmulator } from '../emulator/emulator';
import { activateExtension, connectTo, resetUserSettings, runAccepting, runDismissing, setUserSetting, startEmulator } from './support';
import { until } from '../until';

/** Records every input box the extension makes (it shares this `vscode` object), in order. */
function recordInputBoxes(): { boxes: vscode.InputBox[]; restore(): void } {
  const window = vscode.window as { createInputBox: () => vscode.InputBox };
  const original = window.createInputBox;
  const boxes: vscode.InputBox[] = [];
  window.createInputBox = () => {
    const box = original.call(vscode.window);
    boxes.push(box);
    return box;
  };
  return { boxes, restore: () => (window.createInputBox = original) };
}

describe('setting up', () => {
  let emulator: PlatformEmulator;
  let api: DocsAssistantApi;

  before(async () => {
    api = await activateExtension();
    emulator = await startEmulator();
  });
  afterEach(resetUserSettings);
  after(async () => {
    await emulator.close();
  });

  it('Configure writes nothing when cancelled part-way, refuses a base URL that is not one, and writes everything when finished', async () => {
    const recorded = recordInputBoxes();
    const step = async (index: number, value: string) => {
      const box = await until(`step ${index + 1}`, () => recorded.boxes[index]);
      assert.equal(box.step, index + 1);
      box.value = value;
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return box;
    };
    try {
      const cancelled = vscode.commands.executeCommand('docsAssistant.configure');
      await step(0, emulator.url);
      await step(1, emulator.config.domain);
      await until('the project id step', () => recorded.boxes[2]);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await cancelled;
      assert.equal(vscode.workspace.getConfiguration('docsAssistant').inspect('baseUrl')?.globalValue, undefined, 'nothing was written');

      recorded.boxes.length = 0;
      const finished = vscode.commands.executeCommand('docsAssistant.configure');
      const first = await step(0, 'ftp://wrong.example.com');
      const reason = () => (typeof first.validationMessage === 'string' ? first.validationMessage : first.validationMessage?.message) ?? '';
      await until('the reason', () => /must start with https:\/\//.test(reason()));
      assert.equal(recorded.boxes.length, 1, 'the step stays until its value is one');
      first.value = emulator.url;
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await step(1, emulator.config.domain);
      await step(2, emulator.config.projectId);
      const assistantKey = await step(3, emulator.config.assistantKey);
      assert.equal(assistantKey.password, true, 'a key is typed into a masked box');
      await step(4, emulator.config.adminKey);
      await finished;
      const settings = vscode.workspace.getConfiguration('docsAssistant');
      assert.equal(settings.inspect('baseUrl')?.globalValue, emulator.url);
      assert.equal(settings.inspect('domain')?.globalValue, emulator.config.domain);
      assert.equal(settings.inspect('projectId')?.globalValue, emulator.config.projectId);
      const checked = await vscode.commands.executeCommand<CheckedConnection>('docsAssistant.checkConnection');
      assert.ok(checked.assistant.ok && checked.agentJobs.ok, 'both keys stored, and taken by the platform');
    } finally {
      recorded.restore();
    }
  });

  it('takes a key in a masked box, which says which kind it expects of a key of the other kind', async () => {
    await connectTo(emulator);
    const window = vscode.window as { showInputBox: (options?: vscode.InputBoxOptions) => Thenable<string | undefined> };
    const original = window.showInputBox;
    let options: vscode.InputBoxOptions | undefined;
    window.showInputBox = (given) => ((options = given), original.call(vscode.window, given));
    try {
      await runDismissing('docsAssistant.setAssistantKey');
      assert.equal(options?.password, true);
      const refused = await options?.validateInput?.(emulator.config.adminKey);
      assert.match(
        typeof refused === 'string' ? refused : (refused?.message ?? ''),
        /^That is an admin key, but an assistant key is expected here/,
      );
      assert.equal(await options?.validateInput?.(emulator.config.assistantKey), undefined);
    } finally {
      window.showInputBox = original;
    }
  });

  it('says in the status bar what needs the user and what runs, with the command that helps, and nothing otherwise', async () => {
    // A platform of this test's own: it goes away at the end, as a network that fails.
    const platform = await PlatformEmulator.start({ searchDelayMs: 0 });
    try {
      platform.jobs.add({ id: 'job-status', outcome: 'staysActive', ref: 'docs-agent/status' });
      await setUserSetting('baseUrl', platform.url);
      // Its port may be one an earlier test's emulator listened on: no key is left from it.
      assert.equal(await vscode.commands.executeCommand('docsAssistant.clearKeys'), true);
      await setUserSetting('domain', platform.config.domain);
      await setUserSetting('projectId', platform.config.projectId);
      const item = (text: RegExp) =>
        until(`the item to say ${text}`, () => (text.test(api.statusItem().text) ? api.statusItem() : undefined));

      const needed = await item(/key needed/);
      assert.equal(needed.visible, true);
      assert.match(needed.tooltip, /assistant key is not set/);
      assert.equal(needed.command, 'docsAssistant.setAssistantKey');

      assert.equal(await runAccepting('docsAssistant.setAssistantKey', 'svc_dsc_not_the_key_the_platform_knows'), true);
      await runAccepting('docsAssistant.ask', 'What are API keys?');
      const refused = await item(/key refused/);
      assert.match(refused.tooltip, /refused the assistant key \(401\)/);
      assert.equal(refused.command, 'docsAssistant.setAssistantKey');

      assert.equal(await runAccepting('docsAssistant.setAssistantKey', platform.config.assistantKey), true);
      await item(/key needed/);
      assert.equal(await runAccepting('docsAssistant.setAdminKey', platform.config.adminKey), true);
      await until('the item hidden', () => !api.statusItem().visible);

      assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-status'), true);
      const running = await item(/1 agent job running/);
      assert.equal(running.command, 'docsAssistant.agentJobs.focus');

      await platform.close();
      await vscode.commands.executeCommand('docsAssistant.refreshAgentJobs');
      const offline = await item(/no connection/);
      assert.match(offline.tooltip, /Check Connection says/);
      assert.equal(offline.command, 'docsAssistant.checkConnection');

      await setUserSetting('statusBar.enabled', false);
      await until('the item hidden when turned off', () => !api.statusItem().visible);
    } finally {
      await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-status');
      await platform.close().catch(() => undefined);
    }
  });
});
