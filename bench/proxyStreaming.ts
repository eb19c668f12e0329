// Through a proxy, against directly (issue 41): the same 100 KB answer from the emulator over
// TLS, once straight to it and once through a CONNECT proxy (both on 127.0.0.1, in another
// process, so that only the client's work is counted here): the time from the question to the
// last delta, and the client's CPU time, which in VS Code is the extension host's main thread.
// Medians of 7 interleaved runs; the goal is at most 1.1 times direct.

import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultNetworkSettings } from '../src/network/proxyRoute';
import { NetworkRoutes } from '../src/network/routedTransport';
import { PlatformClient } from '../src/platform/client';
import { PLATFORM_HOST } from '../test/network/pki';
import { median, ms, ratio, type Row } from './measure';

const RUNS = 7;
const GOAL = 1.1;

interface Servers {
  readonly port: string;
  readonly proxy: string;
  readonly key: string;
  readonly domain: string;
  readonly root: string;
}

export async function benchProxyStreaming(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-bench-pki-'));
  const child = fork(path.join(__dirname, 'proxy', 'servers.js'), [dir], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  try {
    const servers = await new Promise<Servers>((resolve, reject) => {
      child.stdout!.once('data', (line: Buffer) => resolve(JSON.parse(line.toString()) as Servers));
      child.once('exit', (code) => reject(new Error(`the servers exited with ${code}`)));
    });
    // Directly: this machine's address, which the certificate names too. Through the proxy: the name only it resolves.
    const direct = clientOf(servers, `https://127.0.0.1:${servers.port}`, '');
    const proxied = clientOf(servers, `https://${PLATFORM_HOST}:${servers.port}`, servers.proxy);
    const times = { direct: [] as number[], proxied: [] as number[] };
    const cpu = { direct: [] as number[], proxied: [] as number[] };
    for (let run = -1; run < RUNS; run++) {
      // Interleaved, each first in turn; the first round warms both up and is not counted.
      for (const [name, client] of run % 2
        ? ([
            ['direct', direct],
            ['proxied', proxied],
          ] as const)
        : ([
            ['proxied', proxied],
            ['direct', direct],
          ] as const)) {
        const measured = await answer(client, servers.domain);
        if (run < 0) continue;
        times[name].push(measured.lastDeltaMs);
        cpu[name].push(measured.cpuMs);
      }
    }
    await Promise.all([direct.dispose(), proxied.dispose()]);
    const rows: Row[] = [];
    for (const [what, figures] of [
      ['time to the last delta', times],
      ['client CPU time (the extension host’s main thread)', cpu],
    ] as const) {
      const ours = median(figures.proxied);
      const base = median(figures.direct);
      log(`${what}: through the proxy ${figures.proxied.map(ms).join(', ')}; directly ${figures.direct.map(ms).join(', ')}`);
      rows.push({
        measure: `proxy: a 100 KB answer over TLS through a CONNECT proxy, ${what}, median of ${RUNS}`,
        ours: ms(ours),
        baseline: `${ms(base)} directly`,
        ratio: ratio(ours / base),
        goal: `at most ${GOAL}× directly`,
        met: ours <= base * GOAL,
      });
    }
    return { rows };
  } finally {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function clientOf(servers: Servers, baseUrl: string, proxy: string): PlatformClient {
  const routes = new NetworkRoutes({
    settings: () => ({ ...defaultNetworkSettings, proxy, env: { NODE_EXTRA_CA_CERTS: servers.root } }),
  });
  return new PlatformClient({ baseUrl, transport: routes.transport, keys: async () => servers.key });
}

async function answer(client: PlatformClient, domain: string): Promise<{ lastDeltaMs: number; cpuMs: number }> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let last = started;
  let text = 0;
  const result = await client.discovery.ask(
    { domain, fp: 'bench', messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: 'Everything?' }] }] },
    { observer: { onChunk: (chunk) => void (chunk.type === 'text-delta' && ((last = performance.now()), (text += chunk.delta.length))) } },
  );
  const cpu = process.cpuUsage(cpuBefore);
  if (!result.ok || text < 100 * 1024 * 0.9)
    throw new Error(`The answer did not arrive whole: ${result.ok ? `${text} characters` : result.error.message}`);
  return { lastDeltaMs: last - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}
