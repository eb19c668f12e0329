// Links from a documentation site into VS Code (`vscode://<publisher>.<name>/ask?q=…`), read as
// data: what each asks for, or why it cannot be followed. Nothing here acts.

import * as l10n from '@vscode/l10n';
import { jobIdProblem } from '../platform/agentJob';
import { pageTargetFromInput } from '../pages/pagePath';
import { number } from '../shared/language';
import { withoutInvisible } from '../util/invisibleText';

export type EditorLink =
  /**
   * Put the question in the chat's box and focus it: never sent, nothing attached. `invisible`:
   * how many characters that render as nothing were taken out, when any were; `padding`, how many
   * blank ones (empty lines, runs of spaces) were collapsed.
   */
  | { readonly kind: 'ask'; readonly question: string; readonly invisible?: number; readonly padding?: number }
  | { readonly kind: 'open'; readonly page: string; readonly anchor?: string }
  /** Track the job, once the user agrees. */
  | { readonly kind: 'track'; readonly job: string }
  /** Why, as whole sentences in the user's language. */
  | { readonly kind: 'refused'; readonly problem: string };

/** The longest question a link may bring: a question, not a document. */
export const MAX_LINK_QUESTION = 2_000;

export const EDITOR_LINK_PATHS = ['/ask', '/open', '/track'] as const;

/** A character that shows as blank space within a line (a no-break space, a Braille blank…). */
const BLANK = '[^\\S\\n]|\\u2800';
/** Two or more of them in a row, or any at a line's start or end: padding, not spacing. */
const BLANK_RUN = new RegExp(`(?:${BLANK}){2,}|^(?:${BLANK})+|(?:${BLANK})+$`, 'gmu');
/** More than one empty line in a row. */
const BLANK_LINES = /\n{3,}/g;

/**
 * A question without what could push words out of sight in the two-row box: a run of blank
 * characters is one space, blank lines at most one in a row, none at either end. (One no-break
 * space, as French puts before `?`, is spacing, and stays.)
 */
function withoutPadding(question: string): string {
  return question
    .replace(BLANK_RUN, (run, at: number, text: string) => {
      const lineEdge = at === 0 || text[at - 1] === '\n' || at + run.length === text.length || text[at + run.length] === '\n';
      return lineEdge ? '' : ' ';
    })
    .replace(BLANK_LINES, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** What the link with `path` and `query` (as in a URI, percent-encoded) asks for. */
export function editorLink(path: string, query: string): EditorLink {
  const params = new URLSearchParams(query);
  const param = (name: string) => params.get(name)?.trim() ?? '';
  switch (path.replace(/\/+$/, '')) {
    case '/ask': {
      const { text, count: invisible } = withoutInvisible(param('q'));
      const visible = text.replace(/[\u2028\u2029]/g, '\n');
      const question = withoutPadding(visible);
      const padding = visible.length - question.length;
      if (question === '') return { kind: 'refused', problem: l10n.t('The link has no question: its q parameter is empty.') };
      if (question.length > MAX_LINK_QUESTION)
        return { kind: 'refused', problem: l10n.t("The link's question is longer than {0} characters.", number(MAX_LINK_QUESTION)) };
      return { kind: 'ask', question, ...(invisible > 0 ? { invisible } : {}), ...(padding > 0 ? { padding } : {}) };
    }
    case '/open': {
      const page = param('page');
      if (page === '') return { kind: 'refused', problem: l10n.t('The link names no page: its page parameter is empty.') };
      if (page.length > 500)
        return { kind: 'refused', problem: l10n.t("The link's page path is longer than {0} characters.", number(500)) };
      const target = pageTargetFromInput(page);
      if (!target.ok) return { kind: 'refused', problem: target.error.message };
      return target.value.anchor
        ? { kind: 'open', page: target.value.path, anchor: target.value.anchor }
        : { kind: 'open', page: target.value.path };
    }
    case '/track': {
      const job = param('job');
      const problem = jobIdProblem(job);
      return problem ? { kind: 'refused', problem } : { kind: 'track', job };
    }
    default:
      return { kind: 'refused', problem: l10n.t('Docs Assistant follows links to {0} only.', EDITOR_LINK_PATHS.join(', ')) };
  }
}
