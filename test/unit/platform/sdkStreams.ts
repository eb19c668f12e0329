// Streams written by the `ai` package itself, as bytes, and our decoder run over bytes: shared
// by the decoder tests and the differential test.

import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { AssistantMessageBuilder, type AssistantMessage } from '../../../src/platform/stream/assistantMessage';
import { SseDecoder } from '../../../src/platform/stream/sseDecoder';

/** The SSE bytes the SDK's server helpers produce for these chunks. */
export async function sdkStreamBytes(chunks: readonly UIMessageChunk[]): Promise<Uint8Array> {
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      for (const chunk of chunks) writer.write(chunk);
    },
  });
  return new Uint8Array(await createUIMessageStreamResponse({ stream }).arrayBuffer());
}

export interface Decoded {
  readonly message: AssistantMessage;
  readonly threadId?: string;
  readonly done: boolean;
  readonly finished: boolean;
  readonly warnings: string[];
}

/** Runs our decoder over the given reads, in order, as they would come off the socket. */
export function decodePieces(pieces: readonly Uint8Array[]): Decoded {
  const builder = new AssistantMessageBuilder();
  const warnings: string[] = [];
  const decoder = new SseDecoder({ onChunk: (chunk) => builder.apply(chunk), onWarning: (warning) => warnings.push(warning) });
  for (const piece of pieces) decoder.feed(piece);
  decoder.end();
  return { message: builder.message, threadId: builder.threadId, done: decoder.done, finished: builder.sawFinish, warnings };
}

/** A rich answer: several text parts, reasoning, sources of both kinds, a file, data parts, metadata, multi-byte text. */
export const richAnswer: UIMessageChunk[] = [
  { type: 'start', messageId: 'msg-1', messageMetadata: { model: 'docs-1' } },
  { type: 'start-step' },
  { type: 'reasoning-start', id: 'r1' },
  { type: 'reasoning-delta', id: 'r1', delta: 'Looking for the page on ' },
  { type: 'reasoning-delta', id: 'r1', delta: 'keys…' },
  { type: 'reasoning-end', id: 'r1' },
  { type: 'source-url', sourceId: 's1', url: 'https://docs.acme.example/configuration/keys', title: 'API keys' },
  { type: 'source-document', sourceId: 's2', mediaType: 'text/markdown', title: 'Settings', filename: 'settings.md' },
  { type: 'data-retrieval', id: 'ret', data: { pages: 1 } },
  { type: 'data-retrieval', id: 'ret', data: { pages: 2 } },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Keys live in secret storage — ' },
  { type: 'text-delta', id: 't1', delta: 'héllo wörld, 日本語, 🎉🎉 ' },
  { type: 'text-delta', id: 't1', delta: '"quotes" and \\ backslashes\nand new lines\r\n' },
  { type: 'text-end', id: 't1' },
  { type: 'file', url: 'https://docs.acme.example/diagram.png', mediaType: 'image/png' },
  { type: 'text-start', id: 't2' },
  { type: 'text-delta', id: 't2', delta: 'A second part, ' },
  { type: 'text-delta', id: 't2', delta: 'with 🧪 in it.' },
  { type: 'text-end', id: 't2' },
  { type: 'message-metadata', messageMetadata: { tokens: 42 } },
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop', messageMetadata: { done: true } },
];
