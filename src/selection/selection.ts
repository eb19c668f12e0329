// A selection in an editor, as the features take it: its text, where it is (a workspace file or a
// documentation page) and its lines. The chat and agent jobs build on it.

/**
 * Longer selections are cut to this many characters wherever they are sent (a question, an agent
 * job's prompt, a tool's code), and what is shown says so.
 */
export const MAX_SELECTION_CHARS = 20_000;

export type SelectionSource = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'page'; readonly pagePath: string };

export interface Selection {
  readonly text: string;
  readonly source: SelectionSource;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
}

/** Where a selection is, as a label: `src/app.ts:12-30`. */
export function selectionLabel(selection: Selection): string {
  const where = selection.source.kind === 'file' ? selection.source.path : selection.source.pagePath;
  const lines = selection.startLine === selection.endLine ? `${selection.startLine}` : `${selection.startLine}-${selection.endLine}`;
  return `${where}:${lines}`;
}
