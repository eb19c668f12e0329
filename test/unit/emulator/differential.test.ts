// Streams produced by the `ai` package, decoded by our client and by the package's own reader:
// the same text, sources and finish.

import * as assert from 'node:assert/strict';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import { decodePieces, richAnswer, sdkStreamBytes } from '../platform/sdkStreams';

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
  'the live shape: two search steps, then the text': [
    { type: 'start', messageId: 'live' },
    { type: 'start-step' },
    { type: 'tool-input-start', toolCallId: 'c1', toolName: 'search' },
    { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"query":' },
    { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '"retry policy"}' },
    { type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { query: 'retry policy' } },
    {
      type: 'tool-output-available',
      toolCallId: 'c1',
      output: [{ path: 'guides/retry', content: 'Retries back off.', metadata: { title: 'Retries' } }],
    },
    { type: 'finish-step' },
    { type: 'start-step' },
    { type: 'tool-input-start', toolCallId: 'c2', toolName: 'search' },
    { type: 'tool-input-available', toolCallId: 'c2', toolName: 'search', input: { query: 'limits' } },
    {
      type: 'tool-output-available',
      toolCallId: 'c2',
      output: { type: 'search', results: [{ url: 'https://docs.acme.example/limits', content: 'x', metadata: {} }] },
    },
    { type: 'finish-step' },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'See [Retries](/guides/retry).' },
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
  ],
  'sources only, no finish reason': [
    { type: 'source-url', sourceId: '1', url: 'https://docs.acme.example/a', title: 'A' },
    { type: 'source-url', sourceId: '2', url: 'https://docs.acme.example/b' },
    { type: 'finish', messageMetadata: { n: 1 } },
  ],
};

const textsOf = (parts: readonly { type: string; text?: string }[]) =>
  parts.filter((part) => part.type === 'text').map((part) => part.text);
const withoutProviderMetadata = (part: unknown): unknown =>
  JSON.parse(JSON.stringify(part, (key, value: unknown) => (key === 'providerMetadata' ? undefined : value)));
const sourcePartsOf = (parts: readonly { type: string }[]) =>
  parts.filter((part) => part.type === 'source-url' || part.type === 'source-document').map(withoutProviderMetadata);

/** Tool calls as both sides keep them: the SDK as `tool-NAME` parts, ours as `tool` parts. */
function toolsOf(
  parts: readonly Record<string, unknown>[],
): { toolCallId: unknown; toolName: string; state: unknown; input: unknown; output: unknown }[] {
  return parts
    .filter((part) => (part.type as string).startsWith('tool'))
    .map((part) => ({
      toolCallId: part.toolCallId,
      toolName: part.type === 'tool' ? (part.toolName as string) : (part.type as string).slice('tool-'.length),
      state: part.state,
      input: part.input,
      output: part.output,
    }));
}

describe('differential: our decoder and the ai package agree', () => {
  for (const [name, chunks] of Object.entries(scenarios)) {
    it(name, async () => {
      const bytes = await sdkStreamBytes(chunks);
      const ours = decodePieces([bytes]);
      const sdk = await decodeWithSdk(bytes);

      const expectedTexts = chunks.some((chunk) => chunk.type === 'text-delta');
      assert.equal(textsOf(sdk.message.parts).length > 0, expectedTexts, 'the SDK read the text parts');
      assert.deepEqual(textsOf(ours.message.parts), textsOf(sdk.message.parts));
      const sdkSources = sourcePartsOf(sdk.message.parts);
      assert.equal(sdkSources.length, chunks.filter((chunk) => chunk.type.startsWith('source-')).length, 'the SDK read the sources');
      assert.deepEqual(sourcePartsOf(ours.message.parts), sdkSources);
      assert.deepEqual(
        toolsOf(ours.message.parts as unknown as Record<string, unknown>[]),
        toolsOf(sdk.message.parts as unknown as Record<string, unknown>[]),
      );
      assert.equal(ours.finished, sdk.finish !== undefined);
      assert.equal(ours.message.finishReason, sdk.finish && 'finishReason' in sdk.finish ? sdk.finish.finishReason : undefined);
      assert.deepEqual(ours.message.metadata, sdk.message.metadata);
      assert.equal(ours.message.id, chunks[0].type === 'start' ? chunks[0].messageId : undefined);
    });
  }
});
