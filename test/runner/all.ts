// npm test: every check, as named steps in groups; the steps of a group run side by side, with
// concurrently (a maintained runner, used by a great many projects for just this): each line of a
// step is printed as it comes, after the step's name, so that a run ended part-way (by CI's own
// `timeout` in .ci/run) still says where each step was; a step that fails lets the others of its
// group finish (one run then names every failure of the group), and the run stops after that
// group. Every step's time is printed at the end. The code-server releases the later steps need
// are installed in the background from the start (provision.ts), overlapping the checks and unit
// tests.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { concurrently, type CloseEvent } from 'concurrently';
import { REPO_ROOT } from './workbench';

interface Step {
  readonly name: string;
  readonly command: string;
}

/**
 * The groups, in order. Lint, formatting and types read files. The unit tests take one core and the
 * Chromium suite most of the other. The in-host suites run both releases in one step (they share
 * test certificates and the system's store). Each release's workbench tests run beside the other's:
 * VS Code leaves a core idle much of the time.
 */
const GROUPS: readonly (readonly Step[])[] = [
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'format', command: 'npm run format:check' },
    // The Node program was type-checked as npm test compiled it: the browser programs are left.
    { name: 'types', command: 'npm run typecheck:browser' },
  ],
  [{ name: 'build', command: 'npm run build' }],
  [
    { name: 'unit', command: 'npx c8 mocha' },
    { name: 'chromium', command: 'npx mocha --config .mocharc.browser.json' },
  ],
  [{ name: 'in-host', command: 'node out/test/runner/runVsCodeTests.js' }],
  [{ name: 'package', command: 'node out/test/runner/runWorkbenchTests.js --package' }],
  [
    { name: '1.99', command: 'node out/test/runner/runWorkbenchTests.js --oldest' },
    { name: '1.139', command: 'node out/test/runner/runWorkbenchTests.js --newest' },
  ],
];

/** The installs of code-server, in the background, their output in test-results/provision.log. */
function provision(): void {
  const results = path.join(REPO_ROOT, 'test-results');
  fs.mkdirSync(results, { recursive: true });
  const log = fs.openSync(path.join(results, 'provision.log'), 'w');
  // The suites that need a release wait for its install themselves (codeServer.ts).
  spawn(process.execPath, [path.join(REPO_ROOT, 'out', 'test', 'runner', 'provision.js')], { stdio: ['ignore', log, log] }).unref();
}

const seconds = (value: number) => `${value.toFixed(1)} s`;

async function main(): Promise<number> {
  provision();
  const started = Date.now();
  const times: string[] = [];
  for (const group of GROUPS) {
    console.log(`\n== ${group.map((step) => `[${step.name}] ${step.command}`).join('   ')}`);
    const { result } = concurrently(
      group.map((step) => ({ ...step, env: { FORCE_COLOR: '0', NO_COLOR: '1' } })),
      { prefix: '[{name}]', cwd: REPO_ROOT, raw: group.length === 1 },
    );
    const events: CloseEvent[] = await result.catch((closed: CloseEvent[]) => closed);
    for (const event of events)
      times.push(
        `  ${event.exitCode === 0 ? '✔' : '✘'} ${event.command.name} (${seconds(event.timings.durationSeconds)})${event.exitCode === 0 ? '' : `: exit code ${event.exitCode}`}`,
      );
    if (events.some((event) => event.exitCode !== 0)) {
      console.log(`\nA step failed; the run stopped after ${seconds((Date.now() - started) / 1000)}:\n${times.join('\n')}`);
      return 1;
    }
  }
  console.log(`\nEvery step passed in ${seconds((Date.now() - started) / 1000)}:\n${times.join('\n')}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
