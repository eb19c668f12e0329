// Agent jobs as tools: a model proposes a job (its instruction, and what to attach from the editor,
// as Start Agent Job attaches it) or a follow-up; Docs Assistant asks the user, every time, with the
// project, where the attachments come from, what may hold secrets, the cost and the whole prompt
// (jobQuestion.ts), and sends what that question showed to the project it named, or nothing; the job
// is tracked in the Agent Jobs view at once. A third tool reads a tracked job. Without an admin key,
// each says so to the model, and the user gets Set Admin Key.

import * as vscode from 'vscode';
import { promptProblem } from '../../platform/agentJob';
import type { SetupService } from '../../settings/vscode/setupService';
import type { PlatformConnection } from '../../platform/connection';
import type { Logger } from '../../log/logger';
import { firstAndMore } from '../../shared/counting';
import { quotedLine as quoted } from '../../util/inertText';
import type { Attachment } from '../../agentJobs/attachmentOffers';
import { jobLabel } from '../../agentJobs/jobPresentation';
import { projectText } from '../../agentJobs/vscode/jobProject';
import { draftJobPrompt, editorAttachments, type EditorAttachments } from '../../agentJobs/vscode/jobPromptDraft';
import { type JobSendDeps, sendFollowUp, startJob } from '../../agentJobs/vscode/jobSends';
import { readFollowUpInput, readJobInput, readStartJobInput } from '../toolInputs';
import { badInputText, failureText } from '../toolText';
import { declinedText, followUpSentText, jobStartedText, jobStateText, notSentText, notTrackedText } from '../jobToolText';
import { followUpQuestion, type JobQuestion, startQuestion } from '../jobQuestion';
import { askBeside, askModal } from '../../ui/vscode/notifications';
import type { ReadOnlyTexts } from '../../ui/vscode/readOnlyTexts';
import { adminKeyRun, runTool, textOf } from './toolRun';

export interface AgentJobToolDeps extends JobSendDeps {
  readonly setup: SetupService;
  readonly platform: PlatformConnection;
  readonly log: Logger;
  readonly texts: ReadOnlyTexts;
}

type Tool = vscode.LanguageModelTool<Record<string, unknown>>;

/**
 * Asks the user in a modal dialog, which nothing can approve in advance; a prompt too long for it is
 * opened whole in a read-only editor first, and asked about in a notification beside it. A call
 * stopped meanwhile (the chat's Stop) sends nothing, whatever the answer.
 */
async function askJobQuestion(question: JobQuestion, token: vscode.CancellationToken, texts: ReadOnlyTexts): Promise<boolean> {
  if (token.isCancellationRequested) return false;
  const { inEditor } = question;
  const agreed = await askModal(question.message, question.detail, inEditor?.read ?? question.send);
  if (!agreed || token.isCancellationRequested) return false;
  if (!inEditor) return true;
  await texts.show(inEditor.title, inEditor.text, { beside: true, unique: true });
  return askBeside(inEditor.question, question.send, token);
}

/** What is attached, in the user's words, for the question. */
function attachedWords(attached: readonly Attachment[], from: EditorAttachments): string {
  const words = attached.map((kind) => {
    switch (kind) {
      case 'selection':
        return vscode.l10n.t('the selected code ({0})', from.facts.selection ?? '');
      case 'fileChanges':
        return vscode.l10n.t('the uncommitted changes of {0}', from.facts.file?.path ?? '');
      case 'repositoryChanges':
        return vscode.l10n.t('the uncommitted changes of the repository {0}', from.facts.repository?.name ?? '');
    }
  });
  return words.length === 0
    ? vscode.l10n.t({ message: 'nothing', comment: ['What is attached to a prompt: nothing.'] })
    : firstAndMore(words, 3);
}

export function startAgentJobTool(deps: AgentJobToolDeps): Tool {
  return {
    // VS Code's own confirmation is not asked for: it can be approved in advance. The question is asked in invoke.
    prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Starting an agent job') }),
    invoke: ({ input }, token) =>
      runTool(adminKeyRun(deps, 'start the agent job'), token, async () => {
        const read = readStartJobInput(input);
        if (!read.ok) return badInputText(read.problem);
        const project = deps.projects.current;
        if (!project) return failureText('start the agent job', vscode.l10n.t('Set the base URL and the project id to start agent jobs.'));
        // Drafted now, from the editor as it is: what the question shows is what is sent, and nothing of an earlier call is.
        const from = await editorAttachments();
        const draft = await draftJobPrompt(read.value.instruction, read.value.attach, from);
        const problem = promptProblem(draft.prompt);
        if (problem) return failureText('start the agent job', problem);
        const repository = from.changes;
        const asked = startQuestion({
          project: projectText(project),
          ...(repository
            ? {
                from: repository.branch
                  ? vscode.l10n.t('the repository {0}, on the branch {1}', repository.name, repository.branch)
                  : vscode.l10n.t('the repository {0}', repository.name),
              }
            : {}),
          attached: attachedWords(draft.attached, from),
          secrets: draft.notes.secrets ?? [],
          invisible: read.value.invisible,
          prompt: draft.prompt,
        });
        if (!(await askJobQuestion(asked, token, deps.texts))) return declinedText('start the agent job');
        const started = await startJob(deps, draft.prompt, { named: project });
        if (!started.ok) return started.error ? notSentText('start the agent job', started.error) : declinedText('start the agent job');
        return jobStartedText(started.value, `${project.projectId} at ${project.origin}`);
      }),
  };
}

export function readAgentJobTool(deps: AgentJobToolDeps): Tool {
  return {
    prepareInvocation: ({ input }) => ({
      invocationMessage: vscode.l10n.t('Reading agent job {0}', quoted(textOf(input.id), 80)),
    }),
    invoke: ({ input }, token) =>
      runTool(adminKeyRun(deps, 'read the agent job'), token, async (signal) => {
        const read = readJobInput(input);
        if (!read.ok) return badInputText(read.problem);
        const { id } = read.value;
        const tracked = deps.model.get(id);
        const scope = deps.model.scope;
        if (!tracked || !scope) return notTrackedText(id);
        // Read now, as the model asks: the view shows the same at once.
        const client = deps.platform.forOrigin(scope.origin);
        const fresh = client.ok ? await client.value.agentJobs.read(scope.projectId, id, { signal }) : client;
        if (fresh.ok) deps.model.update(id, fresh.value);
        const now = deps.model.get(id) ?? tracked;
        return fresh.ok ? jobStateText(now) : `${jobStateText(now)}\n${failureText('read it again now', fresh.error.message)}`;
      }),
  };
}

export function followUpAgentJobTool(deps: AgentJobToolDeps): Tool {
  return {
    prepareInvocation: ({ input }) => ({
      invocationMessage: vscode.l10n.t('Sending a follow-up to agent job {0}', quoted(textOf(input.id), 80)),
    }),
    invoke: ({ input }, token) =>
      runTool(adminKeyRun(deps, 'send the follow-up'), token, async () => {
        const read = readFollowUpInput(input);
        if (!read.ok) return badInputText(read.problem);
        const { id, instruction, invisible } = read.value;
        const tracked = deps.model.get(id);
        if (!tracked) return notTrackedText(id);
        const project = deps.projects.current;
        if (!project) return failureText('send the follow-up', vscode.l10n.t('Set the base URL and the project id to send follow-ups.'));
        const problem = promptProblem(instruction);
        if (problem) return failureText('send the follow-up', problem);
        const asked = followUpQuestion({ job: quoted(jobLabel(tracked), 80), project: projectText(project), invisible, instruction });
        if (!(await askJobQuestion(asked, token, deps.texts))) return declinedText('send the follow-up');
        const sent = await sendFollowUp(deps, id, instruction, { named: project });
        if (!sent.ok) return sent.error ? notSentText('send the follow-up', sent.error) : declinedText('send the follow-up');
        return followUpSentText(sent.value);
      }),
  };
}
