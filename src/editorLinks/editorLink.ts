// Links from a documentation site into VS Code (`vscode://<publisher>.<name>/ask?q=…`), read as
// data: what each asks for, or why it cannot be followed. Nothing here acts. No `vscode`.

import { jobIdProblem } from '../platform/agentJob';
import { pageTargetFromInput } from '../pages/pagePath';

export type EditorLink =
  /** Put the question in the chat's box and focus it: never sent, nothing attached. */
  | { readonly kind: 'ask'; readonly question: string }
  | { readonly kind: 'open'; readonly page: string; readonly anchor?: string }
  /** Track the job, once the user agrees. */
  | { readonly kind: 'track'; readonly job: string }
  | { readonly kind: 'refused'; readonly problem: string };

/** The longest question a link may bring: a question, not a document. */
export const MAX_LINK_QUESTION = 2_000;

export const EDITOR_LINK_PATHS = ['/ask', '/open', '/track'] as const;

/** What the link with `path` and `query` (as in a URI, percent-encoded) asks for. */
export function editorLink(path: string, query: string): EditorLink {
  const params = new URLSearchParams(query);
  const param = (name: string) => params.get(name)?.trim() ?? '';
  switch (path.replace(/\/+$/, '')) {
    case '/ask': {
      // Line breaks are kept; other control characters, and marks that reorder text, are not what anyone typed.
      const question = param('q')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
        .replace(/[\u2028\u2029]/g, '\n');
      if (question === '') return { kind: 'refused', problem: 'it has no question (its q parameter is empty)' };
      if (question.length > MAX_LINK_QUESTION)
        return { kind: 'refused', problem: `its question is longer than ${MAX_LINK_QUESTION.toLocaleString('en-US')} characters` };
      return { kind: 'ask', question };
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
