// Ablation: a finished block is never drawn again for a link definition made after it.

import { AnswerReferences as Redrawing } from '../../../src/webview/linkReferences';

export type { LinkReferences } from '../../../src/webview/linkReferences';

export class AnswerReferences extends Redrawing {
  override stale(): { group: HTMLElement; texts: string[] }[] {
    return [];
  }
}
