import * as assert from 'node:assert/strict';
import type { UIMessageChunk } from 'ai';
import { messageText } from '../../../../src/platform/stream/assistantMessage';
import { readChunk } from '../../../../src/platform/stream/chunks';
import { decodePieces, richAnswer, sdkStreamBytes } from '../sdkStreams';

const encoder = new TextEncoder();

describe('stream decoder', () => {
  let bytes: Uint8Array;
  before(async () => {
    bytes = await sdkStreamBytes(richAnswer);
  });

  it('folds a whole SDK stream into the message', () => {
    const decoded = decodePieces([bytes]);
    assert.equal(decoded.done, true);
    assert.equal(decoded.finished, true);
    assert.deepEqual(decoded.warnings, []);
    assert.deepEqual(decoded.message, {
      id: 'msg-1',
      metadata: { model: 'docs-1', tokens: 42, done: true },
      finishReason: 'stop',
      parts: [
        { type: 'reasoning', id: 'r1', text: 'Looking for the page on keys…', done: true },
        { type: 'source-url', sourceId: 's1', url: 'https://docs.acme.example/configuration/keys', title: 'API keys' },
        { type: 'source-document', sourceId: 's2', mediaType: 'text/markdown', title: 'Settings', filename: 'settings.md' },
        { type: 'data', name: 'retrieval', id: 'ret', data: { pages: 2 } },
        {
          type: 'text',
          id: 't1',
          text: 'Keys live in secret storage — héllo wörld, 日本語, 🎉🎉 "quotes" and \\ backslashes\nand new lines\r\n',
          done: true,
        },
        { type: 'file', url: 'https://docs.acme.example/diagram.png', mediaType: 'image/png' },
        { type: 'text', id: 't2', text: 'A second part, with 🧪 in it.', done: true },
      ],
    });
  });

  it('gives the same message however the bytes are split in two, inside multi-byte characters too', () => {
    const whole = decodePieces([bytes]);
    const emoji = Buffer.from(bytes).indexOf(Buffer.from('🎉'));
    assert.ok(emoji > 0, 'the stream has a four-byte character to split');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const split = decodePieces([bytes.subarray(0, cut), bytes.subarray(cut)]);
      assert.deepEqual(split.message, whole.message, `split at byte ${cut}`);
      assert.deepEqual(split.warnings, [], `split at byte ${cut}`);
    }
  });

  it('gives the same message read one byte at a time', () => {
    const pieces = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    assert.deepEqual(decodePieces(pieces).message, decodePieces([bytes]).message);
  });

  it('tolerates CRLF line endings and keep-alive comments', () => {
    const text = new TextDecoder()
      .decode(bytes)
      .replace(/\n/g, '\r\n')
      .replace(/\r\n\r\n/g, '\r\n\r\n: keep-alive\r\n\r\n');
    const crlf = encoder.encode(text);
    const whole = decodePieces([bytes]);
    for (let cut = 0; cut <= crlf.length; cut += 7) {
      assert.deepEqual(decodePieces([crlf.subarray(0, cut), crlf.subarray(cut)]).message, whole.message, `split at byte ${cut}`);
    }
  });

  it('takes the thread id from the finish event', async () => {
    const withThread = await sdkStreamBytes([{ type: 'finish', threadId: 'th_9' } as unknown as UIMessageChunk]);
    assert.equal(decodePieces([withThread]).threadId, 'th_9');
  });

  it('reads nothing after [DONE]', () => {
    const after = encoder.encode(
      'data: {"type":"text-delta","id":"t","delta":"a"}\n\ndata: [DONE]\n\ndata: {"type":"text-delta","id":"t","delta":"b"}\n\n',
    );
    const decoded = decodePieces([after]);
    assert.equal(messageText(decoded.message), 'a');
    assert.equal(decoded.done, true);
  });

  it('skips what it cannot read with a warning and never throws', () => {
    const garbage = encoder.encode(
      [
        'data: {"type":"text-delta","id":"t","delta":"one "}',
        'data: not json at all',
        'data: [1,2,3]',
        'data: {"no":"type"}',
        'data: {"type":"text-delta","id":"t"}',
        'data: {"type":"text-delta","id":"t","delta":42}',
        'data: {"type":"source-url","sourceId":"s"}',
        'data: {"type":"data-x"}',
        'data: {"type":"tool-input-available","toolCallId":"c","toolName":"search","input":{}}',
        'data: {"type":"reset-step"}',
        'data: {"type":"__proto__"}',
        'data: {"type":"constructor"}',
        'retry: not-a-number',
        'event: unusual',
        'data: {"type":"text-delta","id":"t","delta":"two"}',
        'data: {"type":"finish"}',
      ].join('\n\n') + '\n\n',
    );
    const decoded = decodePieces([garbage]);
    assert.equal(messageText(decoded.message), 'one two');
    assert.equal(decoded.finished, true);
    assert.equal(decoded.warnings.length, 8, decoded.warnings.join('\n'));
    assert.ok(decoded.warnings.some((warning) => /not JSON: not json at all/.test(warning)));
    assert.ok(decoded.warnings.some((warning) => /text-delta chunk without a valid "delta"/.test(warning)));
  });

  it('keeps a delta without its text-start, and joins deltas of one id in order', () => {
    const decoded = decodePieces([
      encoder.encode('data: {"type":"text-delta","id":"x","delta":"a"}\n\ndata: {"type":"text-delta","id":"x","delta":"b"}\n\n'),
    ]);
    assert.deepEqual(decoded.message.parts, [{ type: 'text', id: 'x', text: 'ab', done: false }]);
    assert.equal(decoded.finished, false);
  });

  it('readChunk checks fields and drops unknown ones', () => {
    assert.deepEqual(readChunk('{"type":"text-delta","id":"t","delta":"x","providerMetadata":{},"extra":1}'), {
      kind: 'chunk',
      chunk: { type: 'text-delta', id: 't', delta: 'x' },
    });
    assert.deepEqual(readChunk('{"type":"error","errorText":"boom"}'), { kind: 'chunk', chunk: { type: 'error', errorText: 'boom' } });
    assert.deepEqual(readChunk('{"type":"abort"}'), { kind: 'chunk', chunk: { type: 'abort' } });
    assert.deepEqual(readChunk('{"type":"tool-output-available","toolCallId":"c","output":1,"dynamic":true}'), {
      kind: 'chunk',
      chunk: { type: 'tool-output-available', toolCallId: 'c', output: 1 },
    });
    assert.deepEqual(readChunk('{"type":"tool-input-start","toolCallId":"c"}'), {
      kind: 'invalid',
      reason: 'tool-input-start chunk without a valid "toolName"',
    });
    assert.deepEqual(readChunk('{"type":"start-step"}'), { kind: 'ignored', type: 'start-step' });
    assert.equal(readChunk('{"type":"finish","finishReason":7}').kind, 'chunk');
  });
});
