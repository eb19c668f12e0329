// Runs the emulator on its own, with jobs in every state, for trying the extension by hand:
//   npm run emulator [-- --port 4873]

import { PlatformEmulator } from './emulator';
import { addSampleJobs } from './sampleJobs';

async function main(): Promise<void> {
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
  const emulator = await PlatformEmulator.start({ port, deltaDelayMs: 15 });
  addSampleJobs(emulator);
  const { config } = emulator;
  console.log(`Platform emulator listening on ${emulator.url}

  docsAssistant.baseUrl    ${emulator.url}
  docsAssistant.domain     ${config.domain}
  docsAssistant.projectId  ${config.projectId}
  assistant key            ${config.assistantKey}
  admin key                ${config.adminKey}
  agent jobs               ${emulator.jobs.ids().join(', ')}
  pages                    ${emulator.docs
    .all()
    .map((page) => page.path)
    .join(', ')}

Ctrl+C stops it.`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
