// 1. Stream decoding. The same recorded streams, written by the `ai` package's own server
// helpers, decoded three ways from memory: by our client's reader, by the `ai` package's client
// path (parseJsonEventStream, then readUIMessageStream), and by a bare eventsource-parser and
// JSON.parse loop that only concatenates the text deltas: the floor, below which no decoder of
// this format can go.

import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  parseJsonEventStream,
  readUIMessageStream,
  uiMessageChunkSchema,
  type UIMessageChunk,
} from 'ai';
import { createParser } from 'eventsource-parser';
import { messageText } from '../src/platform/stream/assistantMessage';
import { readAssistantStream } from '../src/platform/stream/readAssistantStream';
import { median, medianMs, ms, ratio, type Row } from './measure';
import { sampleDocumentation } from './sampleText';

/** Words of the sample documentation, cycled: deltas of one or two words, as a model's tokens come. */
function deltas(count: number): string[] {
  const text = sampleDocumentation();
  const pieces = text.match(/\S+\s*/g) ?? [];
  return Array.from({ length: count }, (_, i) => pieces[(2 * i) % pieces.length] + pieces[(2 * i + 1) % pieces.length]);
}

/** The SSE bytes the `ai` package's server helpers write for an answer in `count` deltas. */
async function recordedStream(count: number): Promise<{ bytes: Uint8Array; text: string }> {
  const parts = deltas(count);
  const chunks: UIMessageChunk[] = [
    { type: 'start', messageId: 'bench' },
    { type: 'text-start', id: 't' },
    ...parts.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'source-url', sourceId: 's', url: 'https://docs.acme.example/guides/chat', title: 'Chat' },
    { type: 'finish', finishReason: 'stop' },
  ];
  const stream = createUIMessageStream({ execute: ({ writer }) => chunks.forEach((chunk) => writer.write(chunk)) });
  const bytes = new Uint8Array(await createUIMessageStreamResponse({ stream }).arrayBuffer());
  return { bytes, text: parts.join('') };
}

/** The body as reads of `size` bytes (the last one shorter), as a socket would deliver it. */
function reads(bytes: Uint8Array, size: number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) pieces.push(bytes.subarray(offset, offset + size));
  return pieces;
}

async function* iterate(pieces: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const piece of pieces) yield piece;
}

function streamOf(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (index < pieces.length) controller.enqueue(pieces[index++]);
      else controller.close();
    },
  });
}

type Decoder = (pieces: readonly Uint8Array[]) => Promise<string>;

const ours: Decoder = async (pieces) => {
  const read = await readAssistantStream(iterate(pieces), { onWarning: () => {} });
  return messageText(read.builder.message);
};

const aiPackage: Decoder = async (pieces) => {
  const parsed = parseJsonEventStream({ stream: streamOf(pieces), schema: uiMessageChunkSchema });
  const chunks = parsed.pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (result.success) controller.enqueue(result.value);
      },
    }),
  );
  let text = '';
  for await (const message of readUIMessageStream({ stream: chunks as ReadableStream<UIMessageChunk> })) {
    text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
  return text;
};

const floor: Decoder = async (pieces) => {
  const decoder = new TextDecoder();
  let text = '';
  const parser = createParser({
    onEvent: (event) => {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as { type: string; delta?: string };
      if (chunk.type === 'text-delta') text += chunk.delta;
    },
  });
  for await (const piece of iterate(pieces)) parser.feed(decoder.decode(piece, { stream: true }));
  return text;
};

interface Case {
  readonly name: string;
  readonly deltas: number;
  /** Bytes per read; the whole body in 16 KB reads unless said. */
  readonly readSize: number;
  readonly runs: number;
}

const CASES: readonly Case[] = [
  { name: 'short answer (300 deltas)', deltas: 300, readSize: 16_384, runs: 9 },
  { name: '16,000 deltas', deltas: 16_000, readSize: 16_384, runs: 5 },
  { name: '64,000 deltas', deltas: 64_000, readSize: 16_384, runs: 3 },
  { name: '16,000 deltas in 1-byte reads', deltas: 16_000, readSize: 1, runs: 1 },
];

/** Rounds of ours against the floor; the figure is the median of their ratios. */
const ROUNDS = 5;

export interface DecodingFigures {
  readonly rows: Row[];
  readonly lines: string[];
}

export async function benchStreamDecoding(log: (line: string) => void): Promise<DecodingFigures> {
  const rows: Row[] = [];
  const lines: string[] = [];
  const perDelta = new Map<string, number>();
  for (const testCase of CASES) {
    const { bytes, text } = await recordedStream(testCase.deltas);
    const pieces = reads(bytes, testCase.readSize);
    for (const [name, decode] of Object.entries({ ours, ai: aiPackage, floor })) {
      // Every decoder must read the whole answer, or its time means nothing.
      const decoded = await decode(pieces);
      if (decoded !== text) throw new Error(`${name} decoded ${decoded.length} characters of ${text.length} in "${testCase.name}"`);
    }
    const timed = (decode: Decoder, runs: number) => medianMs(() => decode(pieces), runs, testCase.readSize === 1 ? 0 : 1);
    // Ours against the floor: ROUNDS rounds, each timing both in turn (which goes first alternates),
    // and the median of the rounds' ratios, so that one noisy moment does not make the figure.
    const rounds: { ours: number; floor: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 2 === 0 ? 'ours' : 'floor';
      const times = { ours: 0, floor: 0 };
      for (const name of first === 'ours' ? (['ours', 'floor'] as const) : (['floor', 'ours'] as const))
        times[name] = await timed(name === 'ours' ? ours : floor, testCase.runs);
      rounds.push(times);
    }
    const ratios = rounds.map((round) => round.ours / round.floor);
    const timings = {
      ours: median(rounds.map((round) => round.ours)),
      floor: median(rounds.map((round) => round.floor)),
      ai: await timed(aiPackage, testCase.readSize === 1 ? 1 : testCase.runs),
    };
    const vsFloor = median(ratios);
    log(
      `${testCase.name}: ours ÷ floor in ${ROUNDS} rounds: ${ratios.map((value) => value.toFixed(2)).join(', ')} (median ${vsFloor.toFixed(2)})`,
    );
    perDelta.set(testCase.name, (timings.ours * 1000) / testCase.deltas);
    const line = `${testCase.name}, ${(bytes.length / 1024).toFixed(0)} KB in ${pieces.length} reads: ours ${ms(timings.ours)}, ai ${ms(timings.ai)}, floor ${ms(timings.floor)}`;
    log(line);
    lines.push(line);
    const vsAi = timings.ai / timings.ours;
    const sixteen = testCase.deltas === 16_000 && testCase.readSize > 1;
    rows.push({
      measure: `decode ${testCase.name}: vs the \`ai\` package`,
      ours: ms(timings.ours),
      baseline: ms(timings.ai),
      ratio: `${ratio(vsAi)} faster`,
      goal: sixteen ? '≥ 10× faster' : '',
      ...(sixteen ? { met: vsAi >= 10 } : {}),
    });
    rows.push({
      measure: `decode ${testCase.name}: vs the floor`,
      ours: ms(timings.ours),
      baseline: ms(timings.floor),
      ratio: `${ratio(vsFloor)} the floor's time`,
      goal: sixteen ? `within 2× of the floor (median of ${ROUNDS} rounds)` : '',
      ...(sixteen ? { met: vsFloor <= 2 } : {}),
    });
  }
  const small = perDelta.get('16,000 deltas')!;
  const large = perDelta.get('64,000 deltas')!;
  rows.push({
    measure: 'decode: cost per delta at 64,000 vs 16,000 deltas',
    ours: `${large.toFixed(2)} µs`,
    baseline: `${small.toFixed(2)} µs`,
    ratio: ratio(large / small),
    goal: 'flat (≤ 1.5×)',
    met: large / small <= 1.5,
  });
  return { rows, lines };
}
