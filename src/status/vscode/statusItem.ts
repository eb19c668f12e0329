// The status bar item: shown only while statusSummary has something to say (a key missing or
// refused, the network failing, agent jobs running), and never when the user turned it off.

import * as vscode from 'vscode';
import type { AgentJobsModel } from '../../agentJobs/agentJobsModel';
import { commands, statusBarItems, views } from '../../identifiers';
import type { ConnectionHealth } from '../../platform/connectionHealth';
import type { SettingsService } from '../../settings/vscode/settingsService';
import type { SetupService } from '../../settings/vscode/setupService';
import { type StatusAction, statusSummary } from '../statusSummary';

export interface StatusItemDeps {
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly health: ConnectionHealth;
  readonly jobs: AgentJobsModel;
}

const actions: Record<StatusAction, string> = {
  setAssistantKey: commands.setAssistantKey,
  setAdminKey: commands.setAdminKey,
  checkConnection: commands.checkConnection,
  // VS Code's own command for each view: it shows the view and focuses it.
  showAgentJobs: `${views.agentJobs}.focus`,
};

/** The item as VS Code was last given it. */
export interface ShownStatusItem {
  readonly visible: boolean;
  readonly text: string;
  readonly tooltip: string;
  readonly command?: string;
}

/** Registers the item; returns what it shows now (for tests: the status bar is VS Code's to draw). */
export function registerStatusItem(
  context: vscode.ExtensionContext,
  { settings, setup, health, jobs }: StatusItemDeps,
): () => ShownStatusItem {
  const item = vscode.window.createStatusBarItem(statusBarItems.status, vscode.StatusBarAlignment.Left, 0);
  item.name = vscode.l10n.t('Docs Assistant');
  let visible = false;
  const update = () => {
    const summary = settings.current.statusBarEnabled
      ? statusSummary({ setup: setup.current, health: health.current, activeJobs: jobs.activeCount })
      : undefined;
    visible = summary !== undefined;
    if (!summary) return item.hide();
    item.text = summary.text;
    item.tooltip = summary.sentence;
    item.accessibilityInformation = { label: summary.sentence, role: 'button' };
    item.command = { command: actions[summary.action], title: summary.sentence };
    item.backgroundColor =
      summary.tone === 'busy'
        ? undefined
        : new vscode.ThemeColor(summary.tone === 'error' ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground');
    item.show();
  };
  context.subscriptions.push(
    item,
    settings.onDidChange(update),
    setup.onDidChange(update),
    health.onDidChange(update),
    jobs.onDidChange(update),
  );
  update();
  return () => ({
    visible,
    text: item.text,
    tooltip: typeof item.tooltip === 'string' ? item.tooltip : '',
    ...(item.command && typeof item.command !== 'string' ? { command: item.command.command } : {}),
  });
}
