// Start Agent Job: an instruction, optionally with the selected code or the uncommitted changes
// attached; the whole prompt is shown for editing when something is attached, and nothing is sent
// until the user starts it. The new job joins the tree at once. Nothing typed is lost: a prompt
// the platform refuses stays in its editor.

import * as vscode from 'vscode';
import { commands } from '../identifiers';
import type { AgentJob } from '../platform/agentJob';
import { promptProblem } from '../platform/agentJob';
import { platformError, type PlatformError, type Result } from '../platform/errors';
import type { PlatformClients } from '../settings/platformClients';
import type { SetupService } from '../settings/setupService';
import { agentJobsNeeds } from '../settings/setupState';
import { editorSelection } from '../ui/editorSelection';
import { setStatusMessage, showMessage, showPlatformError, showSetupNeed, withProgress } from '../ui/messages';
import { selectionLabel } from '../chat/selectionContext';
import type { AgentJobsModel } from './agentJobsModel';
import type { AgentJobsTree } from './agentJobsTree';
import { repositoryChangesOf } from './gitChanges';
import { jobOfCommand } from './jobArgument';
import { canStartAgain, jobLabel, promptTitle } from './jobPresentation';
import { buildJobPrompt, type PromptParts } from './jobPrompt';
import type { PromptDrafts } from './promptDrafts';

export interface StartJobDeps {
  readonly model: AgentJobsModel;
  readonly tree: AgentJobsTree;
  readonly setup: SetupService;
  readonly clients: PlatformClients;
  readonly drafts: PromptDrafts;
}

export type Attachment = 'selection' | 'fileChanges' | 'repositoryChanges';

/** What a caller (a test, a script) may pass instead of answering the questions. */
export interface StartJobRequest {
  /** Sent as it is. */
  readonly prompt?: string;
  /** With `attach`: the draft is opened with these, without asking. */
  readonly instruction?: string;
  readonly attach?: readonly Attachment[];
}

interface Offer extends vscode.QuickPickItem {
  readonly attachment: Attachment;
}

export function registerStartAgentJob(context: vscode.ExtensionContext, deps: StartJobDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(commands.startAgentJob, (argument?: unknown) => startAgentJob(deps, argument)),
    vscode.commands.registerCommand(commands.startAgentJobAgain, (argument?: unknown) => startAgain(deps, argument)),
  );
}

/** A failed or archived job's prompt, as a new draft: edited, then started as a new job. Resolves to the draft. */
async function startAgain(deps: StartJobDeps, argument: unknown): Promise<vscode.Uri | undefined> {
  const tracked = await jobOfCommand(deps.model, argument, {
    title: 'Docs Assistant: Start Agent Job Again',
    placeHolder: 'The failed or archived job whose prompt to start again',
    applies: canStartAgain,
    none: 'No failed or archived agent job started here is tracked: only the prompt of a job started here is known.',
  });
  if (!tracked) return undefined;
  if (!canStartAgain(tracked) || tracked.prompt === undefined) {
    showMessage('info', `The prompt of agent job "${jobLabel(tracked)}" is not known here, or the job has not failed or been archived.`);
    return undefined;
  }
  const editor = await deps.drafts.open(tracked.prompt);
  setStatusMessage(`The prompt of "${jobLabel(tracked)}" is open: edit it, then start it as a new job.`, 5_000);
  return editor.document.uri;
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
  if (request?.prompt !== undefined) return send(deps, request.prompt, undefined);

  // From the editor's context menu the argument is its document; from elsewhere, the active editor.
  const editor =
    (argument instanceof vscode.Uri
      ? vscode.window.visibleTextEditors.find((visible) => visible.document.uri.toString() === argument.toString())
      : undefined) ?? vscode.window.activeTextEditor;
  const offers = await attachmentOffers(editor);
  let attach: readonly Attachment[];
  let instruction: string;
  if (request) {
    attach = (request.attach ?? []).filter((kind) => offers.some((offer) => offer.attachment === kind));
    instruction = request.instruction ?? '';
  } else {
    const picked = offers.length === 0 ? [] : await pickAttachments(offers);
    if (!picked) return undefined;
    const typed = await askInstruction(picked);
    if (typed === undefined) return undefined;
    attach = picked;
    instruction = typed;
  }
  const prompt = buildJobPrompt(await promptParts(instruction, attach, editor));
  if (attach.length === 0) return send(deps, prompt, undefined);
  await deps.drafts.open(prompt);
  return undefined;
}

/** What can be attached from `editor`: its selection, its file's changes, its repository's changes. */
async function attachmentOffers(editor: vscode.TextEditor | undefined): Promise<Offer[]> {
  const offers: Offer[] = [];
  const selection = editorSelection(editor);
  if (selection) offers.push({ attachment: 'selection', label: 'The selected code', description: selectionLabel(selection), picked: true });
  const uri = editor?.document.uri;
  const changes = uri?.scheme === 'file' ? await repositoryChangesOf(uri) : undefined;
  if (uri && changes) {
    const file = vscode.workspace.asRelativePath(uri, false);
    if (changes.files.includes(file))
      offers.push({ attachment: 'fileChanges', label: 'The uncommitted changes of this file', description: file });
    if (changes.files.length > 0) {
      offers.push({
        attachment: 'repositoryChanges',
        label: 'All uncommitted changes',
        description: `${changes.files.length} file${changes.files.length === 1 ? '' : 's'} in ${changes.name}`,
      });
    }
  }
  return offers;
}

async function pickAttachments(offers: Offer[]): Promise<Attachment[] | undefined> {
  const picked = await vscode.window.showQuickPick(offers, {
    title: 'Docs Assistant: Start Agent Job (1 of 2)',
    placeHolder: 'Attach to the prompt (you see and edit the whole prompt before it is sent)',
    canPickMany: true,
    ignoreFocusOut: true,
  });
  return picked?.map((offer) => offer.attachment);
}

function askInstruction(attach: readonly Attachment[]): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: `Docs Assistant: Start Agent Job${attach.length > 0 ? ' (2 of 2)' : ''}`,
    prompt:
      attach.length > 0
        ? 'What should the agent change in the documentation? The prompt opens in an editor next, to read and edit before it is sent.'
        : 'What should the agent change in the documentation? It is sent when you press Enter.',
    placeHolder: 'Document the new retry option in the configuration guide',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Say what the agent should change.' : undefined),
  });
}

async function promptParts(
  instruction: string,
  attach: readonly Attachment[],
  editor: vscode.TextEditor | undefined,
): Promise<PromptParts> {
  const selection = attach.includes('selection') ? editorSelection(editor) : undefined;
  const uri = editor?.document.uri;
  const changes =
    uri && (attach.includes('fileChanges') || attach.includes('repositoryChanges')) ? await repositoryChangesOf(uri) : undefined;
  const whole = attach.includes('repositoryChanges');
  return {
    instruction,
    ...(selection
      ? {
          selection: {
            path: selection.source.kind === 'file' ? selection.source.path : selection.source.pagePath,
            startLine: selection.startLine,
            endLine: selection.endLine,
            text: selection.text,
            language: selection.language,
          },
        }
      : {}),
    ...(changes && uri
      ? {
          changes: whole
            ? { scope: 'repository', label: changes.name, diff: await changes.diffOfRepository() }
            : { scope: 'file', label: vscode.workspace.asRelativePath(uri, false), diff: await changes.diffOfFile(uri) },
        }
      : {}),
  };
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
  const scope = deps.model.scope;
  const client = deps.clients.current();
  let result: Result<AgentJob>;
  if (!scope || client.origin !== scope.origin) {
    result = {
      ok: false,
      error: platformError('notConfigured', 'Set the base URL and the project id to start agent jobs.', { setting: 'projectId' }),
    };
  } else {
    // Not cancellable: once sent, a job may start whatever the client does.
    result = await withProgress({ location: vscode.ProgressLocation.Notification, title: 'Starting an agent job…' }, () =>
      client.createAgentJob(scope.projectId, prompt),
    );
  }
  if (!result.ok) {
    await keep();
    showPlatformError(explained(result.error));
    return undefined;
  }
  const job = result.value;
  if (!deps.model.trackStarted(job, prompt)) {
    await keep();
    const clash = `The platform answered with agent job "${job.id}", which is already tracked: a new job cannot have its id, so the answer was not used.`;
    showPlatformError(explained(platformError('badResponse', clash)));
    return undefined;
  }
  deps.tree.reveal(job.id);
  if (draft) await deps.drafts.discard(draft);
  setStatusMessage(`Agent job started: ${promptTitle(prompt) ?? job.id}.`, 5_000);
  return job.id;
}

/** The error, with what it means for a job that may or may not have started, and where the prompt is. */
function explained(error: PlatformError): PlatformError {
  const kept = ' The prompt is kept in its editor.';
  if (error.kind === 'rateLimited') {
    return { ...error, message: `${error.message} The platform starts at most 100 agent jobs and follow-ups per project an hour.${kept}` };
  }
  if ((error.kind === 'network' || error.kind === 'timeout') && !error.unsent) {
    return {
      ...error,
      message: `${error.message} The job may have started anyway: check the agent jobs on your dashboard before starting it again.${kept}`,
    };
  }
  return { ...error, message: `${error.message}${kept}` };
}

function isRequest(value: unknown): value is StartJobRequest {
  if (typeof value !== 'object' || value === null || value instanceof vscode.Uri) return false;
  const request = value as Record<string, unknown>;
  return typeof request.prompt === 'string' || typeof request.instruction === 'string' || Array.isArray(request.attach);
}
