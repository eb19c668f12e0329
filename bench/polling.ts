// 3. Polling. 200 tracked jobs, 20 of them active for an hour of simulated time; the other 180
// ended before (restored from storage as ended). Our poller, built as the Agent Jobs view builds
// it, against a fixed 2-second poll of each active job. Requests take 0.3 to 1.5 s (simulated),
// so requests can overlap and the peak in flight means something.

import { AgentJobPoller } from '../src/agentJobs/poller';
import { ok, type Result } from '../src/platform/errors';
import type { AgentJob } from '../src/platform/agentJob';
import { FakeTimers } from '../test/unit/fakeTimers';
import { ratio, type Row } from './measure';

const HOUR = 3_600_000;
const TRACKED = 200;
const ACTIVE = 20;
/** The poller's global limit, as the Agent Jobs view gets it (the default). */
const GLOBAL_LIMIT = 4;

interface Counts {
  requests: number;
  peakInFlight: number;
}

/** A seeded generator, so both pollers see the same latencies run after run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A read that takes simulated time and counts what is in flight. */
function simulatedServer(timers: FakeTimers): { read: (id: string) => Promise<Result<AgentJob>>; counts: Counts } {
  const counts: Counts = { requests: 0, peakInFlight: 0 };
  const latency = seeded(7);
  let inFlight = 0;
  const read = (id: string) =>
    new Promise<Result<AgentJob>>((resolve) => {
      counts.requests++;
      counts.peakInFlight = Math.max(counts.peakInFlight, ++inFlight);
      timers.setTimeout(
        () => {
          inFlight--;
          resolve(ok({ id, status: 'active', prLink: null }));
        },
        300 + latency() * 1200,
      );
    });
  return { read, counts };
}

async function ourPoller(focused: boolean): Promise<Counts> {
  const timers = new FakeTimers();
  const server = simulatedServer(timers);
  const poller = new AgentJobPoller({ timers, firstIntervalMs: 5_000, read: server.read, random: seeded(11) });
  poller.setFocused(focused);
  for (let i = 0; i < TRACKED; i++) {
    const id = `job-${i}`;
    poller.track(id, i < ACTIVE ? undefined : { id, status: 'completed', prLink: 'https://github.com/acme/docs/pull/1' });
  }
  await timers.advance(HOUR);
  poller.dispose();
  return server.counts;
}

/** The naive poller: every active job read every 2 seconds, whatever is in flight. */
async function fixedPoll(): Promise<Counts> {
  const timers = new FakeTimers();
  const server = simulatedServer(timers);
  for (let i = 0; i < ACTIVE; i++) {
    const tick = () => {
      void server.read(`job-${i}`);
      timers.setTimeout(tick, 2_000);
    };
    tick();
  }
  await timers.advance(HOUR - 1);
  return server.counts;
}

export async function benchPolling(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const fixed = await fixedPoll();
  const focused = await ourPoller(true);
  const background = await ourPoller(false);
  log(`fixed 2 s poll: ${fixed.requests} requests, peak ${fixed.peakInFlight} in flight`);
  log(`ours, window focused: ${focused.requests} requests, peak ${focused.peakInFlight} in flight`);
  log(`ours, window in the background: ${background.requests} requests, peak ${background.peakInFlight} in flight`);
  return {
    rows: [
      {
        measure: `polling: requests in 1 h, ${TRACKED} jobs tracked, ${ACTIVE} active (window focused)`,
        ours: `${focused.requests}`,
        baseline: `${fixed.requests}`,
        ratio: `${ratio(fixed.requests / focused.requests)} fewer`,
        goal: '≥ 20× fewer',
        met: fixed.requests / focused.requests >= 20,
      },
      {
        measure: 'polling: requests in 1 h, the same, window in the background',
        ours: `${background.requests}`,
        baseline: `${fixed.requests}`,
        ratio: `${ratio(fixed.requests / background.requests)} fewer`,
        goal: '',
      },
      {
        measure: 'polling: peak requests in flight',
        ours: `${Math.max(focused.peakInFlight, background.peakInFlight)}`,
        baseline: `${fixed.peakInFlight}`,
        ratio: ratio(fixed.peakInFlight / Math.max(focused.peakInFlight, background.peakInFlight)),
        goal: `never over the global limit (${GLOBAL_LIMIT})`,
        met: Math.max(focused.peakInFlight, background.peakInFlight) <= GLOBAL_LIMIT,
      },
    ],
  };
}
