// The agent's change as the site will show it: Preview on the Site deploys a job's branch (or any
// branch, from the palette) as a preview, waiting out the platform's rate limit where the user sees
// it, and the job's row follows its status; Open Preview opens it in VS Code's Simple Browser beside
// the editor (the browser, where VS Code has none, as in the web), with the pages its commit changed
// to go to; a failed preview's summary and logs open as a read-only document. Only an http(s)
// address of the platform's is ever opened.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import { changedPages, type Deployment, openablePreviewUrl, previewPageUrl } from '../../platform/deployments';
import type { PlatformConnection } from '../../platform/connection';
import { withVisibleWaits } from '../../pages/vscode/visibleWaits';
import type { SettingsService } from '../../settings/vscode/settingsService';
import { showPlatformError } from '../../settings/vscode/setupMessages';
import { showMessage } from '../../ui/vscode/notifications';
import type { ReadOnlyTexts } from '../../ui/vscode/readOnlyTexts';
import { inertText, quotedLine } from '../../util/inertText';
import type { AgentJobsModel } from '../agentJobsModel';
import type { TrackedJob } from '../trackedJob';
import { hasBranch } from '../jobPresentation';
import type { Previews, PreviewState } from '../previews';
import { namedJob } from './jobArgument';

export interface PreviewDeps {
  readonly model: AgentJobsModel;
  readonly previews: Previews;
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly texts: ReadOnlyTexts;
  readonly previewBranchFile: BranchFileOpener;
}

/** Opens `file` of `job`'s branch in VS Code's Markdown preview, with the platform's components. */
export type BranchFileOpener = (job: TrackedJob, file: string) => Promise<void>;

export function registerPreviewCommands(context: vscode.ExtensionContext, deps: PreviewDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.previewOnSite, async (argument?: unknown) => {
      const branch = await branchOf(deps, argument);
      return branch === undefined ? undefined : previewBranch(deps, branch);
    }),
    vscode.commands.registerCommand(commands.openPreview, async (argument?: unknown) => {
      const branch = await branchOf(deps, argument, false);
      return branch === undefined ? false : openPreview(deps, branch, jobOf(deps, argument, branch));
    }),
    vscode.commands.registerCommand(commands.showPreviewLog, async (argument?: unknown) => {
      const branch = await branchOf(deps, argument, false);
      const state = branch === undefined ? undefined : deps.previews.get(branch);
      if (branch === undefined || !state || state.kind !== 'ended') return false;
      await deps.texts.show(vscode.l10n.t('Preview log - {0}', branch), logText(branch, state.deployment));
      return true;
    }),
    // Said once a preview ends, with what to do next.
    deps.previews.onDidChange((branch) => {
      const state = deps.previews.get(branch);
      if (state?.kind === 'ended') announce(branch, state.deployment);
      if (state?.kind === 'failed') showPlatformError(state.error);
    }),
  );
}

/**
 * Deploys a preview of `branch`; resolves to its statusId once the platform took it (the preview is
 * then followed), undefined when it did not.
 */
export async function previewBranch(
  deps: Pick<PreviewDeps, 'previews' | 'platform' | 'settings'>,
  branch: string,
): Promise<string | undefined> {
  const { projectId } = deps.settings.current;
  const title = vscode.l10n.t('Deploying a preview of {0}', quotedLine(branch, 80));
  const started = await deps.previews.start(branch, () =>
    withVisibleWaits(title, (options) => deps.platform.current().deployments.preview(projectId, branch, options)),
  );
  return started.ok ? started.value.statusId : undefined;
}

/** The branch a command is about: a job's (its row, its id), or one the user names. */
async function branchOf(deps: PreviewDeps, argument: unknown, ask = true): Promise<string | undefined> {
  if (typeof argument === 'object' && argument !== null && typeof (argument as { branch?: unknown }).branch === 'string')
    return (argument as { branch: string }).branch;
  const tracked = namedJob(deps.model, argument);
  if (tracked) {
    // A job named but not read yet has no branch yet either: said, never taken for "any branch".
    if (hasBranch(tracked.job)) return tracked.job.ref;
    showMessage('info', vscode.l10n.t('This agent job has no branch to preview yet.'));
    return undefined;
  }
  if (!ask || argument !== undefined) return undefined;
  const branch = await vscode.window.showInputBox({
    title: vscode.l10n.t('Docs Assistant: Preview on the Site'),
    prompt: vscode.l10n.t('The branch of your documentation repository to deploy as a preview.'),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Name a branch.') : undefined),
  });
  return branch?.trim() || undefined;
}

/** Says a preview ended: ready, with Open Preview, or failed, with its log. */
function announce(branch: string, deployment: Deployment): void {
  if (deployment.status === 'success')
    showMessage('info', vscode.l10n.t('The preview of {0} is ready.', quotedLine(branch, 80)), {
      title: vscode.l10n.t('Open Preview'),
      run: () => vscode.commands.executeCommand(commands.openPreview, { branch }),
    });
  else
    showMessage(
      'error',
      vscode.l10n.t('The preview of {0} failed: {1}', quotedLine(branch, 80), quotedLine(deployment.summary ?? '', 300)),
      { title: vscode.l10n.t('Show Log'), run: () => vscode.commands.executeCommand(commands.showPreviewLog, { branch }) },
    );
}

/**
 * Opens the preview of `branch` beside the editor, and offers the pages its commit changed: each
 * opens in the preview, or (for a job's branch, which the review can fetch) in VS Code's Markdown
 * preview with the platform's components.
 */
async function openPreview(deps: PreviewDeps, branch: string, job: TrackedJob | undefined): Promise<boolean> {
  const state = deps.previews.get(branch);
  const url = previewUrlOf(state);
  if (!url) {
    showMessage(
      'warning',
      vscode.l10n.t('The preview of {0} is not ready, or its address is not a web address to open.', quotedLine(branch, 80)),
    );
    return false;
  }
  await openInBrowser(url);
  const pages = state?.kind === 'ended' ? changedPages(state.deployment) : [];
  if (pages.length === 0) return true;
  const inMarkdown = { iconPath: new vscode.ThemeIcon('open-preview'), tooltip: vscode.l10n.t('Open in the Markdown Preview') };
  const picker = vscode.window.createQuickPick<vscode.QuickPickItem & { file: string }>();
  picker.title = vscode.l10n.t('The pages the agent changed: open one in the preview');
  picker.placeholder = job
    ? vscode.l10n.t('Enter opens it on the site; the button, in the Markdown preview. Escape keeps the preview as it is.')
    : vscode.l10n.t('Escape to keep the preview as it is');
  picker.items = pages.map((file) => ({ label: inertText(file), file, ...(job ? { buttons: [inMarkdown] } : {}) }));
  const chosen = await new Promise<{ file: string; where: 'site' | 'markdown' } | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0] && { file: picker.selectedItems[0].file, where: 'site' }));
    picker.onDidTriggerItemButton((event) => resolve({ file: event.item.file, where: 'markdown' }));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  });
  picker.dispose();
  const page = chosen?.where === 'site' ? previewPageUrl(url, chosen.file) : undefined;
  if (page) await openInBrowser(page);
  if (chosen?.where === 'markdown' && job) await deps.previewBranchFile(job, chosen.file);
  return true;
}

/** The tracked job a command is about: the one named, or else the one whose branch it is. */
function jobOf(deps: PreviewDeps, argument: unknown, branch: string): TrackedJob | undefined {
  return namedJob(deps.model, argument) ?? deps.model.jobs.find((tracked) => tracked.job?.ref === branch);
}

function previewUrlOf(state: PreviewState | undefined): string | undefined {
  return state?.kind === 'ended' && state.deployment.status === 'success' ? openablePreviewUrl(state.triggered.previewUrl) : undefined;
}

/** VS Code's Simple Browser beside the editor where it has one; the user's browser otherwise. */
async function openInBrowser(url: string): Promise<void> {
  const uri = vscode.Uri.parse(url, true);
  // Its command is registered only once the built-in extension is activated, which running it does:
  // so it is run, and only a VS Code without it (its command unknown) opens the browser instead.
  const opened = await vscode.commands
    .executeCommand('simpleBrowser.api.open', uri, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false })
    .then(
      () => true,
      () => false,
    );
  if (!opened) await vscode.env.openExternal(uri);
}

/** A failed (or any) preview's summary and logs, as the read-only document shows them. */
function logText(branch: string, deployment: Deployment): string {
  return [
    vscode.l10n.t('The preview of {0}: {1}', branch, deployment.rawStatus ?? deployment.status),
    ...(deployment.summary ? ['', deployment.summary] : []),
    '',
    vscode.l10n.t('Its log:'),
    ...deployment.logs.map((line) => `    ${line}`),
    '',
  ].join('\n');
}
