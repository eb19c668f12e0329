// The state AnswerParts keeps of the line it reads and of the fence it is in, as small named types.

import type { FenceOpening } from './markdownScan';

/** An open fence; a `suggestions` block's lines are gathered until it closes. */
export type Fence = FenceOpening & { readonly suggestions?: string[] };

/** Where the reader is in the current line: what decides how the next characters are read, and what they may cost. */
export interface LinePosition {
  /** Nothing of the line has been consumed yet: a fence or a definition may start here. */
  atStart: boolean;
  /** Characters of the line consumed so far (less what the pending text starts with). */
  seen: number;
  /** Characters looked at by scans of constructs on the line, rescans of open ones included. */
  work: number;
}

export const lineStart = (): LinePosition => ({ atStart: true, seen: 0, work: 0 });
