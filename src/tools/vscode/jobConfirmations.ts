// What VS Code asks the user before an agent job tool sends anything: where it goes (the project, the
// repository and branch the attachments come from), what it costs, and the whole prompt. Every word
// from outside (a project id, a path, the prompt a model wrote) is inert: escaped, or in a fence
// nothing inside can close.

import * as vscode from 'vscode';
import { fenceFor } from '../../shared/codeFences';
import { number, plural } from '../../shared/language';
import { escapeMarkdown } from '../../util/inertText';

export interface JobConfirmation {
  /** The project, as `projectText` says it. */
  readonly project: string;
  /** The workspace's repository and branch the attachments come from, in words; undefined with no repository. */
  readonly from?: string;
  /** What was attached, in words. */
  readonly attached: string;
  readonly prompt: string;
}

/** The confirmation's Markdown: untrusted, no HTML, no icons. */
export function confirmationMarkdown(lines: readonly string[], prompt: string): vscode.MarkdownString {
  const fence = fenceFor(prompt);
  const markdown = new vscode.MarkdownString(`${lines.join('\n\n')}\n\n${fence}text\n${prompt}\n${fence}\n`);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  markdown.supportThemeIcons = false;
  return markdown;
}

/** The cost of anything sent to a job, in the words every confirmation shows. */
export function costLine(): string {
  return vscode.l10n.t(
    "Cost: an agent job spends your documentation platform's credits, and the platform starts at most 100 jobs and follow-ups per project an hour.",
  );
}

export function startConfirmation(confirmation: JobConfirmation): vscode.LanguageModelToolConfirmationMessages {
  const length = confirmation.prompt.length;
  return {
    title: vscode.l10n.t('Start an agent job?'),
    message: confirmationMarkdown(
      [
        escapeMarkdown(vscode.l10n.t('Project: {0}', confirmation.project)),
        escapeMarkdown(
          confirmation.from === undefined
            ? vscode.l10n.t('From: no repository of this workspace (nothing from git is attached)')
            : vscode.l10n.t('From: {0}', confirmation.from),
        ),
        escapeMarkdown(vscode.l10n.t('Attached: {0}', confirmation.attached)),
        escapeMarkdown(costLine()),
        escapeMarkdown(
          plural(
            length,
            vscode.l10n.t('The whole prompt ({0} character), as it will be sent:', number(length)),
            vscode.l10n.t('The whole prompt ({0} characters), as it will be sent:', number(length)),
          ),
        ),
      ],
      confirmation.prompt,
    ),
  };
}

export function followUpConfirmation(job: string, project: string, instruction: string): vscode.LanguageModelToolConfirmationMessages {
  return {
    title: vscode.l10n.t('Send a follow-up to agent job {0}?', job),
    message: confirmationMarkdown(
      [
        escapeMarkdown(vscode.l10n.t('Project: {0}', project)),
        escapeMarkdown(vscode.l10n.t('The job works again on this instruction, even if it had ended.')),
        escapeMarkdown(costLine()),
        escapeMarkdown(vscode.l10n.t('The whole instruction, as it will be sent:')),
      ],
      instruction,
    ),
  };
}
