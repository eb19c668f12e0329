// The chunks of the chat SDK's UI message stream (versions 5 to 7) that this client uses, checked
// field by field. Unknown chunk types and unknown fields are dropped, never an error: the server
// may be newer than this client.

export type StreamChunk =
  | { readonly type: 'start'; readonly messageId?: string; readonly messageMetadata?: unknown }
  | { readonly type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'; readonly id: string }
  | { readonly type: 'text-delta' | 'reasoning-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'source-url'; readonly sourceId: string; readonly url: string; readonly title?: string }
  | {
      readonly type: 'source-document';
      readonly sourceId: string;
      readonly mediaType: string;
      readonly title: string;
      readonly filename?: string;
    }
  | { readonly type: 'file'; readonly url: string; readonly mediaType: string }
  | { readonly type: 'tool-input-start'; readonly toolCallId: string; readonly toolName: string }
  | { readonly type: 'tool-input-delta'; readonly toolCallId: string; readonly inputTextDelta: string }
  | { readonly type: 'tool-input-available'; readonly toolCallId: string; readonly toolName: string; readonly input: unknown }
  | { readonly type: 'tool-input-error'; readonly toolCallId: string; readonly toolName: string; readonly errorText: string }
  | { readonly type: 'tool-output-available'; readonly toolCallId: string; readonly output: unknown }
  | { readonly type: 'tool-output-error'; readonly toolCallId: string; readonly errorText: string }
  /** A `data-NAME` chunk; `name` is what follows `data-`. */
  | { readonly type: 'data'; readonly name: string; readonly id?: string; readonly data: unknown; readonly transient?: boolean }
  | { readonly type: 'message-metadata'; readonly messageMetadata: unknown }
  | { readonly type: 'error'; readonly errorText: string }
  | { readonly type: 'abort'; readonly reason?: string }
  | { readonly type: 'finish'; readonly finishReason?: string; readonly messageMetadata?: unknown; readonly threadId?: string };

export type ChunkReading =
  | { readonly kind: 'chunk'; readonly chunk: StreamChunk }
  /** A chunk this client has no use for: an unknown type or a step marker. Not a problem. */
  | { readonly kind: 'ignored'; readonly type: string }
  /** A chunk that cannot be used: not JSON, or a known type with a required field missing. */
  | { readonly kind: 'invalid'; readonly reason: string };

type Fields = Record<string, unknown>;

const str = (fields: Fields, name: string): string | undefined => (typeof fields[name] === 'string' ? fields[name] : undefined);

/** Each known type's reader returns the typed chunk, or the name of the field that is missing. */
const readers: Record<string, (f: Fields) => StreamChunk | string> = {
  start: (f) => ({ type: 'start', ...opt('messageId', str(f, 'messageId')), ...opt('messageMetadata', f.messageMetadata) }),
  'text-start': (f) => withId(f, 'text-start'),
  'text-end': (f) => withId(f, 'text-end'),
  'reasoning-start': (f) => withId(f, 'reasoning-start'),
  'reasoning-end': (f) => withId(f, 'reasoning-end'),
  'text-delta': (f) => withDelta(f, 'text-delta'),
  'reasoning-delta': (f) => withDelta(f, 'reasoning-delta'),
  'source-url': (f) => {
    const sourceId = str(f, 'sourceId');
    const url = str(f, 'url');
    if (sourceId === undefined) return 'sourceId';
    if (url === undefined) return 'url';
    return { type: 'source-url', sourceId, url, ...opt('title', str(f, 'title')) };
  },
  'source-document': (f) => {
    const sourceId = str(f, 'sourceId');
    const mediaType = str(f, 'mediaType');
    const title = str(f, 'title');
    if (sourceId === undefined) return 'sourceId';
    if (mediaType === undefined) return 'mediaType';
    if (title === undefined) return 'title';
    return { type: 'source-document', sourceId, mediaType, title, ...opt('filename', str(f, 'filename')) };
  },
  file: (f) => {
    const url = str(f, 'url');
    const mediaType = str(f, 'mediaType');
    if (url === undefined) return 'url';
    if (mediaType === undefined) return 'mediaType';
    return { type: 'file', url, mediaType };
  },
  'tool-input-start': (f) => withTool(f, (toolCallId, toolName) => ({ type: 'tool-input-start', toolCallId, toolName })),
  'tool-input-delta': (f) => {
    const toolCallId = str(f, 'toolCallId');
    const inputTextDelta = str(f, 'inputTextDelta');
    if (toolCallId === undefined) return 'toolCallId';
    if (inputTextDelta === undefined) return 'inputTextDelta';
    return { type: 'tool-input-delta', toolCallId, inputTextDelta };
  },
  'tool-input-available': (f) =>
    withTool(f, (toolCallId, toolName) => ({ type: 'tool-input-available', toolCallId, toolName, input: f.input })),
  'tool-input-error': (f) =>
    withTool(f, (toolCallId, toolName) => ({ type: 'tool-input-error', toolCallId, toolName, errorText: str(f, 'errorText') ?? '' })),
  'tool-output-available': (f) => {
    const toolCallId = str(f, 'toolCallId');
    if (toolCallId === undefined) return 'toolCallId';
    return 'output' in f ? { type: 'tool-output-available', toolCallId, output: f.output } : 'output';
  },
  'tool-output-error': (f) => {
    const toolCallId = str(f, 'toolCallId');
    return toolCallId === undefined ? 'toolCallId' : { type: 'tool-output-error', toolCallId, errorText: str(f, 'errorText') ?? '' };
  },
  'message-metadata': (f) =>
    'messageMetadata' in f ? { type: 'message-metadata', messageMetadata: f.messageMetadata } : 'messageMetadata',
  error: (f) => {
    const errorText = str(f, 'errorText');
    return errorText === undefined ? 'errorText' : { type: 'error', errorText };
  },
  abort: (f) => ({ type: 'abort', ...opt('reason', str(f, 'reason')) }),
  finish: (f) => ({
    type: 'finish',
    ...opt('finishReason', str(f, 'finishReason')),
    ...opt('messageMetadata', f.messageMetadata),
    ...opt('threadId', str(f, 'threadId')),
  }),
};

function withId(f: Fields, type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'): StreamChunk | string {
  const id = str(f, 'id');
  return id === undefined ? 'id' : { type, id };
}

function withTool(f: Fields, make: (toolCallId: string, toolName: string) => StreamChunk): StreamChunk | string {
  const toolCallId = str(f, 'toolCallId');
  const toolName = str(f, 'toolName');
  if (toolCallId === undefined) return 'toolCallId';
  if (toolName === undefined) return 'toolName';
  return make(toolCallId, toolName);
}

function withDelta(f: Fields, type: 'text-delta' | 'reasoning-delta'): StreamChunk | string {
  const id = str(f, 'id');
  const delta = str(f, 'delta');
  if (id === undefined) return 'id';
  if (delta === undefined) return 'delta';
  return { type, id, delta };
}

function opt<K extends string, V>(name: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [name]: value }) as { [P in K]?: V };
}

/** Reads the `data` of one SSE event. Never throws. */
export function readChunk(data: string): ChunkReading {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: 'invalid', reason: `not JSON: ${data.length > 80 ? `${data.slice(0, 80)}…` : data}` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { kind: 'invalid', reason: 'not a JSON object' };
  const fields = json as Fields;
  const type = fields.type;
  if (typeof type !== 'string') return { kind: 'invalid', reason: 'no "type" field' };
  if (type.startsWith('data-') && type.length > 5) {
    if (!('data' in fields)) return { kind: 'invalid', reason: `${type} chunk without "data"` };
    return {
      kind: 'chunk',
      chunk: {
        type: 'data',
        name: type.slice(5),
        data: fields.data,
        ...opt('id', str(fields, 'id')),
        ...opt('transient', typeof fields.transient === 'boolean' ? fields.transient : undefined),
      },
    };
  }
  const reader = Object.prototype.hasOwnProperty.call(readers, type) ? readers[type] : undefined;
  if (!reader) return { kind: 'ignored', type };
  const result = reader(fields);
  return typeof result === 'string'
    ? { kind: 'invalid', reason: `${type} chunk without a valid "${result}"` }
    : { kind: 'chunk', chunk: result };
}
