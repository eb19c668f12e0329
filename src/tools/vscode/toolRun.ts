// How every tool runs: its set-up checked first (what is missing said to the model, and to the user
// with the button that sets it, where the tool acts for them), cancellation passed on, and every
// outcome a text result, never a stack trace.

import * as vscode from 'vscode';
import type { Logger } from '../../log/logger';
import { agentJobsNeeds, type Need } from '../../settings/setupState';
import type { SetupService } from '../../settings/vscode/setupService';
import { showSetupNeed } from '../../settings/vscode/setupMessages';
import { failureText, setupNeededText } from '../toolText';

/** A tool's answer: one text part. */
export function toolResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** A field a model gave, as text to name in a message; '' when it is not text. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export interface ToolRun {
  readonly log: Logger;
  /** What the tool does, for the model's sentence when it fails ("search the documentation"). */
  readonly what: string;
  /** What is missing for it, looked up afresh; undefined when nothing is. */
  readonly needs: () => Promise<Need | undefined>;
  /** Whether the user is told of what is missing too (a notification with its button). */
  readonly tellUser?: boolean;
}

/**
 * A tool that acts with the admin key (agent jobs, reader signals, previews): what it needs is what
 * the Agent Jobs view needs, read afresh, and the user is told of it too.
 */
export function adminKeyRun(deps: { readonly log: Logger; readonly setup: SetupService }, what: string): ToolRun {
  return {
    log: deps.log,
    what,
    tellUser: true,
    needs: async () => {
      await deps.setup.refresh();
      return agentJobsNeeds(deps.setup.current);
    },
  };
}

/** Runs a tool: set-up checked first, cancellation passed on, every outcome a text result. */
export async function runTool(
  run: ToolRun,
  token: vscode.CancellationToken,
  act: (signal: AbortSignal) => Promise<string>,
): Promise<vscode.LanguageModelToolResult> {
  const controller = new AbortController();
  const cancel = token.onCancellationRequested(() => controller.abort());
  try {
    const needs = await run.needs();
    if (needs && run.tellUser) showSetupNeed(needs);
    return toolResult(needs ? setupNeededText(needs) : await act(controller.signal));
  } catch (error) {
    run.log.error(`The tool could not ${run.what}: ${error instanceof Error ? error.message : String(error)}`);
    return toolResult(failureText(run.what, 'Something went wrong; try again.'));
  } finally {
    cancel.dispose();
  }
}
