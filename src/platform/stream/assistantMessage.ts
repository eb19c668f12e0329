// Folds stream chunks into the assistant's message. Each chunk costs the same however long the
// message already is: text parts are found by id in a map, never by scanning.

import type { StreamChunk } from './chunks';

export type AssistantPart =
  | { type: 'text'; id: string; text: string; done: boolean }
  | { type: 'reasoning'; id: string; text: string; done: boolean }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | { type: 'source-document'; sourceId: string; mediaType: string; title: string; filename?: string }
  | { type: 'file'; url: string; mediaType: string }
  | { type: 'data'; name: string; id?: string; data: unknown }
  | ToolPart;

/** A tool the assistant called, such as the live service's `search`, as far as it has got. */
export interface ToolPart {
  type: 'tool';
  toolCallId: string;
  /** Empty when the call's first chunk was not its start. */
  toolName: string;
  state: 'input-streaming' | 'input-available' | 'output-available' | 'output-error';
  /** The input's JSON as it streams; kept short, since only the parsed input is used. */
  inputText: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

/** Streamed input beyond this is not kept: a tool's input is a query, not a document. */
const MAX_TOOL_INPUT_TEXT = 4_096;

export interface AssistantMessage {
  id?: string;
  /** In order of first appearance, as the SDK's own client keeps them. */
  parts: AssistantPart[];
  metadata?: unknown;
  finishReason?: string;
  /** From an `error` chunk: the server's explanation of why the answer stopped. */
  errorText?: string;
  /** From an `abort` chunk. */
  abortReason?: string;
  aborted?: boolean;
}

type StreamingPart = Extract<AssistantPart, { type: 'text' | 'reasoning' }>;

export class AssistantMessageBuilder {
  readonly message: AssistantMessage = { parts: [] };
  private readonly streaming = new Map<string, StreamingPart>();
  private readonly dataParts = new Map<string, Extract<AssistantPart, { type: 'data' }>>();
  private readonly tools = new Map<string, ToolPart>();
  private finishedThreadId: string | undefined;
  private finished = false;

  /** The thread id carried by the finish chunk, as the spec describes. */
  get threadId(): string | undefined {
    return this.finishedThreadId;
  }

  get sawFinish(): boolean {
    return this.finished;
  }

  apply(chunk: StreamChunk): void {
    const message = this.message;
    switch (chunk.type) {
      case 'start':
        if (chunk.messageId !== undefined) message.id = chunk.messageId;
        if (chunk.messageMetadata !== undefined) message.metadata = mergeMetadata(message.metadata, chunk.messageMetadata);
        break;
      case 'text-start':
      case 'reasoning-start':
        this.streamingPart(chunk.type === 'text-start' ? 'text' : 'reasoning', chunk.id);
        break;
      case 'text-delta':
      case 'reasoning-delta':
        this.streamingPart(chunk.type === 'text-delta' ? 'text' : 'reasoning', chunk.id).text += chunk.delta;
        break;
      case 'text-end':
      case 'reasoning-end':
        this.streamingPart(chunk.type === 'text-end' ? 'text' : 'reasoning', chunk.id).done = true;
        break;
      case 'source-url':
        message.parts.push({
          type: 'source-url',
          sourceId: chunk.sourceId,
          url: chunk.url,
          ...(chunk.title === undefined ? {} : { title: chunk.title }),
        });
        break;
      case 'source-document':
        message.parts.push({ ...chunk });
        break;
      case 'file':
        message.parts.push({ type: 'file', url: chunk.url, mediaType: chunk.mediaType });
        break;
      case 'data':
        this.applyData(chunk);
        break;
      case 'tool-input-start':
        this.tool(chunk.toolCallId, chunk.toolName);
        break;
      case 'tool-input-delta': {
        const tool = this.tool(chunk.toolCallId);
        if (tool.inputText.length < MAX_TOOL_INPUT_TEXT)
          tool.inputText = (tool.inputText + chunk.inputTextDelta).slice(0, MAX_TOOL_INPUT_TEXT);
        break;
      }
      case 'tool-input-available':
        Object.assign(this.tool(chunk.toolCallId, chunk.toolName), { state: 'input-available', input: chunk.input });
        break;
      case 'tool-output-available':
        Object.assign(this.tool(chunk.toolCallId), { state: 'output-available', output: chunk.output });
        break;
      case 'tool-input-error':
      case 'tool-output-error':
        Object.assign(this.tool(chunk.toolCallId, chunk.type === 'tool-input-error' ? chunk.toolName : undefined), {
          state: 'output-error',
          errorText: chunk.errorText,
        });
        break;
      case 'message-metadata':
        message.metadata = mergeMetadata(message.metadata, chunk.messageMetadata);
        break;
      case 'error':
        message.errorText = chunk.errorText;
        break;
      case 'abort':
        message.aborted = true;
        if (chunk.reason !== undefined) message.abortReason = chunk.reason;
        break;
      case 'finish':
        this.finished = true;
        if (chunk.finishReason !== undefined) message.finishReason = chunk.finishReason;
        if (chunk.messageMetadata !== undefined) message.metadata = mergeMetadata(message.metadata, chunk.messageMetadata);
        if (chunk.threadId !== undefined) this.finishedThreadId = chunk.threadId;
        for (const part of this.streaming.values()) part.done = true;
        break;
    }
  }

  /** Text and reasoning parts share one id space per kind; a delta without a start still counts. */
  private streamingPart(type: 'text' | 'reasoning', id: string): StreamingPart {
    const key = `${type}:${id}`;
    const existing = this.streaming.get(key);
    if (existing) return existing;
    const part: StreamingPart = { type, id, text: '', done: false };
    this.streaming.set(key, part);
    this.message.parts.push(part);
    return part;
  }

  /** The call's part, made on its first chunk whichever that is; a later name fills in a missing one. */
  private tool(toolCallId: string, toolName?: string): ToolPart {
    let part = this.tools.get(toolCallId);
    if (!part) {
      part = { type: 'tool', toolCallId, toolName: toolName ?? '', state: 'input-streaming', inputText: '' };
      this.tools.set(toolCallId, part);
      this.message.parts.push(part);
    } else if (toolName && !part.toolName) part.toolName = toolName;
    return part;
  }

  /** A data part with an id replaces its earlier version in place; transient ones are not kept. */
  private applyData(chunk: Extract<StreamChunk, { type: 'data' }>): void {
    if (chunk.transient) return;
    const key = chunk.id === undefined ? undefined : `${chunk.name}:${chunk.id}`;
    const existing = key === undefined ? undefined : this.dataParts.get(key);
    if (existing) {
      existing.data = chunk.data;
      return;
    }
    const part: Extract<AssistantPart, { type: 'data' }> = {
      type: 'data',
      name: chunk.name,
      data: chunk.data,
      ...(chunk.id === undefined ? {} : { id: chunk.id }),
    };
    if (key !== undefined) this.dataParts.set(key, part);
    this.message.parts.push(part);
  }
}

/** Keys of message metadata kept, at most: a server sending one more with every chunk stops adding. */
const MAX_METADATA_KEYS = 1_000;

/**
 * Metadata merged as the SDK merges it, into the message's own object, in place: copying all the
 * keys so far at every chunk would make a stream of metadata cost its square.
 */
function mergeMetadata(current: unknown, next: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(next)) return next;
  const merged = isObject(current) && MERGED.has(current) ? current : { ...(isObject(current) ? current : {}) };
  MERGED.add(merged);
  let keys = Object.keys(merged).length;
  for (const [key, value] of Object.entries(next)) {
    if (!(key in merged) && keys >= MAX_METADATA_KEYS) continue;
    if (!(key in merged)) keys += 1;
    merged[key] = value;
  }
  return merged;
}

/** The metadata objects made here, which may be changed in place (one from the server never is). */
const MERGED = new WeakSet<object>();

/** The answer's text: its text parts, in order, separated by blank lines. */
export function messageText(message: AssistantMessage): string {
  return message.parts
    .filter((part): part is Extract<AssistantPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n');
}
