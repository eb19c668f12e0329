// Reads the settings, tells listeners when they change, and reports a bad value once, when it
// appears, rather than on every call that would trip over it.

import * as vscode from 'vscode';
import type { Logger } from '../../log/logger';
import { showMessage } from '../../ui/vscode/notifications';
import { setupButton } from './setupMessages';
import { Disposable } from '../../util/disposable';
import { type DocsSettings, readSettings, type ReadSettings, SECTION, settingNames } from '../settingsModel';

export class SettingsService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<DocsSettings>());
  readonly onDidChange = this.changed.event;
  private value: ReadSettings;
  private reported = new Set<string>();

  constructor(private readonly log: Logger) {
    super();
    this.value = read();
    this.report();
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(SECTION)) return;
        this.value = read();
        this.report();
        this.changed.fire(this.value.settings);
      }),
    );
  }

  get current(): DocsSettings {
    return this.value.settings;
  }

  /**
   * Whether the value of `key` in force is the workspace's (its .vscode/settings.json, or a folder's
   * settings) rather than the user's: a repository someone opened chose it. Never so in a restricted
   * workspace, where VS Code ignores the workspace's values.
   */
  fromWorkspace(key: 'domain' | 'projectId'): boolean {
    if (!vscode.workspace.isTrusted) return false;
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(settingNames[key]);
    const value = inspected?.workspaceFolderValue ?? inspected?.workspaceValue;
    return typeof value === 'string' && value.trim() !== '' && value.trim() === this.current[key];
  }

  /**
   * The user's own value of `key`, whatever a workspace sets: what Configure offers to keep, so
   * that a repository's value is never copied into the user's settings without being typed.
   */
  userValue(key: 'domain' | 'projectId'): string {
    const value = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(settingNames[key])?.globalValue;
    return typeof value === 'string' ? value.trim() : '';
  }

  /** Writes user settings (the only place the base URL may come from). */
  async updateUserSettings(values: Partial<Pick<DocsSettings, 'baseUrl' | 'domain' | 'projectId'>>): Promise<void> {
    const config = vscode.workspace.getConfiguration(SECTION);
    for (const [key, value] of Object.entries(values) as [keyof typeof settingNames, string][]) {
      await config.update(settingNames[key], value, vscode.ConfigurationTarget.Global);
    }
  }

  private report(): void {
    const current = new Set<string>();
    for (const problem of this.value.problems) {
      current.add(problem.message);
      if (this.reported.has(problem.message)) continue;
      this.log.warn(problem.message);
      // A workspace's settings file may hold anything: the message quotes it, inert.
      showMessage('warning', problem.message, setupButton('openSettings', problem.setting));
    }
    // A problem fixed and later made again is reported again.
    this.reported = current;
  }
}

function read(): ReadSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return readSettings((name) => {
    if (name !== settingNames.baseUrl) return config.get(name);
    // The base URL decides where keys go: only the user's own value counts, never a workspace's,
    // whatever the manifest's scope says.
    const inspected = config.inspect<string>(name);
    return inspected?.globalValue ?? inspected?.defaultValue;
  });
}
