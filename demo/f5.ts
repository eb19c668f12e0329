// The emulator and sample project for F5 in desktop VS Code (.vscode/launch.json, "Run Extension"):
// started by the task "Docs Assistant: emulator for F5" (.vscode/tasks.json) before the Extension
// Development Host opens, and stopped with that task. Everything goes in .vscode-test/f5, at the
// paths the launch configuration names; the emulator listens on 127.0.0.1:4873.

import * as path from 'node:path';
import { startF5Demo } from './demo';

/** Where launch.json looks: its `args` and `env` name these paths. */
export const F5_SCRATCH = path.resolve(__dirname, '..', '..', '.vscode-test', 'f5');
export const F5_EMULATOR_PORT = 4873;
/** What the task's problem matcher waits for before the launch goes on (tasks.json's endsPattern). */
export const F5_READY = 'Docs Assistant F5: ready';

async function main(): Promise<void> {
  const demo = await startF5Demo({ scratch: F5_SCRATCH, emulatorPort: F5_EMULATOR_PORT });
  console.log(`Docs Assistant F5: the emulator listens on ${demo.emulator.url}; the sample project is ${demo.workspace}.`);
  console.log(F5_READY);
  const stop = () => void demo.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Run, not imported (the architecture test reads the paths above).
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
