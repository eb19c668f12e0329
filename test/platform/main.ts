// Runs the emulator on its own, with jobs in every state, for trying the extension by hand:
//   npm run emulator [-- --port 4873]

import { PlatformEmulator } from './emulator';

async function main(): Promise<void> {
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
  const emulator = await PlatformEmulator.start({ port, deltaDelayMs: 15 });
  const minute = 60_000;
  emulator.jobs.add({ id: 'job-active', outcome: 'staysActive', repository: 'https://github.com/acme/docs', ref: 'docs-agent/quickstart' });
  emulator.jobs.add({ id: 'job-finishing', outcome: 'completed', runsForMs: 2 * minute, repository: 'https://github.com/acme/docs' });
  emulator.jobs.add({ id: 'job-completed', outcome: 'completed', runsForMs: 0, createdAt: Date.now() - 90 * minute });
  emulator.jobs.add({ id: 'job-no-changes', outcome: 'completedWithoutChanges', runsForMs: 0, createdAt: Date.now() - 3 * 60 * minute });
  emulator.jobs.add({ id: 'job-failed', outcome: 'failed', runsForMs: minute, repository: 'https://github.com/acme/api' });
  emulator.jobs.add({ id: 'job-archived', outcome: 'archived', runsForMs: 0, archivedAfterMs: 0, createdAt: Date.now() - 2 * 24 * 60 * minute });
  const { config } = emulator;
  console.log(`Platform emulator listening on ${emulator.url}

  docsAssistant.baseUrl    ${emulator.url}
  docsAssistant.domain     ${config.domain}
  docsAssistant.projectId  ${config.projectId}
  assistant key            ${config.assistantKey}
  admin key                ${config.adminKey}
  agent jobs               ${emulator.jobs.ids().join(', ')}
  pages                    ${emulator.docs.all().map((page) => page.path).join(', ')}

Ctrl+C stops it.`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
