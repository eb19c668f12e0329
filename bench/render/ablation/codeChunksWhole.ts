// Ablation of morphing, with code chunks kept: a tail that is replaced keeps no node a placeholder
// could stand for, so every chunk is drawn in full (the draw before is never remembered).

import { DrawnChunks as Remembering } from '../../../src/webview/codeChunks';

export {
  afterLines,
  chunkedCode,
  chunkHtml,
  CHUNK_LINES,
  type HighlightedCode,
  nextChunk,
  restHtml,
} from '../../../src/webview/codeChunks';

export class DrawnChunks extends Remembering {
  override drawn(): void {}
}
