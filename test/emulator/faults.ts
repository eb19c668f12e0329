// What a test can make the emulator do wrong, one request at a time.

export type Operation =
  | 'agentJob'
  | 'createJob'
  | 'jobFollowUp'
  | 'page'
  | 'assistant'
  | 'search'
  | 'feedbackByPage'
  | 'feedback'
  | 'conversations'
  | 'thread'
  | 'searches'
  | 'preview'
  | 'deploymentStatus';

/** The operations of the admin interfaces (agent jobs, analytics, project), with the admin key. */
export const ADMIN_OPERATIONS: readonly Operation[] = [
  'agentJob',
  'createJob',
  'jobFollowUp',
  'feedbackByPage',
  'feedback',
  'conversations',
  'thread',
  'searches',
  'preview',
  'deploymentStatus',
];

/** The operations that change something: a read-only admin key is refused them (403). */
export const WRITE_OPERATIONS: readonly Operation[] = ['createJob', 'jobFollowUp', 'preview'];

export type Fault =
  /** Answer with this status and body instead of the real response. */
  | { readonly kind: 'status'; readonly status: number; readonly body: string; readonly contentType?: string }
  /**
   * 429; with `retryAfterSeconds` a Retry-After header is sent, without it none is. `retryAfter`
   * sends that header text as it is, however absurd ("3000000", "-1", "1.5", a far date).
   */
  | { readonly kind: 'rateLimit'; readonly retryAfterSeconds?: number; readonly retryAfter?: string }
  /** The real answer, one byte every `intervalMs`: a body that never quite stops coming. */
  | { readonly kind: 'dripBody'; readonly intervalMs: number }
  /** Wait this long before sending anything at all. */
  | { readonly kind: 'slowFirstByte'; readonly ms: number }
  /** Close the socket without answering. */
  | { readonly kind: 'resetConnection' }
  // The rest concern the assistant stream; `afterEvents` counts SSE events already sent.
  | { readonly kind: 'dropMidStream'; readonly afterEvents: number }
  | { readonly kind: 'stallMidStream'; readonly afterEvents: number; readonly ms: number }
  | { readonly kind: 'nonJsonChunk'; readonly afterEvents: number }
  | { readonly kind: 'unknownChunk' }
  | { readonly kind: 'errorChunk'; readonly errorText: string }
  /** End the body cleanly in the middle: no finish, no [DONE]. */
  | { readonly kind: 'endWithoutFinish'; readonly afterEvents: number }
  /** Before the text, `count` distinct source-url chunks and as many search tool calls, each naming one page. */
  | { readonly kind: 'floodOfParts'; readonly count: number }
  /** Text without end, in 64 KB deltas, or (`oneLine`) one SSE line that never ends; until the client goes. */
  | { readonly kind: 'endlessAnswer'; readonly oneLine: boolean };

export const html500: Fault = {
  kind: 'status',
  status: 500,
  contentType: 'text/html',
  body: '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>',
};

interface Armed {
  readonly fault: Fault;
  readonly operation?: Operation;
  remaining: number;
}

/** Faults wait in order; each request takes the first that applies to its operation. */
export class FaultQueue {
  private armed: Armed[] = [];

  add(fault: Fault, options: { operation?: Operation; times?: number } = {}): void {
    this.armed.push({ fault, operation: options.operation, remaining: options.times ?? 1 });
  }

  take(operation: Operation): Fault | undefined {
    const entry = this.armed.find((armed) => armed.operation === undefined || armed.operation === operation);
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.armed = this.armed.filter((armed) => armed !== entry);
    return entry.fault;
  }

  clear(): void {
    this.armed = [];
  }
}
