// Start Agent Job: an instruction, optionally with the selected code or the uncommitted changes
// attached. The whole prompt opens in an editor, to read and edit, and nothing is sent until the
// user starts it there; a prompt given as a command's argument opens the same way. The new job
// joins the tree at once. Nothing typed is lost: a prompt the platform refuses stays in its editor.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import { formatKilobytes, promptProblem } from '../../platform/agentJob';
import type { PlatformConnection } from '../../platform/connection';
import type { SetupService } from '../../settings/vscode/setupService';
import { agentJobsNeeds } from '../../settings/setupState';
import { askModal, setStatusMessage, showMessage, withProgress } from '../../ui/vscode/notifications';
import { showPlatformError, showSetupNeed } from '../../settings/vscode/setupMessages';
import { inertText } from '../../util/inertText';
import { utf8Bytes } from '../../util/utf8';
import type { AgentJobsModel } from '../agentJobsModel';
import type { AgentJobsTree } from './agentJobsTree';
import { type Attachment, attachmentOffers, type Offer } from '../attachmentOffers';
import { draftJobPrompt, editorAttachments } from './jobPromptDraft';
import { jobOfCommand } from './jobArgument';
import { startJob } from './jobSends';
import { canStartAgain, jobLabel, promptTitle } from '../jobPresentation';
import { type JobProjects, projectText } from './jobProject';
import type { PromptDrafts } from './promptDrafts';
import { explained } from './jobStartFailures';

export type { Attachment } from '../attachmentOffers';

export interface StartJobDeps {
  readonly model: AgentJobsModel;
  readonly tree: AgentJobsTree;
  readonly setup: SetupService;
  readonly platform: PlatformConnection;
  readonly drafts: PromptDrafts;
  readonly projects: JobProjects;
}

/** What a caller (a test, a script) may pass instead of answering the questions: it fills the draft, never sends. */
export interface StartJobRequest {
  /** The draft's text, as it is. */
  readonly prompt?: string;
  /** With `attach`: the draft is made of these, without asking. */
  readonly instruction?: string;
  readonly attach?: readonly Attachment[];
}

export function registerStartAgentJob(context: vscode.ExtensionContext, deps: StartJobDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.startAgentJob, (argument?: unknown) => startAgentJob(deps, argument)),
    vscode.commands.registerCommand(commands.startAgentJobAgain, (argument?: unknown) => startAgain(deps, argument)),
  );
}

/** Resolves to the new job's id; undefined when no job was started (yet: a draft may be open). */
async function startAgentJob(deps: StartJobDeps, argument: unknown): Promise<string | undefined> {
  // From a draft's title bar, its CodeLens or the status bar: start that draft.
  if (argument instanceof vscode.Uri && deps.drafts.has(argument)) {
    const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === argument.toString());
    return document ? send(deps, document.getText(), document) : undefined;
  }
  await deps.setup.refresh();
  const needs = agentJobsNeeds(deps.setup.current);
  if (needs) {
    showSetupNeed(needs);
    return undefined;
  }
  const request = isRequest(argument) ? argument : undefined;
  // A prompt from elsewhere (another extension, a link) is only ever a draft: the user sends it.
  if (request?.prompt !== undefined) {
    await deps.drafts.open(request.prompt, { fromArgument: true });
    return undefined;
  }
  // From the editor's context menu the argument is its document; from elsewhere, the active editor.
  const editor =
    (argument instanceof vscode.Uri
      ? vscode.window.visibleTextEditors.find((visible) => visible.document.uri.toString() === argument.toString())
      : undefined) ?? vscode.window.activeTextEditor;
  const available = await editorAttachments(editor);
  const offers = attachmentOffers(available.facts);
  let attach: readonly Attachment[];
  let instruction: string;
  if (request) {
    attach = request.attach ?? [];
    instruction = request.instruction ?? '';
  } else {
    const picked = offers.length === 0 ? [] : await pickAttachments(deps, offers);
    if (!picked) return undefined;
    const typed = await askInstruction(deps, picked);
    if (typed === undefined) return undefined;
    attach = picked;
    instruction = typed;
  }
  const { prompt, notes } = await draftJobPrompt(instruction, attach, available);
  // Typed into the box with nothing attached, the instruction is the whole prompt, and Enter sent it.
  if (attach.length === 0 && !request) return send(deps, prompt, undefined);
  await deps.drafts.open(prompt, { ...notes, ...(request ? { fromArgument: true } : {}) });
  return undefined;
}

/** A failed or archived job's prompt, as a new draft: edited, then started as a new job. Resolves to the draft. */
async function startAgain(deps: StartJobDeps, argument: unknown): Promise<vscode.Uri | undefined> {
  const tracked = await jobOfCommand(deps.model, argument, {
    title: vscode.l10n.t('Docs Assistant: Start Agent Job Again'),
    placeHolder: vscode.l10n.t('The failed or archived job whose prompt to start again'),
    applies: canStartAgain,
    none: vscode.l10n.t('No failed or archived agent job started here is tracked: only the prompt of a job started here is known.'),
  });
  if (!tracked) return undefined;
  if (!canStartAgain(tracked)) {
    showMessage(
      'info',
      vscode.l10n.t('The prompt of agent job "{0}" is not known here, or the job has not failed or been archived.', jobLabel(tracked)),
    );
    return undefined;
  }
  const editor = await deps.drafts.open(tracked.prompt);
  setStatusMessage(vscode.l10n.t('The prompt of "{0}" is open: edit it, then start it as a new job.', jobLabel(tracked)), 5_000);
  return editor.document.uri;
}

async function pickAttachments(deps: StartJobDeps, offers: Offer[]): Promise<Attachment[] | undefined> {
  const picked = await vscode.window.showQuickPick(
    offers.map((offer) => ({ ...offer, picked: offer.picked ?? false })),
    {
      title: vscode.l10n.t('Docs Assistant: Start Agent Job (1 of 2) · {0}', destination(deps)),
      placeHolder: vscode.l10n.t('Attach to the prompt (you see and edit the whole prompt before it is sent)'),
      canPickMany: true,
      ignoreFocusOut: true,
    },
  );
  return picked?.map((offer) => offer.attachment);
}

function askInstruction(deps: StartJobDeps, attach: readonly Attachment[]): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title:
      attach.length > 0
        ? vscode.l10n.t('Docs Assistant: Start Agent Job (2 of 2) · {0}', destination(deps))
        : vscode.l10n.t('Docs Assistant: Start Agent Job · {0}', destination(deps)),
    prompt:
      attach.length > 0
        ? vscode.l10n.t(
            'What should the agent change in the documentation? The prompt opens in an editor next, to read and edit before it is sent.',
          )
        : vscode.l10n.t('What should the agent change in the documentation? It is sent when you press Enter.'),
    placeHolder: vscode.l10n.t('Document the new retry option in the configuration guide'),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Say what the agent should change.') : undefined),
  });
}

/** The project, as a title shows it after a separator: the workspace's choice said as such. */
function destination(deps: StartJobDeps): string {
  const project = deps.projects.current;
  // A title draws `$(icons)`, and a workspace's project id could hold one.
  return project ? inertText(projectText(project)) : vscode.l10n.t('no project yet');
}

/** Sends the prompt; on success tracks the job and closes its draft, otherwise keeps the prompt in a draft. */
async function send(deps: StartJobDeps, prompt: string, draft: vscode.TextDocument | undefined): Promise<string | undefined> {
  const keep = async () => {
    if (!draft) await deps.drafts.open(prompt);
  };
  const problem = promptProblem(prompt);
  if (problem) {
    showMessage('error', problem);
    await keep();
    return undefined;
  }
  // A draft a command put in the editor, not the user: whoever runs the command could also try to
  // start it, so the user says so first.
  if (draft && deps.drafts.notesOf(draft.uri)?.fromArgument) {
    const project = deps.projects.current;
    const size = formatKilobytes(utf8Bytes(prompt));
    const warning = vscode.l10n.t(
      'The prompt was put in the editor by a command (another extension, or a link), not written with Start Agent Job: read it, and what it carries, before it is sent.',
    );
    const agreed = await askModal(
      vscode.l10n.t('Start an agent job with the prompt in this editor ({0})?', size),
      project ? `${vscode.l10n.t('Destination: {0}', projectText(project))}\n\n${warning}` : warning,
      vscode.l10n.t('Start Agent Job'),
    );
    if (!agreed) return undefined;
  }
  const fixes = draft ? deps.drafts.notesOf(draft.uri)?.fixes : undefined;
  const result = await startJob(deps, prompt, {
    progress: (call) =>
      withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting an agent job…') }, call),
    ...(fixes ? { fixes } : {}),
  });
  if (!result.ok && !result.error) {
    await keep();
    setStatusMessage(vscode.l10n.t('The prompt was not sent; it is kept in its editor.'));
    return undefined;
  }
  if (!result.ok) {
    await keep();
    showPlatformError(explained(result.error));
    return undefined;
  }
  const job = result.value;
  if (draft) await deps.drafts.discard(draft);
  setStatusMessage(vscode.l10n.t('Agent job started: {0}.', promptTitle(prompt) ?? job.id), 5_000);
  return job.id;
}

function isRequest(value: unknown): value is StartJobRequest {
  if (typeof value !== 'object' || value === null || value instanceof vscode.Uri) return false;
  const request = value as Record<string, unknown>;
  return typeof request.prompt === 'string' || typeof request.instruction === 'string' || Array.isArray(request.attach);
}
