// Folds one request's chunks into its turn: the text, what the assistant is doing while there is
// none yet, and the pages it drew on. Each chunk costs the same however long the answer already
// is: tool calls are remembered by id, and sources are kept in a list that adds in constant time.

import type { StreamChunk } from '../platform/stream/chunks';
import { SEARCH_TOOL, SourceList } from '../platform/stream/sources';
import type { TurnActivity } from '../shared/activity';
import type { ChatEvent } from './chatEvent';
import type { Turn } from './conversation';

/** Sources kept per turn; the view shows the first few and says how many more. */
export const MAX_SOURCES = 50;

interface ToolCall {
  readonly name: string;
  readonly input?: unknown;
}

export class TurnStream {
  /** Several text parts read as paragraphs: a blank line goes between them. */
  private lastTextPart: string | undefined;
  private readonly tools = new Map<string, ToolCall>();
  private readonly sources = new SourceList(MAX_SOURCES);

  constructor(
    private readonly turn: Turn,
    private readonly fire: (event: ChatEvent) => void,
    private readonly saveSoon: () => void,
  ) {}

  apply(chunk: StreamChunk): void {
    const turn = this.turn;
    switch (chunk.type) {
      case 'text-delta': {
        if (chunk.delta === '') return;
        const text =
          this.lastTextPart !== undefined && this.lastTextPart !== chunk.id && turn.answer !== '' ? `\n\n${chunk.delta}` : chunk.delta;
        this.lastTextPart = chunk.id;
        if (turn.activity) this.setActivity(undefined);
        turn.answer += text;
        this.fire({ type: 'delta', turnId: turn.id, text });
        this.saveSoon();
        return;
      }
      case 'tool-input-start':
        this.tools.set(chunk.toolCallId, { name: chunk.toolName });
        if (turn.answer === '') this.setActivity(chunk.toolName === SEARCH_TOOL ? { kind: 'searching' } : { kind: 'working' });
        return;
      case 'tool-input-available':
        this.tools.set(chunk.toolCallId, { name: chunk.toolName, input: chunk.input });
        if (turn.answer === '' && chunk.toolName === SEARCH_TOOL) this.setActivity({ kind: 'searching', ...queryOf(chunk.input) });
        return;
      case 'tool-output-available': {
        const tool = this.tools.get(chunk.toolCallId);
        if (tool?.name !== SEARCH_TOOL) return;
        if (turn.answer === '') {
          const found = new SourceList();
          found.addResults(chunk.output);
          this.setActivity({ kind: 'searching', ...queryOf(tool.input), found: found.sources.length });
        }
        this.addSources(() => this.sources.addResults(chunk.output) > 0);
        return;
      }
      case 'source-url':
        this.addSources(() => this.sources.add({ url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) }));
        return;
      case 'source-document':
        this.addSources(() => this.sources.add({ title: chunk.title, ...(chunk.filename ? { url: chunk.filename } : {}) }));
        return;
      default:
        return;
    }
  }

  private setActivity(activity: TurnActivity | undefined): void {
    if (activity) this.turn.activity = activity;
    else delete this.turn.activity;
    this.fire({ type: 'activity', turnId: this.turn.id, activity });
  }

  /** Runs `add`; when it added any, the turn lists the sources as they are now. A full list is not read again. */
  private addSources(add: () => boolean): void {
    if (this.sources.full || !add()) return;
    this.turn.sources = [...this.sources.sources];
    this.fire({ type: 'sources', turnId: this.turn.id, sources: this.turn.sources });
  }
}

function queryOf(input: unknown): { query?: string } {
  const query = typeof input === 'object' && input !== null ? (input as { query?: unknown }).query : undefined;
  return typeof query === 'string' ? { query } : {};
}
