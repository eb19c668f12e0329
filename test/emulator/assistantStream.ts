// The chunks of one assistant answer, in the live service's shape or the spec's.
//
// Live (shared/notes/real-world-api.md, "How the live assistant actually answers"): a step per
// `search` tool call, its input streamed, a pause while it retrieves, its output listing the
// pages; the text in a later step; `finish` without a thread id. Spec: `source-url` chunks, then
// the text, and the thread id on `finish`.

import { composeAnswer, evenPieces, excerpt, toDeltas } from './answer';
import type { ContextItemBody } from './assistantBody';
import type { DocPage, DocsIndex } from './docsIndex';
import type { Fault } from './faults';

export type Chunk = { type: string } & Record<string, unknown>;
/** Not sent: the emulator waits this long before the next chunk, as retrieval takes time. */
export interface Pause {
  readonly type: 'pause';
  readonly ms: number;
}

export interface StreamSwitches {
  /** `live` (the default) or `spec`. */
  streamShape: 'live' | 'spec';
  /** How long a search takes before its output arrives. */
  searchDelayMs: number;
  /** The search tool's output as a bare array of results, or as `{type: 'search', results}`. */
  searchOutput: 'array' | 'object';
  /** Results name their page by `path`, or by `url` (the page's address on the site). */
  resultTarget: 'path' | 'url';
  /** Whether results carry `metadata.title`. */
  resultTitles: boolean;
  /** Pad the excerpts so that one search's output is about 100 KB. */
  largeSearchOutput: boolean;
  /** The turn ends after its tool calls, with no text. */
  noText: boolean;
  /** When set, the answer's text is exactly this. */
  answerOverride?: string;
  /**
   * When set, the answer's text comes in this many deltas of nearly equal size (1: all at once), as
   * from a cache or a fast model, instead of a word or two a delta.
   */
  answerDeltas?: number;
  /** Results added to the first search's output as they are, hostile ones included. */
  extraResults?: readonly Record<string, unknown>[];
}

export interface AnswerRequest {
  readonly question: string;
  readonly context: readonly ContextItemBody[];
  readonly currentPath?: string;
  readonly retrievalPageSize: number;
  /** On `finish`, in the spec's shape only. */
  readonly threadId: string;
}

interface Search {
  readonly query: string;
  readonly pages: DocPage[];
}

const LARGE_OUTPUT_BYTES = 100 * 1024;

export function answerStream(
  docs: DocsIndex,
  request: AnswerRequest,
  switches: StreamSwitches,
  siteUrl: (page: Pick<DocPage, 'path'>) => string,
  messageId: string,
  fault: Fault | undefined,
): (Chunk | Pause)[] {
  const searches = searchesFor(docs, request);
  const pages = unique(searches.flatMap((search) => search.pages));
  const live = switches.streamShape === 'live';
  // The same text in either shape: the shapes differ in how the stream names pages and the thread.
  const text =
    switches.answerOverride ??
    composeAnswer({
      question: request.question,
      context: request.context,
      ...(request.currentPath === undefined ? {} : { currentPath: request.currentPath }),
      pages,
      pageLink: (page) => `/${page.path}`,
      suggestions: suggestionsFor(docs, pages),
    });
  const chunks: (Chunk | Pause)[] = [{ type: 'start', messageId }];
  if (live) {
    searches.forEach((search, i) =>
      chunks.push(...searchStep(`call_${i + 1}`, search, switches, siteUrl, i === 0 ? (switches.extraResults ?? []) : [])),
    );
    if (switches.noText) {
      // The live service has other tools whose output is not for the reader.
      chunks.push(...toolStep('call_unanswered', 'recordUnanswered', { query: request.question }, { recorded: true }, 0));
      chunks.push({ type: 'finish', finishReason: 'stop' });
      return chunks;
    }
    chunks.push({ type: 'start-step' });
  } else {
    chunks.push({ type: 'start-step' });
    pages.forEach((page, i) => chunks.push({ type: 'source-url', sourceId: `source-${i + 1}`, url: siteUrl(page), title: page.title }));
  }
  if (fault?.kind === 'floodOfParts') {
    for (let i = 0; i < fault.count; i++) {
      chunks.push(
        { type: 'source-url', sourceId: `flood-${i}`, url: `https://docs.acme.example/flood/${i}` },
        { type: 'tool-input-start', toolCallId: `flood-call-${i}`, toolName: 'search' },
        { type: 'tool-input-available', toolCallId: `flood-call-${i}`, toolName: 'search', input: { query: `q${i}` } },
        { type: 'tool-output-available', toolCallId: `flood-call-${i}`, output: [{ path: `flood/found-${i}`, content: 'x' }] },
      );
    }
  }
  chunks.push({ type: 'text-start', id: 'text-1' });
  const pieces = switches.answerDeltas === undefined ? toDeltas(text) : evenPieces(text, switches.answerDeltas);
  const deltas = pieces.map((delta): Chunk => ({ type: 'text-delta', id: 'text-1', delta }));
  if (fault?.kind === 'unknownChunk') {
    deltas.splice(Math.floor(deltas.length / 2), 0, {
      type: 'x-emulator-future-chunk',
      payload: { note: 'a chunk type from a newer SDK' },
    });
    deltas[0] = { ...deltas[0], providerMetadata: { emulator: { fresh: true } }, futureField: 'ignored' };
  }
  if (fault?.kind === 'errorChunk') {
    chunks.push(...deltas.slice(0, Math.ceil(deltas.length / 2)), { type: 'error', errorText: fault.errorText });
    return chunks;
  }
  chunks.push(...deltas, { type: 'text-end', id: 'text-1' }, { type: 'finish-step' });
  chunks.push(live ? { type: 'finish', finishReason: 'stop' } : { type: 'finish', finishReason: 'stop', threadId: request.threadId });
  return chunks;
}

/** The question's search, and a second one for attached code: the live assistant often searches twice. */
function searchesFor(docs: DocsIndex, request: AnswerRequest): Search[] {
  const searches: Search[] = [{ query: request.question.replace(/\s+/g, ' ').trim().slice(0, 200), pages: [] }];
  const code = request.context.map((item) => item.value).join(' ');
  if (code.trim() !== '') searches.push({ query: code.replace(/\s+/g, ' ').trim().split(' ').slice(0, 8).join(' '), pages: [] });
  return searches.map((search) => ({ query: search.query, pages: docs.search(search.query, request.retrievalPageSize) }));
}

function searchStep(
  toolCallId: string,
  search: Search,
  switches: StreamSwitches,
  siteUrl: (page: DocPage) => string,
  extra: readonly Record<string, unknown>[],
): (Chunk | Pause)[] {
  const padding = switches.largeSearchOutput ? Math.ceil(LARGE_OUTPUT_BYTES / Math.max(1, search.pages.length)) : 0;
  const results = search.pages.map((page) => {
    let content = excerpt(page, search.query);
    while (content.length < padding) content += `\n\n${page.text}`;
    return {
      ...(switches.resultTarget === 'url' ? { url: siteUrl(page) } : { path: page.path }),
      content,
      metadata: switches.resultTitles ? { title: page.title, breadcrumbs: page.path.split('/').slice(0, -1) } : { breadcrumbs: [] },
    };
  });
  const all = [...results, ...extra];
  const output = switches.searchOutput === 'object' ? { type: 'search', results: all } : all;
  return toolStep(toolCallId, 'search', { query: search.query }, output, switches.searchDelayMs);
}

/** One step calling one tool: its input streamed in pieces, a pause while it runs, its output. */
function toolStep(
  toolCallId: string,
  toolName: string,
  input: Record<string, unknown>,
  output: unknown,
  pauseMs: number,
): (Chunk | Pause)[] {
  const json = JSON.stringify(input);
  const third = Math.ceil(json.length / 3);
  const pieces = [json.slice(0, third), json.slice(third, 2 * third), json.slice(2 * third)].filter((piece) => piece !== '');
  return [
    { type: 'start-step' },
    { type: 'tool-input-start', toolCallId, toolName },
    ...pieces.map((inputTextDelta): Chunk => ({ type: 'tool-input-delta', toolCallId, inputTextDelta })),
    { type: 'tool-input-available', toolCallId, toolName, input },
    ...(pauseMs > 0 ? [{ type: 'pause', ms: pauseMs } as const] : []),
    { type: 'tool-output-available', toolCallId, output },
    { type: 'finish-step' },
  ];
}

/** Pages beside the answer's first page (same folder) that the answer did not use. */
function suggestionsFor(docs: DocsIndex, used: readonly DocPage[]): DocPage[] {
  const first = used[0];
  if (!first) return [];
  const folder = first.path.includes('/') ? first.path.slice(0, first.path.lastIndexOf('/') + 1) : '';
  return docs
    .all()
    .filter((page) => !used.includes(page) && page.path.startsWith(folder) && !page.path.slice(folder.length).includes('/'))
    .sort((a, b) => a.path.localeCompare(b.path))
    .slice(0, 3);
}

function unique(pages: readonly DocPage[]): DocPage[] {
  return [...new Set(pages)];
}
