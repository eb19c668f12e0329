// The other end of the proxy benchmark, in a process of its own so that its work is not counted as
// the client's: the emulator over TLS, answering with 100 KB of text as fast as it can, and a
// CONNECT proxy that alone resolves the platform's test name. Prints one JSON line, then serves
// until the parent goes.

import { PlatformEmulator } from '../../test/emulator/emulator';
import { makePki, PLATFORM_HOST } from '../../test/network/pki';
import { startProxy } from '../../test/network/proxies';
import { sampleDocumentation } from '../sampleText';

async function main(): Promise<void> {
  const pki = makePki(process.argv[2]);
  let text = '';
  while (text.length < 100 * 1024) text += `${sampleDocumentation()}\n\n`;
  const emulator = await PlatformEmulator.start({
    searchDelayMs: 0,
    answerOverride: text.slice(0, 100 * 1024),
    tls: { ...pki.server('extra'), hostname: PLATFORM_HOST },
  });
  const proxy = await startProxy({ resolve: [PLATFORM_HOST] });
  const port = new URL(emulator.url).port;
  console.log(
    JSON.stringify({
      port,
      proxy: proxy.url,
      key: emulator.config.assistantKey,
      domain: emulator.config.domain,
      root: pki.root('extra').file,
    }),
  );
  process.on('disconnect', () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
