// Ablation: long code is highlighted and drawn whole at every draw, not in chunks.

import type { HighlightedCode } from '../../../src/webview/codeChunks';

export type { HighlightedCode };
export { afterLines } from '../../../src/webview/codeChunks';
export const CHUNK_LINES = Infinity;

export class DrawnChunks {
  placeholders = 0;
  placeholderChars = 0;
  start(): void {}
  html(html: string): string {
    return html;
  }
  finishBlocks(): void {}
  drawn(): void {}
  forget(): void {}
}

export function chunkedCode(code: string, _language: string, highlight: (code: string) => HighlightedCode): string {
  return highlight(code).html;
}

/** No chunk is ever cut: code drawn plain is highlighted whole. */
export function nextChunk(): undefined {
  return undefined;
}

export function restHtml(code: string, start: number, _language: string, highlight: (code: string) => HighlightedCode): string {
  return highlight(code.slice(start)).html;
}

export function chunkHtml(html: string): string {
  return html;
}
