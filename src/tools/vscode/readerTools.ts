// What readers could not find, and the agent's change as the site will show it, lent to VS Code's
// agents: docsAssistant_readReaderSignals reads the platform's analytics (with the admin key, a
// read-only one is enough); docsAssistant_previewBranch deploys a branch as a preview, after VS
// Code's confirmation (it uses the organization's quota of 5 a minute), and reads where it is.

import * as vscode from 'vscode';
import { previewBranch } from '../../agentJobs/vscode/previewCommands';
import type { Previews } from '../../agentJobs/previews';
import type { Logger } from '../../log/logger';
import { lastDays } from '../../platform/analytics';
import type { PlatformConnection } from '../../platform/connection';
import { loadSignals } from '../../readerSignals/signalsModel';
import type { SettingsService } from '../../settings/vscode/settingsService';
import type { SetupService } from '../../settings/vscode/setupService';
import { escapeMarkdown, quotedLine as quoted } from '../../util/inertText';
import { readPreviewInput, readSignalsInput } from '../toolInputs';
import { previewText, readerSignalsText } from '../readerSignalsText';
import { badInputText, failureText } from '../toolText';
import { adminKeyRun, runTool, textOf } from './toolRun';

export interface ReaderToolDeps {
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly previews: Previews;
  readonly log: Logger;
}

type Tool = vscode.LanguageModelTool<Record<string, unknown>>;

/** How long a call waits for a preview it started or reads to end, before it says where it is. */
const PREVIEW_WAIT_MS = 60_000;

export function readReaderSignalsTool(deps: ReaderToolDeps): Tool {
  return {
    prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Reading what readers could not find') }),
    invoke: ({ input }, token) =>
      runTool(adminKeyRun(deps, 'read the reader signals'), token, async (signal) => {
        const read = readSignalsInput(input);
        if (!read.ok) return badInputText(read.problem);
        const { kind, days, count } = read.value;
        const { projectId } = deps.settings.current;
        const { analytics } = deps.platform.current();
        const loaded = await loadSignals(
          {
            conversations: (range, cursor, abort) => analytics.conversations(projectId, range, cursor, { signal: abort }),
            searches: (range, cursor, abort) => analytics.searches(projectId, range, cursor, { signal: abort }),
            pagesByVotes: (range, limit, abort) => analytics.pagesByVotes(projectId, range, limit, { signal: abort }),
            feedback: (range, cursor, abort) => analytics.feedback(projectId, range, cursor, { signal: abort }),
          },
          kind,
          lastDays(days, Date.now()),
          count,
          signal,
        );
        if (!loaded.ok) return failureText('read the reader signals', loaded.error.message);
        return readerSignalsText(read.value, loaded.value.signals, loaded.value.more);
      }),
  };
}

export function previewBranchTool(deps: ReaderToolDeps): Tool {
  return {
    prepareInvocation: ({ input }) => {
      const read = readPreviewInput(input);
      const branch = quoted(textOf(input.branch), 80);
      // Reading a preview started before asks nothing; starting one uses the organization's quota.
      if (!read.ok || read.value.statusId !== undefined)
        return { invocationMessage: vscode.l10n.t('Reading the preview deployment of {0}', branch) };
      return {
        invocationMessage: vscode.l10n.t('Deploying a preview of {0}', branch),
        confirmationMessages: {
          title: vscode.l10n.t('Deploy a preview of {0}?', branch),
          message: new vscode.MarkdownString(
            escapeMarkdown(
              vscode.l10n.t(
                "The platform builds the branch as the site will show it, at an address of its own. It uses your organization's preview deployments: at most 5 a minute.",
              ),
            ),
          ),
        },
      };
    },
    invoke: ({ input }, token) =>
      runTool(adminKeyRun(deps, 'deploy the preview'), token, async (signal) => {
        const read = readPreviewInput(input);
        if (!read.ok) return badInputText(read.problem);
        const { branch, statusId } = read.value;
        const known = deps.previews.get(branch);
        const followed = known && known.kind !== 'starting' && 'triggered' in known ? known.triggered : undefined;
        if (statusId !== undefined && followed?.statusId !== statusId) {
          const status = await deps.platform.current().deployments.status(statusId, { signal });
          return status.ok ? previewText(branch, statusId, undefined, status.value) : failureText('read the preview', status.error.message);
        }
        if (statusId === undefined && !(await previewBranch(deps, branch))) {
          const state = deps.previews.get(branch);
          return failureText('deploy the preview', state?.kind === 'failed' ? state.error.message : 'The platform did not take it.');
        }
        const wait = AbortSignal.any([signal, AbortSignal.timeout(PREVIEW_WAIT_MS)]);
        const state = await deps.previews.settled(branch, wait);
        if (state?.kind === 'failed') return failureText('follow the preview', state.error.message);
        if (!state || state.kind === 'starting') return failureText('deploy the preview', 'It was not started.');
        return previewText(branch, state.triggered.statusId, state.triggered.previewUrl, state.deployment);
      }),
  };
}
