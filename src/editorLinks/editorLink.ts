// Links from a documentation site into VS Code (`vscode://<publisher>.<name>/ask?q=…`), read as
// data: what each asks for, or why it cannot be followed. Nothing here acts.

import { jobIdProblem } from '../platform/agentJob';
import { pageTargetFromInput } from '../pages/pagePath';

export type EditorLink =
  /**
   * Put the question in the chat's box and focus it: never sent, nothing attached. `invisible`:
   * how many characters that render as nothing were taken out, when any were.
   */
  | { readonly kind: 'ask'; readonly question: string; readonly invisible?: number }
  | { readonly kind: 'open'; readonly page: string; readonly anchor?: string }
  /** Track the job, once the user agrees. */
  | { readonly kind: 'track'; readonly job: string }
  | { readonly kind: 'refused'; readonly problem: string };

/** The longest question a link may bring: a question, not a document. */
export const MAX_LINK_QUESTION = 2_000;

export const EDITOR_LINK_PATHS = ['/ask', '/open', '/track'] as const;

/**
 * What a reader cannot see in a question: control characters but line breaks and tabs, and every
 * default-ignorable code point (zero-width and joining marks, marks that reorder text, tag
 * characters, variation selectors, fillers), which render as nothing and could carry words unseen.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Default_Ignorable_Code_Point}/gu;

/** What the link with `path` and `query` (as in a URI, percent-encoded) asks for. */
export function editorLink(path: string, query: string): EditorLink {
  const params = new URLSearchParams(query);
  const param = (name: string) => params.get(name)?.trim() ?? '';
  switch (path.replace(/\/+$/, '')) {
    case '/ask': {
      const asked = param('q');
      let invisible = 0;
      const question = asked
        .replace(INVISIBLE, () => (invisible++, ''))
        .replace(/[\u2028\u2029]/g, '\n')
        .trim();
      if (question === '') return { kind: 'refused', problem: 'it has no question (its q parameter is empty)' };
      if (question.length > MAX_LINK_QUESTION)
        return { kind: 'refused', problem: `its question is longer than ${MAX_LINK_QUESTION.toLocaleString('en-US')} characters` };
      return invisible > 0 ? { kind: 'ask', question, invisible } : { kind: 'ask', question };
    }
    case '/open': {
      const page = param('page');
      if (page === '') return { kind: 'refused', problem: 'it names no page (its page parameter is empty)' };
      if (page.length > 500) return { kind: 'refused', problem: 'its page path is longer than 500 characters' };
      const target = pageTargetFromInput(page);
      if (!target.ok) return { kind: 'refused', problem: target.error.message };
      return target.value.anchor
        ? { kind: 'open', page: target.value.path, anchor: target.value.anchor }
        : { kind: 'open', page: target.value.path };
    }
    case '/track': {
      const job = param('job');
      const problem = jobIdProblem(job);
      return problem ? { kind: 'refused', problem: problem.replace(/\.$/, '').toLowerCase() } : { kind: 'track', job };
    }
    default:
      return { kind: 'refused', problem: `Docs Assistant knows ${EDITOR_LINK_PATHS.join(', ')}, not this path` };
  }
}
