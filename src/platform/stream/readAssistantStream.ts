// An assistant answer read off a body of SSE bytes: decoded incrementally, folded into one
// message, and stopped at `[DONE]`. The client reads every answer through this, and so does the
// stream-decoding benchmark, so what is measured is what runs.

import { AssistantMessageBuilder, type AssistantMessage } from './assistantMessage';
import type { StreamChunk } from './chunks';
import { SseDecoder } from './sseDecoder';

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
}

export async function readAssistantStream(body: AsyncIterable<Uint8Array>, hooks: StreamHooks): Promise<StreamRead> {
  const builder = new AssistantMessageBuilder();
  const decoder = new SseDecoder({
    onChunk: (chunk) => {
      builder.apply(chunk);
      hooks.onChunk?.(chunk, builder.message);
    },
    onWarning: (warning) => hooks.onWarning(warning),
  });
  try {
    for await (const bytes of body) {
      decoder.feed(bytes);
      if (decoder.done) break;
    }
    decoder.end();
  } catch (error) {
    return { builder, sawDone: decoder.done, broken: { error } };
  }
  return { builder, sawDone: decoder.done };
}
