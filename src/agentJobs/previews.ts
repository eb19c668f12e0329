// Preview deployments of branches, as the agent jobs' rows and Open Preview see them: a branch's
// preview is started once while it is being started or followed (a second Preview on the Site, or
// an agent's call, reads that one), and never a sixth in a minute from here (the platform allows 5
// a minute per organization); then followed at a gentle pace that backs off (3 s, then half again
// each time, at most 30 s), one request at a time, until it succeeds or fails, for at most half an
// hour; never followed once it has ended. Knows nothing of VS Code.

import type { Deployment, PreviewTriggered } from '../platform/deployments';
import { isEnded } from '../platform/deployments';
import * as l10n from '@vscode/l10n';
import { fail, isTransient, ok, platformError, type PlatformError, type Result } from '../platform/errors';
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
/** How long a preview is followed before it is left to the user: a build that long has stalled. */
export const GIVE_UP_AFTER_MS = 30 * 60_000;
/** The platform's limit of preview deployments, per organization. */
export const TRIGGERS_PER_MINUTE = 5;

interface Entry {
  state: PreviewState;
  timer?: unknown;
  controller?: AbortController;
  waitMs: number;
  /** The trigger's answer, while it is awaited: a second start of the branch waits for it. */
  started?: Promise<Result<PreviewTriggered>>;
  followedSince?: number;
}

export class Previews {
  private readonly entries = new Map<string, Entry>();
  private readonly changes = new Emitter<string>();
  /** A branch's preview changed. */
  readonly onDidChange = this.changes.event;
  private readonly timers: Timers;
  /** When this window triggered its latest previews, for the platform's limit. */
  private triggeredAt: number[] = [];

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
    const current = this.entries.get(branch);
    if (current?.state.kind === 'starting' && current.started) return current.started;
    if (current?.state.kind === 'following') return ok(current.state.triggered);
    const now = this.timers.now();
    this.triggeredAt = this.triggeredAt.filter((at) => now - at < 60_000);
    if (this.triggeredAt.length >= TRIGGERS_PER_MINUTE) {
      const seconds = Math.ceil((this.triggeredAt[0] + 60_000 - now) / 1000);
      return fail(
        platformError(
          'rateLimited',
          l10n.t('Five previews were deployed from here in the last minute, the most the platform allows: try again in {0} s.', seconds),
        ),
      );
    }
    this.triggeredAt.push(now);
    this.stop(branch);
    const entry: Entry = { state: { kind: 'starting' }, waitMs: FIRST_FOLLOW_MS };
    this.entries.set(branch, entry);
    this.changes.fire(branch);
    entry.started = trigger();
    const started = await entry.started;
    entry.started = undefined;
    if (this.entries.get(branch) !== entry) return started;
    if (!started.ok) {
      this.set(branch, entry, { kind: 'failed', error: started.error });
      return started;
    }
    entry.followedSince = this.timers.now();
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
    if (this.timers.now() - (entry.followedSince ?? 0) > GIVE_UP_AFTER_MS) {
      const error = platformError(
        'timeout',
        l10n.t('The preview has not finished after half an hour: it is no longer followed. Deploy it again to follow a new one.'),
      );
      return this.set(branch, entry, { kind: 'failed', error, triggered: state.triggered });
    }
    this.set(branch, entry, { kind: 'following', triggered: state.triggered, deployment });
    this.schedule(branch, entry);
  }
}
