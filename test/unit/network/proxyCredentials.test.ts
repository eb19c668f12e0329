// A proxy's user information never leaves the process (issue 46, item 1): whatever shape the address
// has (no scheme, a password holding `@`, `#`, `/` or `?`), in http.proxy or a proxy variable (whose
// line the report prints even when that proxy is not in use), it is in no line of Check Connection's
// report, no sentence and no line of the log, in English and in Japanese.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { diagnose } from '../../../src/network/diagnosis';
import { type NetworkSettings, defaultNetworkSettings } from '../../../src/network/proxyRoute';
import { NetworkRoutes } from '../../../src/network/routedTransport';
import { PlatformClient } from '../../../src/platform/client';
import { redactSecrets } from '../../../src/log/redact';
import { connectionReportText } from '../../../src/settings/connectionReport';
import { ManualClock } from '../../emulator/clock';
import { PlatformEmulator } from '../../emulator/emulator';
import { startProxy, type TestProxy } from '../../network/proxies';
import { RecordingLogger } from '../support';

const USER = 'alice';
/** Each password a settings editor takes, and what a careless reading shows of it. */
const PASSWORDS = ['S3cretPw', 'S3cret@Pw', 'S3cret#Pw', 'S3cret/Pw', 'S3cret?Pw', 'S3cret@P#w/x?y'];

/** Every shape of an address holding `password`, pointing at `hostPort`. */
function shapes(password: string, hostPort: string): string[] {
  return [`${USER}:${password}@${hostPort}`, `http://${USER}:${password}@${hostPort}`, `https://${USER}:${password}@${hostPort}`];
}

describe('a proxy’s credentials in no report, sentence or log (issue 46, item 1)', function () {
  this.timeout(60_000);
  let platform: PlatformEmulator;
  let guarded: TestProxy;
  const japanese = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../l10n/bundle.l10n.ja.json'), 'utf8')) as Record<
    string,
    string
  >;

  before(async () => {
    platform = await PlatformEmulator.start({ clock: new ManualClock(), searchDelayMs: 0 });
    guarded = await startProxy({ credentials: `${USER}:S3cretPw` });
  });
  after(async () => {
    await guarded.close();
    await platform.close();
    l10n.config({ contents: {} });
  });
  afterEach(() => l10n.config({ contents: {} }));

  /** Everything a user or IT could read of the network under `settings`: the report, a call's sentence, the log. */
  async function everythingSaid(settings: Partial<NetworkSettings>): Promise<string> {
    const routes = new NetworkRoutes({ settings: () => ({ ...defaultNetworkSettings, ...settings }) });
    const logger = new RecordingLogger();
    // Not this machine: only an address other than 127.0.0.1 goes through a proxy.
    const client = new PlatformClient({
      baseUrl: 'https://docs-platform.test:9',
      transport: routes.transport,
      keys: async (kind) => (kind === 'adminKey' ? platform.config.adminKey : platform.config.assistantKey),
      logger,
      delay: async () => {},
      random: () => 0.5,
      timeouts: { connectMs: 1_000 },
    });
    try {
      const network = await diagnose('https://docs-platform.test:9', routes, 1_000);
      const page = await client.discovery.page('acme-docs', 'guides/chat');
      const report = connectionReportText({
        when: new Date(0),
        extensionVersion: '0.0.0',
        vscodeVersion: '1.99.3',
        host: 'node',
        origin: 'https://docs-platform.test:9',
        network: network.lines,
        keys: { assistant: { ok: false, message: network.problem ?? '' }, agentJobs: { ok: false, message: '' } },
      });
      return [report, page.ok ? '' : page.error.message, ...logger.lines.map(redactSecrets)].join('\n');
    } finally {
      await client.dispose();
      await routes.dispose();
    }
  }

  for (const language of ['en', 'ja'] as const) {
    it(`says nothing of the user information of any address, in http.proxy or a variable (${language})`, async () => {
      if (language === 'ja') l10n.config({ contents: japanese });
      const hostPort = `127.0.0.1:${guarded.port}`;
      let checked = 0;
      for (const password of PASSWORDS) {
        for (const address of shapes(password, hostPort)) {
          const places: Partial<NetworkSettings>[] = [
            { proxy: address },
            { env: { HTTPS_PROXY: address } },
            // Printed though not in use: http.proxy comes first, and https calls never take HTTP_PROXY over HTTPS_PROXY.
            { proxy: `http://${hostPort}`, env: { HTTP_PROXY: address, ALL_PROXY: address, https_proxy: address } },
          ];
          for (const settings of places) {
            const said = await everythingSaid(settings);
            for (const secret of [password, USER, encodeURIComponent(password)])
              assert.ok(!said.includes(secret), `${JSON.stringify(settings)} shows ${secret}:\n${said}`);
            checked++;
          }
        }
      }
      assert.equal(checked, PASSWORDS.length * 3 * 3);
    });
  }
});
