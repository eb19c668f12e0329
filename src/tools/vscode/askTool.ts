// The platform's assistant as a tool: a model asks a question, with code and its path when it has
// them and a scope of its own, and gets the finished answer with the pages it drew on, as data.
// A follow-up goes on in the same thread through the handle the answer gave (askConversations.ts).
// The same session as the chat view's and @docs': the question is only ever sent to the platform of
// the settings in force, and Stop (the tool's cancellation) stops the stream.

import * as vscode from 'vscode';
import { connectedSession } from '../../chat/vscode/connectedSession';
import { originOf } from '../../platform/endpoint';
import { quotedLine as quoted } from '../../util/inertText';
import { askText } from '../askText';
import { type ToolConversation, ToolConversations } from '../askConversations';
import { filterFor, readAskInput } from '../toolInputs';
import { badInputText, failureText } from '../toolText';
import { type DocumentationToolDeps, documentationRun } from './searchTools';
import { runTool, textOf } from './toolRun';

export function askTool(deps: DocumentationToolDeps): vscode.LanguageModelTool<Record<string, unknown>> {
  const conversations = new ToolConversations();
  return {
    prepareInvocation: ({ input }) => ({
      invocationMessage: vscode.l10n.t('Asking the documentation assistant: {0}', quoted(textOf(input.question), 100)),
    }),
    invoke: ({ input }, token) =>
      runTool(documentationRun(deps, 'ask the documentation assistant'), token, async () => {
        const read = readAskInput(input);
        if (!read.ok) return badInputText(read.problem);
        const asked = read.value;
        const current = deps.settings.current;
        const origin = originOf(current.baseUrl);
        if (!origin) return failureText('ask the documentation assistant', 'The base URL is not set.');
        let held: ToolConversation;
        if (asked.conversation === undefined) held = conversations.start(origin, current.domain);
        else {
          const found = conversations.find(asked.conversation, origin, current.domain);
          if (found.kind === 'unknown')
            return badInputText(
              `no conversation is called ${quoted(asked.conversation, 100)} in this VS Code window: ask without conversation to start a new one.`,
            );
          if (found.kind === 'elsewhere')
            return badInputText(
              `the conversation ${quoted(asked.conversation, 100)} was held with another documentation platform or domain than the one in force, and is never continued here: ask without conversation to start a new one.`,
            );
          held = found.held;
        }
        const filter = filterFor(current.filter, asked.scope);
        const session = connectedSession(held.conversation, { ...deps, settings: { current: { ...current, filter } } }, () => {});
        const stopping = token.onCancellationRequested(() => session.stop());
        try {
          if (asked.code !== undefined)
            session.attach({
              item: { type: 'code', value: asked.code, ...(asked.path ? { path: asked.path } : {}) },
              label: asked.path ?? 'code',
            });
          const turn = await session.ask(asked.question);
          if (!turn) return badInputText('give a question.');
          if (turn.status === 'failed')
            return failureText('ask the documentation assistant', turn.error?.message ?? 'The assistant could not answer.');
          return askText({
            question: asked.question,
            domain: current.domain,
            filter,
            answer: turn.answer,
            sources: turn.sources,
            conversation: held.handle,
            ...(turn.status === 'stopped' ? { stopped: true } : {}),
            ...(asked.codeCutFrom !== undefined ? { codeCutFrom: asked.codeCutFrom, codeSent: asked.code?.length ?? 0 } : {}),
            ...(turn.notice ? { notice: turn.notice } : {}),
          });
        } finally {
          stopping.dispose();
          session.dispose();
        }
      }),
  };
}
