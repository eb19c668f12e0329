// Shared by the unit tests: an emulator on a manual clock, a client wired to it, and a record
// of which error kinds and faults the run has exercised.

import * as assert from 'node:assert/strict';
import { plainNodeTransport } from '../../src/network/routedTransport';
import { PlatformClient, type PlatformClientOptions } from '../../src/platform/client';
import type { PlatformError, PlatformErrorKind } from '../../src/platform/errors';
import type { KeyKind } from '../../src/platform/keys';
import type { Logger } from '../../src/log/logger';
import { ManualClock } from '../emulator/clock';
import { PlatformEmulator, type EmulatorOptions } from '../emulator/emulator';
import type { Fault, Operation } from '../emulator/faults';

export const allErrorKinds: readonly PlatformErrorKind[] = [
  'notConfigured',
  'invalidRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'rateLimited',
  'serverError',
  'network',
  'timeout',
  'cancelled',
  'badResponse',
];

export const allFaultKinds: readonly Fault['kind'][] = [
  'status',
  'rateLimit',
  'slowFirstByte',
  'resetConnection',
  'dropMidStream',
  'stallMidStream',
  'nonJsonChunk',
  'unknownChunk',
  'errorChunk',
  'endWithoutFinish',
  'dripBody',
  'endlessAnswer',
  'floodOfParts',
];

export const exercised = { kinds: new Set<PlatformErrorKind>(), faults: new Set<Fault['kind']>() };

/** Asserts that `result` failed with `kind`, records it, and returns the error for more checks. */
export function expectError(result: { ok: boolean; error?: PlatformError }, kind: PlatformErrorKind): PlatformError {
  assert.equal(result.ok, false, `expected a ${kind} error, got success`);
  const error = result.error!;
  assert.equal(error.kind, kind, `expected ${kind}, got ${error.kind}: ${error.message}`);
  assert.ok(error.message.length > 10 && /[.!?"]$/.test(error.message), `the message should be a sentence: ${error.message}`);
  exercised.kinds.add(kind);
  return error;
}

export function arm(emulator: PlatformEmulator, fault: Fault, options: { operation?: Operation; times?: number } = {}): void {
  exercised.faults.add(fault.kind);
  emulator.faults.add(fault, options);
}

export class RecordingLogger implements Logger {
  readonly lines: string[] = [];
  debug(message: string) {
    this.lines.push(`debug ${message}`);
  }
  info(message: string) {
    this.lines.push(`info ${message}`);
  }
  warn(message: string) {
    this.lines.push(`warn ${message}`);
  }
  error(message: string) {
    this.lines.push(`error ${message}`);
  }
}

export interface Harness {
  readonly emulator: PlatformEmulator;
  readonly clock: ManualClock;
  readonly logger: RecordingLogger;
  /** Delays the client asked to wait between retries; none is actually waited. */
  readonly delays: number[];
  client(overrides?: Partial<PlatformClientOptions> & { keyMap?: Partial<Record<KeyKind, string>> }): PlatformClient;
}

/** Starts an emulator before each test and stops it (and every client made) after. */
export function useHarness(options: EmulatorOptions = {}): Harness {
  const clients: PlatformClient[] = [];
  const harness = {
    delays: [] as number[],
    logger: new RecordingLogger(),
    clock: new ManualClock(),
  } as { -readonly [K in keyof Harness]: Harness[K] };
  harness.client = ({ keyMap, ...overrides } = {}) => {
    const keys = keyMap ?? { adminKey: harness.emulator.config.adminKey, assistantKey: harness.emulator.config.assistantKey };
    const client = new PlatformClient({
      baseUrl: harness.emulator.url,
      transport: plainNodeTransport,
      keys: async (kind) => keys[kind],
      logger: harness.logger,
      delay: async (ms) => void harness.delays.push(ms),
      random: () => 0.5,
      ...overrides,
    });
    clients.push(client);
    return client;
  };
  beforeEach(async () => {
    harness.clock = new ManualClock();
    harness.logger = new RecordingLogger();
    harness.delays = [];
    // No pause for retrieval unless a test asks for one: the unit suite runs hundreds of answers.
    harness.emulator = await PlatformEmulator.start({ clock: harness.clock, searchDelayMs: 0, ...options });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
    await harness.emulator.close();
  });
  return harness;
}
