// Agent jobs as tools: a model proposes a job (its instruction, and what to attach from the editor,
// as Start Agent Job attaches it) or a follow-up, VS Code asks the user with the project, where the
// attachments come from, the cost and the whole prompt, and only then is it sent; the job is tracked
// in the Agent Jobs view at once. A third tool reads a tracked job. Without an admin key, each says
// so to the model, and the user gets Set Admin Key.

import * as vscode from 'vscode';
import { promptProblem } from '../../platform/agentJob';
import { agentJobsNeeds } from '../../settings/setupState';
import type { SetupService } from '../../settings/vscode/setupService';
import type { PlatformConnection } from '../../platform/connection';
import type { Logger } from '../../log/logger';
import { firstAndMore } from '../../shared/counting';
import { inertText, quotedLine as quoted } from '../../util/inertText';
import type { Attachment } from '../../agentJobs/attachmentOffers';
import { jobLabel } from '../../agentJobs/jobPresentation';
import { projectText } from '../../agentJobs/vscode/jobProject';
import { draftJobPrompt, editorAttachments, type EditorAttachments } from '../../agentJobs/vscode/jobPromptDraft';
import { type JobSendDeps, sendFollowUp, startJob } from '../../agentJobs/vscode/jobSends';
import { readFollowUpInput, readJobInput, readStartJobInput } from '../toolInputs';
import { badInputText, failureText } from '../toolText';
import { declinedText, followUpSentText, jobStartedText, jobStateText, notSentText, notTrackedText } from '../jobToolText';
import { followUpConfirmation, startConfirmation } from './jobConfirmations';
import { runTool, textOf, type ToolRun } from './toolRun';

export interface AgentJobToolDeps extends JobSendDeps {
  readonly setup: SetupService;
  readonly platform: PlatformConnection;
  readonly log: Logger;
}

type Tool = vscode.LanguageModelTool<Record<string, unknown>>;

/** Prompts shown to the user, kept until the call they were shown for runs: what was confirmed is what is sent. */
const MAX_PREPARED = 10;

function jobRun(deps: AgentJobToolDeps, what: string): ToolRun {
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

/** What is attached, in the user's words, for the confirmation. */
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
  const prepared = new Map<string, string>();
  return {
    prepareInvocation: async ({ input }) => {
      const invocationMessage = vscode.l10n.t('Starting an agent job');
      const read = readStartJobInput(input);
      const project = deps.projects.current;
      await deps.setup.refresh();
      // Nothing will be sent: the call answers why, and asks the user nothing.
      if (!read.ok || !project || agentJobsNeeds(deps.setup.current)) return { invocationMessage };
      const from = await editorAttachments();
      const draft = await draftJobPrompt(read.value.instruction, read.value.attach, from);
      if (promptProblem(draft.prompt)) return { invocationMessage };
      prepared.set(JSON.stringify(input), draft.prompt);
      for (const oldest of prepared.keys()) if (prepared.size > MAX_PREPARED) prepared.delete(oldest);
      const repository = from.changes;
      return {
        invocationMessage,
        confirmationMessages: startConfirmation({
          project: projectText(project),
          ...(repository
            ? {
                from: repository.branch
                  ? vscode.l10n.t('the repository {0}, on the branch {1}', repository.name, repository.branch)
                  : vscode.l10n.t('the repository {0}', repository.name),
              }
            : {}),
          attached: attachedWords(draft.attached, from),
          prompt: draft.prompt,
        }),
      };
    },
    invoke: ({ input }, token) =>
      runTool(jobRun(deps, 'start the agent job'), token, async () => {
        const read = readStartJobInput(input);
        if (!read.ok) return badInputText(read.problem);
        const key = JSON.stringify(input);
        const prompt = prepared.get(key);
        prepared.delete(key);
        if (prompt === undefined) {
          const from = await editorAttachments();
          const problem = promptProblem((await draftJobPrompt(read.value.instruction, read.value.attach, from)).prompt);
          return failureText(
            'start the agent job',
            problem ?? 'The prompt was not shown to the user before it was to be sent, so it was not sent.',
          );
        }
        const project = deps.projects.current;
        const started = await startJob(deps, prompt);
        if (!started.ok) return started.error ? notSentText('start the agent job', started.error) : declinedText('start the agent job');
        return jobStartedText(started.value, project ? `${project.projectId} at ${project.origin}` : '');
      }),
  };
}

export function readAgentJobTool(deps: AgentJobToolDeps): Tool {
  return {
    prepareInvocation: ({ input }) => ({
      invocationMessage: vscode.l10n.t('Reading agent job {0}', quoted(textOf(input.id), 80)),
    }),
    invoke: ({ input }, token) =>
      runTool(jobRun(deps, 'read the agent job'), token, async (signal) => {
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
    prepareInvocation: async ({ input }) => {
      const read = readFollowUpInput(input);
      const tracked = read.ok ? deps.model.get(read.value.id) : undefined;
      const project = deps.projects.current;
      const invocationMessage = vscode.l10n.t('Sending a follow-up to agent job {0}', quoted(textOf(input.id), 80));
      await deps.setup.refresh();
      if (!read.ok || !tracked || !project || agentJobsNeeds(deps.setup.current) || promptProblem(read.value.instruction))
        return { invocationMessage };
      return {
        invocationMessage,
        confirmationMessages: followUpConfirmation(inertText(jobLabel(tracked)), projectText(project), read.value.instruction),
      };
    },
    invoke: ({ input }, token) =>
      runTool(jobRun(deps, 'send the follow-up'), token, async () => {
        const read = readFollowUpInput(input);
        if (!read.ok) return badInputText(read.problem);
        const { id, instruction } = read.value;
        if (!deps.model.get(id)) return notTrackedText(id);
        const problem = promptProblem(instruction);
        if (problem) return failureText('send the follow-up', problem);
        const sent = await sendFollowUp(deps, id, instruction);
        if (!sent.ok) return sent.error ? notSentText('send the follow-up', sent.error) : declinedText('send the follow-up');
        return followUpSentText(sent.value);
      }),
  };
}
