// Preview deployments of branches, as the agent jobs' rows and Open Preview see them: each started
// once (the platform allows 5 a minute per organization), then followed at a gentle pace that backs
// off (3 s, then half again each time, at most 30 s), one request at a time, until it succeeds or
// fails; never followed once it has ended. Knows nothing of VS Code.

import type { Deployment, PreviewTriggered } from '../platform/deployments';
import { isEnded } from '../platform/deployments';
import { isTransient, type PlatformError, type Result } from '../platform/errors';
import { Emitter } from '../util/disposable';
import { realTimers, type Timers } from '../util/timers';

export type PreviewState =
  /** Asked of the platform, no answer yet (a rate limit's wait is counted down where it was asked). */
  | { readonly kind: 'starting' }
  | { readonly kind: 'following'; readonly triggered: PreviewTriggered; readonly deployment?: Deployment }
  | { readonly kind: 'ended'; readonly triggered: PreviewTriggered; readonly deployment: Deployment }
  /** It could not be started, or the platform stopped answering for it: the sentence says why. */
  | { readonly kind: 'failed'; readonly error: PlatformError; readonly triggered?: PreviewTriggered };

export interface PreviewsDeps {
  /** Reads where a deployment is. */
  readonly status: (statusId: string, signal: AbortSignal) => Promise<Result<Deployment>>;
  readonly timers?: Timers;
}

export const FIRST_FOLLOW_MS = 3_000;
export const MAX_FOLLOW_MS = 30_000;

interface Entry {
  state: PreviewState;
  timer?: unknown;
  controller?: AbortController;
  waitMs: number;
}

export class Previews {
  private readonly entries = new Map<string, Entry>();
  private readonly changes = new Emitter<string>();
  /** A branch's preview changed. */
  readonly onDidChange = this.changes.event;
  private readonly timers: Timers;

  constructor(private readonly deps: PreviewsDeps) {
    this.timers = deps.timers ?? realTimers;
  }

  /** The preview of `branch`, if one was started here. */
  get(branch: string): PreviewState | undefined {
    return this.entries.get(branch)?.state;
  }

  /**
   * Starts a preview of `branch` with `trigger` (the platform's call, which waits out a rate limit
   * where the user sees it), and follows it once started. A preview of the branch already followed
   * stops being followed: the new one is the branch as it is now.
   */
  async start(branch: string, trigger: () => Promise<Result<PreviewTriggered>>): Promise<Result<PreviewTriggered>> {
    this.stop(branch);
    const entry: Entry = { state: { kind: 'starting' }, waitMs: FIRST_FOLLOW_MS };
    this.entries.set(branch, entry);
    this.changes.fire(branch);
    const started = await trigger();
    if (this.entries.get(branch) !== entry) return started;
    if (!started.ok) {
      this.set(branch, entry, { kind: 'failed', error: started.error });
      return started;
    }
    this.set(branch, entry, { kind: 'following', triggered: started.value });
    this.schedule(branch, entry);
    return started;
  }

  /** Resolves once the preview of `branch` has ended, failed, or `signal` says to stop waiting: its state then. */
  settled(branch: string, signal: AbortSignal): Promise<PreviewState | undefined> {
    const done = (state: PreviewState | undefined) => !state || state.kind === 'ended' || state.kind === 'failed';
    if (done(this.get(branch)) || signal.aborted) return Promise.resolve(this.get(branch));
    return new Promise((resolve) => {
      const finish = () => {
        listener.dispose();
        signal.removeEventListener('abort', finish);
        resolve(this.get(branch));
      };
      const listener = this.onDidChange((changed) => changed === branch && done(this.get(branch)) && finish());
      signal.addEventListener('abort', finish);
    });
  }

  dispose(): void {
    for (const branch of [...this.entries.keys()]) this.stop(branch);
    this.changes.dispose();
  }

  private stop(branch: string): void {
    const entry = this.entries.get(branch);
    if (!entry) return;
    this.timers.clearTimeout(entry.timer);
    entry.controller?.abort();
    this.entries.delete(branch);
  }

  private set(branch: string, entry: Entry, state: PreviewState): void {
    entry.state = state;
    this.changes.fire(branch);
  }

  private schedule(branch: string, entry: Entry): void {
    entry.timer = this.timers.setTimeout(() => void this.follow(branch, entry), entry.waitMs);
    entry.waitMs = Math.min(MAX_FOLLOW_MS, Math.round(entry.waitMs * 1.5));
  }

  private async follow(branch: string, entry: Entry): Promise<void> {
    const state = entry.state;
    if (this.entries.get(branch) !== entry || state.kind !== 'following') return;
    entry.controller = new AbortController();
    const read = await this.deps.status(state.triggered.statusId, entry.controller.signal);
    entry.controller = undefined;
    if (this.entries.get(branch) !== entry) return;
    if (!read.ok) {
      if (read.error.kind === 'cancelled') return;
      // A moment's trouble: asked again later; anything else only the user can change.
      if (isTransient(read.error)) return this.schedule(branch, entry);
      return this.set(branch, entry, { kind: 'failed', error: read.error, triggered: state.triggered });
    }
    const deployment = read.value;
    if (isEnded(deployment.status)) return this.set(branch, entry, { kind: 'ended', triggered: state.triggered, deployment });
    this.set(branch, entry, { kind: 'following', triggered: state.triggered, deployment });
    this.schedule(branch, entry);
  }
}
