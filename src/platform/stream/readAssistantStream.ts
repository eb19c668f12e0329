// An assistant answer read off a body of SSE bytes: decoded incrementally, folded into one message,
// stopped at `[DONE]`. The client and the stream-decoding benchmark both read answers through this.
// The extension host is shared by every extension, so an answer is bounded: text, a line, bytes or
// parts without end are stopped at the limit, with what arrived kept.

import { AssistantMessageBuilder, type AssistantMessage } from './assistantMessage';
import type { StreamChunk } from './chunks';
import { SseDecoder } from './sseDecoder';

export interface StreamLimits {
  /** Characters of answer text. */
  readonly maxTextChars: number;
  /** Bytes of one SSE line: a line is held whole until it ends. */
  readonly maxLineBytes: number;
  /** Bytes of the whole body, tool outputs included. */
  readonly maxTotalBytes: number;
  /** Parts of the message: text parts, sources, tool calls and the like. */
  readonly maxParts: number;
}

export const defaultStreamLimits: StreamLimits = {
  maxTextChars: 2 * 1024 * 1024,
  maxLineBytes: 2 * 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxParts: 10_000,
};

export type Overflow = 'text' | 'line' | 'total' | 'parts';

export interface StreamHooks {
  /** Each chunk as it is applied, with the message so far. */
  onChunk?(chunk: StreamChunk, message: AssistantMessage): void;
  /** A piece of the stream was skipped; the stream goes on. */
  onWarning(message: string): void;
}

export interface StreamRead {
  readonly builder: AssistantMessageBuilder;
  /** Whether `data: [DONE]` arrived. */
  readonly sawDone: boolean;
  /** Set when the body broke off: what it threw. */
  readonly broken?: { readonly error: unknown };
  /** Set when a limit was passed and reading stopped there. */
  readonly overflow?: Overflow;
}

export async function readAssistantStream(
  body: AsyncIterable<Uint8Array>,
  hooks: StreamHooks,
  limits: StreamLimits = defaultStreamLimits,
): Promise<StreamRead> {
  const builder = new AssistantMessageBuilder();
  let textChars = 0;
  const decoder = new SseDecoder({
    onChunk: (chunk) => {
      builder.apply(chunk);
      if (chunk.type === 'text-delta') textChars += chunk.delta.length;
      hooks.onChunk?.(chunk, builder.message);
    },
    onWarning: (warning) => hooks.onWarning(warning),
  });
  let totalBytes = 0;
  let overflow: Overflow | undefined;
  try {
    // Leaving the loop early ends the body: its iterator's return() destroys it.
    for await (const bytes of body) {
      totalBytes += bytes.length;
      if (totalBytes > limits.maxTotalBytes) overflow = 'total';
      else {
        decoder.feed(bytes);
        if (decoder.openLineBytes > limits.maxLineBytes) overflow = 'line';
        else if (textChars > limits.maxTextChars) overflow = 'text';
        else if (builder.message.parts.length > limits.maxParts) overflow = 'parts';
      }
      if (overflow || decoder.done) break;
    }
    if (!overflow) decoder.end();
  } catch (error) {
    return { builder, sawDone: decoder.done, broken: { error } };
  }
  return { builder, sawDone: decoder.done, ...(overflow ? { overflow } : {}) };
}
