// What the user is asked before an agent job tool sends anything, every time: where it goes, what
// is attached and may hold secrets, what it costs, and the whole prompt as it will be sent, every
// character of it drawn. The question is Docs Assistant's own, in a modal dialog, because VS Code's
// tool confirmation can be approved in advance (for the session, the workspace, always, or by a
// chat's permission level), and each job or follow-up spends credits: nothing here can be.

import * as l10n from '@vscode/l10n';
import { secretSentences } from '../agentJobs/jobPrompt';
import { number, plural } from '../shared/language';
import { showingInvisible } from '../util/invisibleText';

/**
 * The most a question may hold, its prompt included. VS Code draws at most 100,000 characters of a
 * Markdown message, and a dialog is no place for more: a prompt that does not fit is refused, so
 * that nothing is sent past what the user could read.
 */
export const MAX_QUESTION_CHARS = 100_000;

export interface JobQuestion {
  /** The dialog's message: what is about to happen. */
  readonly message: string;
  /** Everything else, in plain text; the prompt last, whole. */
  readonly detail: string;
  /** The button that sends it. */
  readonly send: string;
}

/** What the question shows of a job about to start. */
export interface StartAsked {
  /** The project, as `projectText` says it. */
  readonly project: string;
  /** The workspace's repository and branch the attachments come from, in words; undefined with no repository. */
  readonly from?: string;
  /** What was attached, in words. */
  readonly attached: string;
  /** Attached files that may hold secrets, each `<path> (<why>)`, as the draft of Start Agent Job names them. */
  readonly secrets: readonly string[];
  /** How many characters that draw as nothing were taken out of the instruction. */
  readonly invisible: number;
  readonly prompt: string;
}

/** What the question shows of a follow-up about to be sent. */
export interface FollowUpAsked {
  /** The job, as its row in the Agent Jobs view names it. */
  readonly job: string;
  readonly project: string;
  readonly invisible: number;
  readonly instruction: string;
}

/** A question, or why none can be asked (a sentence, in English for the model). */
export type Asked = { readonly ok: true; readonly question: JobQuestion } | { readonly ok: false; readonly problem: string };

/** The cost of anything sent to a job, in the words every question shows. */
export function costLine(): string {
  return l10n.t(
    "Cost: an agent job spends your documentation platform's credits, and the platform starts at most 100 jobs and follow-ups per project an hour.",
  );
}

export function startQuestion(asked: StartAsked): Asked {
  return question(
    l10n.t('Start an agent job?'),
    [
      l10n.t('Project: {0}', asked.project),
      asked.from === undefined
        ? l10n.t('From: no repository of this workspace (nothing from git is attached)')
        : l10n.t('From: {0}', asked.from),
      l10n.t('Attached: {0}', asked.attached),
      ...secretSentences(asked.secrets),
    ],
    asked.invisible,
    asked.prompt,
    (length) =>
      plural(
        length,
        l10n.t('The whole prompt ({0} character), as it will be sent:', number(length)),
        l10n.t('The whole prompt ({0} characters), as it will be sent:', number(length)),
      ),
    l10n.t('Start Agent Job'),
  );
}

export function followUpQuestion(asked: FollowUpAsked): Asked {
  return question(
    l10n.t('Send a follow-up to agent job {0}?', asked.job),
    [l10n.t('Project: {0}', asked.project), l10n.t('The job works again on this instruction, even if it had ended.')],
    asked.invisible,
    asked.instruction,
    () => l10n.t('The whole instruction, as it will be sent:'),
    l10n.t('Send Follow-Up'),
  );
}

function question(
  message: string,
  lines: readonly string[],
  invisible: number,
  prompt: string,
  heading: (length: number) => string,
  send: string,
): Asked {
  // What would draw as nothing (in an attached file, a diff) is shown by its code point, and sent as it is.
  const shown = showingInvisible(prompt);
  const detail = [
    ...lines,
    ...(invisible > 0
      ? [
          plural(
            invisible,
            l10n.t(
              'The agent wrote {0} character that shows as nothing into its instruction: it was taken out, and is not sent.',
              invisible,
            ),
            l10n.t(
              'The agent wrote {0} characters that show as nothing into its instruction: they were taken out, and are not sent.',
              invisible,
            ),
          ),
        ]
      : []),
    ...(shown.count > 0
      ? [
          plural(
            shown.count,
            l10n.t('{0} character below shows as nothing: it is marked ⟦U+…⟧ with its code, and sent as it is.', shown.count),
            l10n.t('{0} characters below show as nothing: each is marked ⟦U+…⟧ with its code, and sent as it is.', shown.count),
          ),
        ]
      : []),
    costLine(),
    heading(prompt.length),
    shown.text,
  ].join('\n\n');
  const length = message.length + detail.length;
  if (length > MAX_QUESTION_CHARS)
    return {
      ok: false,
      problem: `The prompt is too long to show the user whole: with what the question says about it, it is ${length.toLocaleString('en-US')} characters, and a question shows at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')}. Nothing was sent; attach less (a smaller selection, or the changes of one file) or write a shorter instruction.`,
    };
  return { ok: true, question: { message, detail, send } };
}
