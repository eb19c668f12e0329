import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import type { ConnectionReport } from '../../src/settings/connectionCheck';
import { SECTION, settingRows } from '../../src/settings/settingsModel';
import type { PlatformEmulator } from '../emulator/emulator';
import { activeAtStartup } from './startup';
import {
  activateExtension,
  connectTo,
  EXTENSION_ID,
  recordSurfaces,
  resetUserSettings,
  runAccepting,
  runDismissing,
  runRefused,
  setUserSetting,
  startEmulator,
} from './support';
import { until } from '../until';

const manifest = () =>
  vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
    activationEvents?: string[];
    contributes: { commands: { command: string }[]; configuration: { properties: Record<string, { scope?: string }> } };
    capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  };

describe('the extension shell', () => {
  let emulator: PlatformEmulator;
  let decoy: PlatformEmulator;
  let api: DocsAssistantApi;

  before(async () => {
    emulator = await startEmulator();
    // The workspace's .vscode/settings.json points docsAssistant.baseUrl here; it must get nothing.
    const workspaceSettings = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, '.vscode', 'settings.json');
    const workspaceBaseUrl = (JSON.parse(fs.readFileSync(workspaceSettings, 'utf8')) as Record<string, string>)['docsAssistant.baseUrl'];
    assert.ok(workspaceBaseUrl, 'the test workspace sets a base URL of its own');
    decoy = await startEmulator({ port: Number(new URL(workspaceBaseUrl).port) });
  });

  after(async () => {
    await resetUserSettings();
    await emulator?.close();
    await decoy?.close();
  });

  it('is not active until something asks for it', () => {
    assert.equal(activeAtStartup, false, 'nothing activated the extension at start-up');
    const events = manifest().activationEvents ?? [];
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), `activation events: ${events.join(', ')}`);
  });

  it('registers every command package.json lists, and lists every command it registers', async () => {
    api = await activateExtension();
    const listed = manifest()
      .contributes.commands.map((command) => command.command)
      .sort();
    // docsAssistant.<view>.focus and the like are the workbench's own, made for each view.
    const registered = (await vscode.commands.getCommands(true)).filter((command) => /^docsAssistant\.[^.]+$/.test(command)).sort();
    assert.deepEqual(registered, listed);
    for (const command of [
      'docsAssistant.configure',
      'docsAssistant.setAdminKey',
      'docsAssistant.setAssistantKey',
      'docsAssistant.clearKeys',
      'docsAssistant.showLog',
    ]) {
      assert.ok(listed.includes(command), command);
    }
  });

  it('declares every setting of the settings model, with its scope, and restricts those the model restricts', () => {
    const { properties } = manifest().contributes.configuration;
    const rows = Object.values(settingRows);
    assert.deepEqual(Object.keys(properties).sort(), rows.map((row) => `${SECTION}.${row.name}`).sort());
    for (const row of rows) assert.equal(properties[`${SECTION}.${row.name}`].scope, row.scope, row.name);
    const { supported, restrictedConfigurations } = manifest().capabilities.untrustedWorkspaces;
    assert.equal(supported, 'limited');
    assert.deepEqual(
      [...restrictedConfigurations].sort(),
      rows
        .filter((row) => row.restricted)
        .map((row) => `${SECTION}.${row.name}`)
        .sort(),
    );
  });

  it('stores no key given as an argument until the user accepts it in the box (issue 28, item 6)', async () => {
    await setUserSetting('baseUrl', emulator.url);
    await setUserSetting('projectId', emulator.config.projectId);
    await vscode.commands.executeCommand('docsAssistant.clearKeys');
    assert.equal(await runDismissing('docsAssistant.setAdminKey', emulator.config.adminKey), false, 'dismissed: nothing stored');
    const report = await vscode.commands.executeCommand<ConnectionReport>('docsAssistant.checkConnection');
    assert.match(report.agentJobs.message, /admin key is not set/);
    assert.equal(await runAccepting('docsAssistant.setAdminKey', emulator.config.adminKey), true, 'accepted: stored');
  });

  it('refuses a key of the wrong kind and stores keys in secret storage, not in settings', async () => {
    await setUserSetting('baseUrl', emulator.url);
    // A key of the wrong kind is refused in the box, which will not accept it: the user gives up.
    assert.equal(await runRefused('docsAssistant.setAssistantKey', emulator.config.adminKey), false);
    assert.equal(await runRefused('docsAssistant.setAdminKey', emulator.config.assistantKey), false);
    assert.equal(await runRefused('docsAssistant.setAdminKey', 'sk-not-a-platform-key'), false);
    await connectTo(emulator);

    const report = await vscode.commands.executeCommand<ConnectionReport>('docsAssistant.checkConnection');
    assert.deepEqual(report.assistant, {
      ok: true,
      message: `The assistant key works for the domain "${emulator.config.domain}".`,
      answer: '404 Not Found: the key was accepted',
    });
    assert.deepEqual(report.agentJobs, {
      ok: true,
      message: `The admin key works for the project "${emulator.config.projectId}".`,
      answer: '404 Not Found: the key was accepted',
    });
    const authorizations = emulator.requests.map((request) => request.headers.authorization);
    assert.deepEqual(authorizations.sort(), [`Bearer ${emulator.config.adminKey}`, `Bearer ${emulator.config.assistantKey}`].sort());

    const config = vscode.workspace.getConfiguration('docsAssistant');
    const everySettingValue = JSON.stringify(
      Object.keys(manifest().contributes.configuration.properties).map((name) => config.inspect(name.replace('docsAssistant.', ''))),
    );
    const settingsFiles = [path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, '.vscode', 'settings.json')];
    assert.ok(process.env.DOCS_ASSISTANT_USER_SETTINGS, 'the runner says where the user settings are');
    settingsFiles.push(process.env.DOCS_ASSISTANT_USER_SETTINGS);
    for (const key of [emulator.config.adminKey, emulator.config.assistantKey]) {
      assert.ok(!everySettingValue.includes(key), 'no setting holds a key');
      for (const file of settingsFiles) assert.ok(!fs.readFileSync(file, 'utf8').includes(key), `${file} holds no key`);
    }
  });

  it("ignores the workspace's base URL: the user-level server gets the request, the workspace's gets nothing", async () => {
    await connectTo(emulator);
    emulator.reset();
    await vscode.commands.executeCommand('docsAssistant.checkConnection');
    assert.equal(emulator.requests.length, 2);
    assert.equal(decoy.requests.length, 0);
  });

  it('never sends a key stored for one origin to another', async () => {
    await connectTo(emulator);
    const other = await startEmulator();
    try {
      await setUserSetting('baseUrl', other.url);
      // Its port may be one an earlier test's emulator listened on: no key is left from it, and
      // what such a key may have sent before it went does not count.
      assert.equal(await vscode.commands.executeCommand('docsAssistant.clearKeys'), true);
      other.reset();
      const report = await vscode.commands.executeCommand<ConnectionReport>('docsAssistant.checkConnection');
      assert.equal(report.assistant.ok, false);
      assert.match(report.assistant.message, /assistant key is not set/);
      assert.match(report.agentJobs.message, /admin key is not set/);
      assert.equal(other.requests.length, 0, 'nothing was sent without the key for that origin');

      await setUserSetting('baseUrl', emulator.url);
      const back = await vscode.commands.executeCommand<ConnectionReport>('docsAssistant.checkConnection');
      assert.ok(back.assistant.ok && back.agentJobs.ok, 'the keys of the first origin are still there');
    } finally {
      await other.close();
    }
  });

  it('clears both keys for the current origin only', async () => {
    await connectTo(emulator);
    assert.equal(await vscode.commands.executeCommand('docsAssistant.clearKeys'), true);
    emulator.reset();
    const report = await vscode.commands.executeCommand<ConnectionReport>('docsAssistant.checkConnection');
    assert.match(report.assistant.message, /assistant key is not set/);
    assert.equal(emulator.requests.length, 0);
  });

  it('reports a bad base URL once, clearly, however often it is used', async () => {
    await setUserSetting('baseUrl', 'ftp://docs.example.com');
    for (let i = 0; i < 3; i++) {
      const report = await vscode.commands.executeCommand<ConnectionReport>('docsAssistant.checkConnection');
      assert.match(report.assistant.message, /base URL is not valid: it must start with https:\/\//);
    }
    const warnings = api.recentLog().filter((line) => line.startsWith('warn') && line.includes('ftp:'));
    assert.equal(warnings.length, 1, warnings.join('\n'));
    await setUserSetting('baseUrl', emulator.url);
  });

  it('logs each request at debug level and never a key', async () => {
    await connectTo(emulator);
    await vscode.commands.executeCommand('docsAssistant.checkConnection');
    const logged = (pattern: RegExp) => api.recentLog().some((line) => pattern.test(line));
    await until('the page request in the log', () => logged(/^debug POST \/discovery\/v1\/page\/acme-docs → 404 \(\d+ ms\)$/));
    await until('the job request in the log', () =>
      logged(/^debug GET \/v2\/agent\/proj_demo\/job\/docs-assistant-connection-check → 404/),
    );
    for (const line of api.recentLog()) {
      assert.ok(!line.includes(emulator.config.adminKey) && !line.includes(emulator.config.assistantKey), line);
    }
  });

  it('shows the log: the Docs Assistant output, with what it did', async () => {
    await vscode.commands.executeCommand('docsAssistant.showLog');
    const output = await until('the log in view', () =>
      vscode.window.visibleTextEditors.find(
        (editor) => editor.document.uri.scheme === 'output' && /Docs Assistant/.test(editor.document.uri.path),
      ),
    );
    await until('its lines', () => /Docs Assistant [\d.]+ loaded in Node\./.test(output.document.getText()));
    assert.ok(!output.document.getText().includes(emulator.config.assistantKey), 'never a key');
  });

  it('says the site’s MCP server needs VS Code 1.101 when it is turned on where VS Code has no MCP support, and nothing where it has', async () => {
    const surfaces = recordSurfaces();
    try {
      await setUserSetting('siteUrl', emulator.url);
      await setUserSetting('mcpServer.enabled', true);
      const hasMcp =
        typeof (vscode.lm as { registerMcpServerDefinitionProvider?: unknown }).registerMcpServerDefinitionProvider === 'function';
      const said = () => surfaces.shown.filter((shown) => /MCP server needs VS Code 1\.101 or later/.test(shown.text));
      if (hasMcp) assert.deepEqual(said(), [], 'nothing to say where VS Code registers it');
      else await until('the notice', () => said().length === 1 && said()[0].surface === 'showInformationMessage');
      assert.equal(surfaces.shown.filter((shown) => shown.surface === 'showErrorMessage').length, 0, 'nothing fails');
    } finally {
      surfaces.restore();
      await setUserSetting('mcpServer.enabled', undefined);
      await setUserSetting('siteUrl', undefined);
    }
  });
});
