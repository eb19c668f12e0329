// After a full unit run, says which error kinds and emulator faults the tests exercised, and
// fails the run when one was left out (a filtered run only reports).

import { allErrorKinds, allFaultKinds, exercised } from './support';

export const mochaHooks = {
  afterAll(): void {
    const missingKinds = allErrorKinds.filter((kind) => !exercised.kinds.has(kind));
    const missingFaults = allFaultKinds.filter((fault) => !exercised.faults.has(fault));
    console.log(`\n  Error kinds exercised (${exercised.kinds.size}/${allErrorKinds.length}): ${[...exercised.kinds].sort().join(', ')}`);
    console.log(
      `  Emulator faults exercised (${exercised.faults.size}/${allFaultKinds.length}): ${[...exercised.faults].sort().join(', ')}\n`,
    );
    if (isFullRun() && (missingKinds.length > 0 || missingFaults.length > 0)) {
      throw new Error(`Not exercised: ${[...missingKinds, ...missingFaults].join(', ')}`);
    }
  },
};

/** A run narrowed by --grep or by naming spec files is not expected to cover everything. */
function isFullRun(): boolean {
  return !process.argv.slice(2).some((arg) => /^(-g|--grep|-f|--fgrep)$/.test(arg) || /\.(js|ts)$/.test(arg));
}
