// npm test: every check, as named steps in order, each timed; the first that fails stops the run
// and is named. The code-server releases the later steps need are installed in the background
// from the start (provision.ts), overlapping the lint, type checks and unit tests.

import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './workbench';

interface Step {
  readonly name: string;
  readonly command: readonly string[];
}

const STEPS: readonly Step[] = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'formatting', command: ['npm', 'run', 'format:check'] },
  { name: 'type check', command: ['npm', 'run', 'typecheck'] },
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'unit tests (Node)', command: ['npx', 'mocha'] },
  { name: 'chat view in Chromium', command: ['npx', 'mocha', '--config', '.mocharc.browser.json'] },
  { name: 'in-host tests (VS Code 1.99 and 1.139)', command: ['node', 'out/test/runner/runVsCodeTests.js'] },
  { name: 'UI tests from the source (VS Code 1.99)', command: ['npx', 'mocha', '--config', '.mocharc.ui.json'] },
  { name: 'UI tests against the .vsix (VS Code 1.139) and the web package', command: ['node', 'out/test/runner/runUiAgainstVsix.js'] },
];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const [program, ...args] = step.command;
    const child = spawn(program, args, { cwd: REPO_ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(1));
  });
}

/** The installs of code-server, in the background, their output in test-results/provision.log. */
function provision(): ChildProcess {
  const results = path.join(REPO_ROOT, 'test-results');
  fs.mkdirSync(results, { recursive: true });
  const log = fs.openSync(path.join(results, 'provision.log'), 'w');
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'out', 'test', 'runner', 'provision.js')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', log, log],
  });
  // The suites that need a release wait for its install themselves (codeServer.ts).
  child.unref();
  return child;
}

async function main(): Promise<number> {
  const provisioning = provision();
  const done: string[] = [];
  const started = Date.now();
  for (const step of STEPS) {
    console.log(`\n== ${step.name}: ${step.command.join(' ')}`);
    const stepStarted = Date.now();
    const code = await run(step);
    const took = seconds(Date.now() - stepStarted);
    if (code !== 0) {
      console.log(`\n✘ ${step.name} failed (exit code ${code}, after ${took}). The steps before it passed: ${done.join(', ') || 'none'}.`);
      provisioning.kill();
      return code;
    }
    done.push(`${step.name} (${took})`);
    console.log(`\n✔ ${step.name} (${took})`);
  }
  console.log(`\nEvery step passed in ${seconds(Date.now() - started)}:\n${done.map((line) => `  ✔ ${line}`).join('\n')}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
