// Streams produced by the `ai` package, decoded by our client and by the package's own reader:
// the same text, sources and finish.

import * as assert from 'node:assert/strict';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import { messageSources } from '../../../src/platform/stream/assistantMessage';
import { decodePieces, richAnswer, sdkStreamBytes } from './sdkStreams';

/** The SDK's own client path: parseJsonEventStream, then readUIMessageStream. */
async function decodeWithSdk(bytes: Uint8Array): Promise<{ message: UIMessage; finish?: UIMessageChunk }> {
  const parsed = parseJsonEventStream({ stream: new Blob([bytes]).stream(), schema: uiMessageChunkSchema });
  let finish: UIMessageChunk | undefined;
  const chunks = parsed.pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (!result.success) throw result.error;
        if (result.value.type === 'finish') finish = result.value;
        controller.enqueue(result.value);
      },
    }),
  );
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream: chunks as ReadableStream<UIMessageChunk> })) message = snapshot;
  assert.ok(message, 'the SDK produced a message');
  return { message, finish };
}

const scenarios: Record<string, UIMessageChunk[]> = {
  'a rich answer': richAnswer,
  'a plain answer in many deltas': [
    { type: 'start', messageId: 'm' },
    { type: 'text-start', id: 't' },
    ...Array.from({ length: 500 }, (_, i): UIMessageChunk => ({ type: 'text-delta', id: 't', delta: `word${i} ` })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: 'length' },
  ],
  'interleaved text parts': [
    { type: 'text-start', id: 'a' },
    { type: 'text-start', id: 'b' },
    { type: 'text-delta', id: 'a', delta: 'A1 ' },
    { type: 'text-delta', id: 'b', delta: 'B1 ' },
    { type: 'text-delta', id: 'a', delta: 'A2' },
    { type: 'text-delta', id: 'b', delta: 'B2' },
    { type: 'text-end', id: 'a' },
    { type: 'text-end', id: 'b' },
    { type: 'source-url', sourceId: 'x', url: 'https://example.com/x' },
    { type: 'finish' },
  ],
  'sources only, no finish reason': [
    { type: 'source-url', sourceId: '1', url: 'https://docs.acme.example/a', title: 'A' },
    { type: 'source-url', sourceId: '2', url: 'https://docs.acme.example/b' },
    { type: 'finish', messageMetadata: { n: 1 } },
  ],
};

const textsOf = (parts: readonly { type: string; text?: string }[]) => parts.filter((part) => part.type === 'text').map((part) => part.text);

describe('differential: our decoder and the ai package agree', () => {
  for (const [name, chunks] of Object.entries(scenarios)) {
    it(name, async () => {
      const bytes = await sdkStreamBytes(chunks);
      const ours = decodePieces([bytes]);
      const sdk = await decodeWithSdk(bytes);

      const expectedTexts = chunks.some((chunk) => chunk.type === 'text-delta');
      assert.equal(textsOf(sdk.message.parts).length > 0, expectedTexts, 'the SDK read the text parts');
      assert.deepEqual(textsOf(ours.message.parts), textsOf(sdk.message.parts));
      const sdkSources = sdk.message.parts
        .filter((part) => part.type === 'source-url' || part.type === 'source-document')
        .map((part) => JSON.parse(JSON.stringify(part, (key, value) => (key === 'providerMetadata' ? undefined : value))));
      assert.equal(sdkSources.length, chunks.filter((chunk) => chunk.type.startsWith('source-')).length, 'the SDK read the sources');
      assert.deepEqual(messageSources(ours.message), sdkSources);
      assert.equal(ours.finished, sdk.finish !== undefined);
      assert.equal(ours.message.finishReason, sdk.finish && 'finishReason' in sdk.finish ? sdk.finish.finishReason : undefined);
      assert.deepEqual(ours.message.metadata, sdk.message.metadata);
      assert.equal(ours.message.id, chunks[0].type === 'start' ? chunks[0].messageId : undefined);
    });
  }
});
