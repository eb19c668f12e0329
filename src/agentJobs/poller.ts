// Polls tracked agent jobs until they end. Only active jobs are polled: the first poll at once,
// then at the configured interval, growing for jobs that stay active. Never more than one
// request per job, and a small global limit. 401/403, and what only the user can get past (a
// proxy's sign-in they dismissed), pause everything until resumed; 429 makes every job wait;
// network trouble backs a job off. A poll the user asked for (tracking a job, Refresh) is theirs;
// every later one is background work. Timers are injected, so tests own the clock.

import * as l10n from '@vscode/l10n';
import { type AgentJob, isTerminal, otherJobAnswer } from '../platform/agentJob';
import { fail, platformError, type PlatformError, type Result } from '../platform/errors';
import { backoffDelay } from '../platform/retry';
import { Emitter } from '../util/disposable';
import { withoutUndefined } from '../util/objects';
import { realTimers, type Timers } from '../util/timers';
import type { JobChange, TrackedJob, TrackOptions } from './trackedJob';
import { type Pacing, PACING, type PollerOptions } from './pollerOptions';

export type { PollerOptions } from './pollerOptions';

interface Entry {
  state: TrackedJob;
  /** When the next poll is due; undefined when the job is not to be polled. */
  dueAt: number | undefined;
  intervalMs: number;
  failures: number;
  controller: AbortController | undefined;
  /** The next poll is one the user asked for. */
  asked: boolean;
}

export class AgentJobPoller {
  private readonly changes = new Emitter<JobChange>();
  readonly onDidChange = this.changes.event;
  private readonly entries = new Map<string, Entry>();
  private readonly timers: Timers;
  private readonly limits: Pacing;
  private firstIntervalMs: number;
  private timer: unknown;
  private timerAt: number | undefined;
  private inFlight = 0;
  private focused = true;
  /** Set by 401 or 403: nothing polls until resume(). */
  private pausedBy: PlatformError | undefined;
  /** Set by 429: nothing polls before this time. */
  private waitUntil = 0;
  private rateLimitFailures = 0;
  private disposed = false;

  constructor(private readonly options: PollerOptions) {
    this.timers = options.timers ?? realTimers;
    this.firstIntervalMs = options.firstIntervalMs;
    const { maxIntervalMs, growth, maxInFlight, unfocusedFactor, random } = options;
    this.limits = { ...PACING, ...(withoutUndefined({ maxIntervalMs, growth, maxInFlight, unfocusedFactor, random }) as Partial<Pacing>) };
  }

  get jobs(): TrackedJob[] {
    return [...this.entries.values()].map((entry) => entry.state);
  }

  get(id: string): TrackedJob | undefined {
    return this.entries.get(id)?.state;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  get paused(): PlatformError | undefined {
    return this.pausedBy;
  }

  /**
   * Starts watching a job. A job known to have ended (restored from storage) is shown as it was
   * and never fetched again; any other is polled at once, or after one interval when it is fresh
   * from the platform. Tracking a job twice changes nothing.
   */
  track(id: string, known?: AgentJob, options: TrackOptions = {}): void {
    if (this.entries.has(id)) return;
    const ended = known !== undefined && isTerminal(known.status);
    const now = this.timers.now();
    const entry: Entry = {
      state: {
        id,
        ...(known ? { job: known } : {}),
        polling: ended ? { kind: 'ended' } : { kind: 'watching' },
        ...(options.fresh ? { checkedAt: now } : {}),
        ...(options.prompt !== undefined ? { prompt: options.prompt } : {}),
        ...(options.fixes !== undefined ? { fixes: options.fixes } : {}),
      },
      dueAt: ended ? undefined : options.fresh ? now + this.paced(this.firstIntervalMs) : now,
      intervalMs: this.firstIntervalMs,
      failures: 0,
      controller: undefined,
      asked: options.asked === true,
    };
    this.entries.set(id, entry);
    this.changes.fire({ id, after: entry.state });
    this.schedule();
  }

  /**
   * The job as the platform just returned it (say, after a follow-up): shown at once and polled
   * again from the first interval on, even if it had ended. An unknown id changes nothing.
   */
  update(job: AgentJob): void {
    const entry = this.entries.get(job.id);
    if (!entry) return;
    entry.controller?.abort();
    const before = entry.state;
    const now = this.timers.now();
    const ended = isTerminal(job.status);
    entry.state = { ...before, job, polling: ended ? { kind: 'ended' } : { kind: 'watching' }, checkedAt: now };
    entry.intervalMs = this.firstIntervalMs;
    entry.failures = 0;
    entry.dueAt = ended ? undefined : now + this.paced(this.firstIntervalMs);
    this.changes.fire({ id: job.id, before, after: entry.state });
    this.schedule();
  }

  untrack(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.controller?.abort();
    this.entries.delete(id);
    this.changes.fire({ id, before: entry.state });
    this.schedule();
  }

  /** Polls every job that has not ended now, and lifts a pause. */
  refreshAll(): void {
    this.pausedBy = undefined;
    this.waitUntil = 0;
    const now = this.timers.now();
    for (const entry of this.entries.values()) {
      if (entry.state.polling.kind === 'ended' || entry.state.polling.kind === 'notFound') continue;
      entry.dueAt = now;
      entry.intervalMs = this.firstIntervalMs;
      entry.asked = true;
    }
    this.schedule();
  }

  /** Lifts a pause caused by 401, 403 or a proxy's sign-in, e.g. after a key or a setting was set. */
  resume(): void {
    if (!this.pausedBy) return;
    this.refreshAll();
  }

  setFocused(focused: boolean): void {
    if (this.focused === focused) return;
    this.focused = focused;
    if (focused) {
      // Catch up at once with every job that would have been polled by now at the focused pace.
      const now = this.timers.now();
      for (const entry of this.entries.values()) {
        const last = entry.state.checkedAt ?? 0;
        if (entry.dueAt !== undefined && now - last >= this.firstIntervalMs) entry.dueAt = Math.min(entry.dueAt, now);
      }
    }
    this.schedule();
  }

  setFirstInterval(ms: number): void {
    this.firstIntervalMs = ms;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    for (const entry of this.entries.values()) entry.controller?.abort();
    this.changes.dispose();
  }

  /** Sets the one timer for the earliest due poll, or none when nothing is to be polled. */
  private schedule(): void {
    if (this.disposed) return;
    const now = this.timers.now();
    let next: number | undefined;
    // At the in-flight limit nothing can start: the next request to finish schedules again.
    if (!this.pausedBy && this.inFlight < this.limits.maxInFlight) {
      for (const entry of this.entries.values()) {
        if (entry.dueAt === undefined || entry.controller) continue;
        next = next === undefined ? entry.dueAt : Math.min(next, entry.dueAt);
      }
    }
    if (next !== undefined) next = Math.max(next, this.waitUntil, now);
    if (next === this.timerAt) return;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = next;
    if (next === undefined) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.timerAt = undefined;
      this.pollDue();
    }, next - now);
  }

  private pollDue(): void {
    const now = this.timers.now();
    if (this.pausedBy || now < this.waitUntil) return this.schedule();
    const due = [...this.entries.values()]
      .filter((entry) => entry.dueAt !== undefined && entry.dueAt <= now && !entry.controller)
      .sort((a, b) => a.dueAt! - b.dueAt!);
    for (const entry of due) {
      if (this.inFlight >= this.limits.maxInFlight) break;
      void this.poll(entry);
    }
    this.schedule();
  }

  private async poll(entry: Entry): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    this.inFlight += 1;
    const background = !entry.asked;
    entry.asked = false;
    let result: Result<AgentJob>;
    try {
      result = await this.options.read(entry.state.id, controller.signal, background);
    } catch (error) {
      // A read that throws is a failure like any other: the job is polled again later.
      const why = error instanceof Error ? error.message : String(error);
      result = fail(platformError('badResponse', l10n.t('Reading the job failed unexpectedly ({0}).', why)));
    } finally {
      this.inFlight -= 1;
      entry.controller = undefined;
    }
    if (controller.signal.aborted || this.entries.get(entry.state.id) !== entry || this.disposed) return this.schedule();
    this.apply(entry, result);
    this.schedule();
  }

  private apply(entry: Entry, answer: Result<AgentJob>): void {
    const before = entry.state;
    const now = this.timers.now();
    const result = answer.ok && answer.value.id !== before.id ? fail<AgentJob>(otherJobAnswer(answer.value.id, before.id)) : answer;
    if (result.ok) {
      const job = result.value;
      const ended = isTerminal(job.status);
      entry.failures = 0;
      this.rateLimitFailures = 0;
      entry.state = { ...before, job, polling: ended ? { kind: 'ended' } : { kind: 'watching' }, checkedAt: now };
      if (ended) entry.dueAt = undefined;
      else {
        entry.dueAt = now + this.paced(entry.intervalMs);
        entry.intervalMs = Math.min(this.limits.maxIntervalMs, entry.intervalMs * this.limits.growth);
      }
      return this.changes.fire({ id: before.id, before, after: entry.state });
    }
    const error = result.error;
    // What only the user can get past pauses the polls as a refused key does.
    switch (error.waitsForUser ? 'waitsForUser' : error.kind) {
      case 'notFound':
        entry.dueAt = undefined;
        entry.state = { ...before, polling: { kind: 'notFound', message: error.message } };
        break;
      case 'waitsForUser':
      case 'unauthorized':
      case 'forbidden':
      case 'notConfigured':
      case 'invalidRequest':
        this.pausedBy = error;
        entry.dueAt = now;
        entry.state = { ...before, polling: { kind: 'error', message: error.message, error } };
        break;
      case 'rateLimited':
        this.rateLimitFailures += 1;
        this.waitUntil = now + (error.retryAfterMs ?? this.backoff(this.rateLimitFailures));
        entry.dueAt = now;
        entry.state = { ...before, polling: { kind: 'offline', message: error.message } };
        break;
      case 'cancelled':
        entry.dueAt = now;
        return;
      default:
        entry.failures += 1;
        entry.dueAt = now + this.backoff(entry.failures);
        entry.state = { ...before, polling: { kind: 'offline', message: error.message } };
    }
    this.changes.fire({ id: before.id, before, after: entry.state });
  }

  /** The wait after `failures` failures in a row: from the first interval up to the longest, jittered. */
  private backoff(failures: number): number {
    return backoffDelay(failures, { baseDelayMs: this.firstIntervalMs, maxDelayMs: this.limits.maxIntervalMs }, this.limits.random);
  }

  /** A delay as it applies now: longer while the window is in the background. */
  private paced(ms: number): number {
    return this.focused ? ms : Math.min(this.limits.maxIntervalMs * this.limits.unfocusedFactor, ms * this.limits.unfocusedFactor);
  }
}
