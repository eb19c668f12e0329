// The tracked agent jobs of one scope at a time: a base-URL origin and a project. Each scope has
// its own poller, reads its jobs from that origin only and saves them under that scope, so a job
// of one platform is never polled on, or saved under, another. Knows nothing of VS Code: the tree,
// the badge and the notifications listen to its events.

import type { AgentJob } from '../platform/agentJob';
import type { PlatformError, Result } from '../platform/errors';
import { Coalesced } from '../util/coalesced';
import { Emitter } from '../util/disposable';
import { realTimers, type Timers } from '../util/timers';
import { AgentJobPoller } from './poller';
import type { FixedWhat, JobChange, TrackedJob, TrackOptions } from './trackedJob';
import { type KeyValueStore, loadTrackedJobs, saveTrackedJobs, scopeKey } from './savedJobs';

export interface JobScope {
  readonly origin: string;
  readonly projectId: string;
}

export interface AgentJobsModelDeps {
  readonly store: KeyValueStore;
  /** Reads a job of `scope`; must never read it anywhere else. `background`: not a read the user asked for. */
  readonly read: (scope: JobScope, id: string, signal: AbortSignal, background: boolean) => Promise<Result<AgentJob>>;
  readonly timers?: Timers;
}

export type ScopedJobChange = JobChange & { readonly scope: JobScope };

/** How long saving waits for more changes: a Refresh of many jobs is saved once. */
const SAVE_DELAY_MS = 500;

interface Current {
  readonly scope: JobScope;
  readonly key: string;
  readonly poller: AgentJobPoller;
  readonly save: Coalesced;
}

export class AgentJobsModel {
  private readonly changes = new Emitter<ScopedJobChange | undefined>();
  /** A job changed (with the change), or the whole list did (undefined: a new scope). */
  readonly onDidChange = this.changes.event;
  private current: Current | undefined;
  private focused = true;

  constructor(private readonly deps: AgentJobsModelDeps) {}

  get scope(): JobScope | undefined {
    return this.current?.scope;
  }

  get jobs(): TrackedJob[] {
    return this.current?.poller.jobs ?? [];
  }

  get activeCount(): number {
    return this.jobs.filter((tracked) => tracked.job?.status === 'active').length;
  }

  get(id: string): TrackedJob | undefined {
    return this.current?.poller.get(id);
  }

  /**
   * Moves to the jobs of `scope` (undefined: none, as while the base URL or project is not set).
   * The same scope keeps its poller and only takes the new first interval.
   */
  setScope(scope: JobScope | undefined, firstIntervalMs: number): void {
    const key = scope ? scopeKey(scope.origin, scope.projectId) : undefined;
    if (key === this.current?.key) {
      this.current?.poller.setFirstInterval(firstIntervalMs);
      return;
    }
    this.close();
    if (scope && key) {
      const poller = new AgentJobPoller({
        firstIntervalMs,
        read: (id, signal, background) => this.deps.read(scope, id, signal, background),
        ...(this.deps.timers ? { timers: this.deps.timers } : {}),
      });
      poller.setFocused(this.focused);
      // Bound to this scope: whatever happens to the settings, its jobs are saved under its key.
      const save = new Coalesced(
        () => void saveTrackedJobs(this.deps.store, key, poller.jobs),
        SAVE_DELAY_MS,
        this.deps.timers ?? realTimers,
      );
      let restoring = true;
      poller.onDidChange((change) => {
        // A job tracked or left is the user's doing, saved at once: the window may be reloaded right
        // after. What the polls bring (and what is restored) waits, and a Refresh of many is saved once.
        if (restoring || (change.before && change.after)) save.request();
        else save.requestNow();
        if (this.current?.poller === poller) this.changes.fire({ ...change, scope });
      });
      this.current = { scope, key, poller, save };
      for (const saved of loadTrackedJobs(this.deps.store, key))
        poller.track(saved.id, saved.job, {
          ...(saved.prompt === undefined ? {} : { prompt: saved.prompt }),
          ...(saved.fixes ? { fixes: saved.fixes } : {}),
        });
      restoring = false;
    }
    this.changes.fire(undefined);
  }

  /** Tracks a job in the current scope; false when there is none. */
  track(id: string, known?: AgentJob, options?: TrackOptions): boolean {
    if (!this.current) return false;
    this.current.poller.track(id, known, options);
    return true;
  }

  /**
   * A job the platform has just started for a prompt sent from here, tracked with that prompt (and
   * what it fixes, when it was started from what readers could not find). False when its id is
   * already tracked: a new job cannot share an id, so the answer is not used.
   */
  trackStarted(job: AgentJob, prompt: string, fixes?: FixedWhat): boolean {
    if (!this.current || this.current.poller.get(job.id)) return false;
    this.current.poller.track(job.id, job, { prompt, fresh: true, ...(fixes ? { fixes } : {}) });
    return true;
  }

  /** The unfinished job started to fix signal `key`, if one is tracked. */
  fixing(key: string): TrackedJob | undefined {
    return this.jobs.find(
      (tracked) => tracked.fixes?.keys.includes(key) && tracked.polling.kind !== 'ended' && tracked.polling.kind !== 'notFound',
    );
  }

  /**
   * Job `id` as the platform just returned it, after a follow-up: polled again even if it had
   * ended. False, and nothing changes, when the answer is not that job or it is not tracked.
   */
  update(id: string, job: AgentJob): boolean {
    if (job.id !== id || !this.current?.poller.get(id)) return false;
    this.current.poller.update(job);
    return true;
  }

  untrack(id: string): void {
    this.current?.poller.untrack(id);
  }

  refreshAll(): void {
    this.current?.poller.refreshAll();
  }

  /** Lifts a pause caused by a key problem or a proxy's sign-in, once the keys or the settings changed. */
  resume(): void {
    this.current?.poller.resume();
  }

  /** What paused the polls, if anything: a refused key, a proxy's sign-in the user dismissed. */
  get paused(): PlatformError | undefined {
    return this.current?.poller.paused;
  }

  setFocused(focused: boolean): void {
    this.focused = focused;
    this.current?.poller.setFocused(focused);
  }

  dispose(): void {
    this.close();
    this.changes.dispose();
  }

  /** Leaves the current scope, its jobs saved as they are. */
  private close(): void {
    this.current?.save.flush();
    this.current?.poller.dispose();
    this.current = undefined;
  }
}
