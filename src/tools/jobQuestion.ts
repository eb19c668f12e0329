// What the user is asked before an agent job tool sends anything, every time: where it goes, what
// is attached and may hold secrets, what it costs, and the whole prompt as it will be sent, every
// character of it drawn. The question is Docs Assistant's own, in a modal dialog, because VS Code's
// tool confirmation can be approved in advance (for the session, the workspace, always, or by a
// chat's permission level), and each job or follow-up spends credits: nothing here can be.
//
// A dialog shows only so much: VS Code 1.99's neither scrolls nor grows past the window, so the
// buttons of a taller one are out of reach, and any release draws at most 100,000 characters of
// it. A prompt too long for the smallest dialog is read whole in an editor instead, and the
// question that sends it is asked beside it.

import * as l10n from '@vscode/l10n';
import { costLine, secretSentences } from '../agentJobs/jobPrompt';
import { number, plural } from '../shared/language';
import { showingInvisible } from '../util/invisibleText';

/**
 * What a dialog is sure to show whole, buttons included: VS Code 1.99's dialog, 500 pixels wide
 * (about 55 characters a line) in a window 800 pixels high, holds about 24 lines of its detail.
 */
export const DIALOG_LINES = 24;
const DIALOG_LINE_CHARS = 55;

export interface JobQuestion {
  /** The dialog's message: what is about to happen. */
  readonly message: string;
  /** Everything else, in plain text; the prompt last, whole, when the dialog can show it. */
  readonly detail: string;
  /** The button that sends it. */
  readonly send: string;
  /** When the prompt is too long for the dialog: it is read in an editor, and asked about beside it. */
  readonly inEditor?: PromptInEditor;
}

export interface PromptInEditor {
  /** The dialog's button that opens it (there is no `send` in that dialog). */
  readonly read: string;
  /** The editor's title, and its text: the prompt as it will be sent, every character drawn. */
  readonly title: string;
  readonly text: string;
  /** The question asked beside the editor, with `send`: what, where, and the cost, in one sentence. */
  readonly question: string;
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

export function startQuestion(asked: StartAsked): JobQuestion {
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
    {
      title: l10n.t('Agent job prompt, as it will be sent'),
      question: l10n.t(
        'Start an agent job on {0} with the prompt open in the editor, as it will be sent? It spends credits.',
        asked.project,
      ),
    },
  );
}

export function followUpQuestion(asked: FollowUpAsked): JobQuestion {
  return question(
    l10n.t('Send a follow-up to agent job {0}?', asked.job),
    [l10n.t('Project: {0}', asked.project), l10n.t('The job works again on this instruction, even if it had ended.')],
    asked.invisible,
    asked.instruction,
    () => l10n.t('The whole instruction, as it will be sent:'),
    l10n.t('Send Follow-Up'),
    {
      title: l10n.t('Follow-up instruction, as it will be sent'),
      question: l10n.t(
        'Send the instruction open in the editor to agent job {0} on {1}, as it will be sent? It spends credits.',
        asked.job,
        asked.project,
      ),
    },
  );
}

function question(
  message: string,
  lines: readonly string[],
  invisible: number,
  prompt: string,
  heading: (length: number) => string,
  send: string,
  inEditor: Pick<PromptInEditor, 'title' | 'question'>,
): JobQuestion {
  // What would draw as nothing (in an attached file, a diff) is shown by its code point, and sent as it is.
  const shown = showingInvisible(prompt);
  const about = [
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
            l10n.t('{0} character of the prompt shows as nothing: it is marked ⟦U+…⟧ with its code, and sent as it is.', shown.count),
            l10n.t('{0} characters of the prompt show as nothing: each is marked ⟦U+…⟧ with its code, and sent as it is.', shown.count),
          ),
        ]
      : []),
    costLine(),
  ];
  const detail = [...about, heading(prompt.length), shown.text].join('\n\n');
  if (dialogLines(`${message}\n\n${detail}`) <= DIALOG_LINES) return { message, detail, send };
  const read = l10n.t('Read the Whole Prompt');
  const tooLong = plural(
    prompt.length,
    l10n.t(
      'The prompt ({0} character) is too long for this dialog: read it whole in an editor, and say there whether to send it.',
      number(prompt.length),
    ),
    l10n.t(
      'The prompt ({0} characters) is too long for this dialog: read it whole in an editor, and say there whether to send it.',
      number(prompt.length),
    ),
  );
  return { message, detail: [...about, tooLong].join('\n\n'), send, inEditor: { ...inEditor, read, text: shown.text } };
}

/** How many lines `text` takes in the narrowest dialog: each line of it wrapped at DIALOG_LINE_CHARS. */
export function dialogLines(text: string): number {
  return text.split('\n').reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / DIALOG_LINE_CHARS)), 0);
}
