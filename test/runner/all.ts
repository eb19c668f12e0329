// npm test: every check, as named steps in order, each timed; the first that fails stops the run
// and is named. The code-server releases the later steps need are installed in the background
// from the start (provision.ts), overlapping the lint, type checks and unit tests.

import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './workbench';

interface Step {
  readonly name: string;
  /** Run one after the other, the first that fails ending the step. */
  readonly commands: readonly (readonly string[])[];
}

const step = (name: string, ...commands: string[][]): Step => ({ name, commands });

/**
 * The steps, in order; the steps of one group run side by side, each starting its own servers and
 * browsers on ports of their own, and the run stops after the first group with a failure. Lint,
 * formatting and types read files and time nothing. The unit tests take one core and the Chromium
 * suite most of the other: a test of speed counts CPU time against a smaller input in the same
 * run, and the few that read a clock allow several times what they need (CI passes with a process
 * keeping a core busy beside it). The UI suites of the two releases each leave a core idle about a
 * fifth of the time (they wait on VS Code), so the two releases share the machine, the web suite
 * after the shorter one. The source's suites load dist/ as packaging left it (minified).
 */
const STEPS: readonly (readonly Step[])[] = [
  [
    step('lint', ['npm', 'run', 'lint']),
    step('formatting', ['npm', 'run', 'format:check']),
    step('type check', ['npm', 'run', 'typecheck']),
  ],
  [step('build', ['npm', 'run', 'build'])],
  [step('unit tests (Node)', ['npx', 'mocha']), step('chat view in Chromium', ['npx', 'mocha', '--config', '.mocharc.browser.json'])],
  [step('in-host tests (VS Code 1.99 and 1.139)', ['node', 'out/test/runner/runVsCodeTests.js'])],
  // Before the UI suites: the source's suites load dist/ as packaging leaves it.
  [step('the .vsix and the web package, checked', ['node', 'out/test/runner/runUiAgainstVsix.js', '--package'])],
  [
    step(
      'UI tests from the source (VS Code 1.99), then against the web package',
      ['npx', 'mocha', '--config', '.mocharc.ui.json'],
      ['node', 'out/test/runner/runUiAgainstVsix.js', '--web'],
    ),
    step('UI tests against the .vsix (VS Code 1.139)', ['node', 'out/test/runner/runUiAgainstVsix.js', '--node']),
  ],
];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

interface Ran {
  readonly step: Step;
  /** The exit code, or 128 plus the signal's number for a step that a signal ended. */
  readonly code: number;
  readonly ms: number;
}

/**
 * Where a step that shares its group writes: kept, to be printed whole after the group, and
 * written as it comes to test-results/<step>.log, where a run stopped part-way still shows it.
 */
interface Output {
  readonly chunks: Buffer[];
  readonly file: number;
}

function runCommand(command: readonly string[], output?: Output): Promise<number> {
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = spawn(program, args, { cwd: REPO_ROOT, stdio: output ? 'pipe' : 'inherit', shell: process.platform === 'win32' });
    const keep = (chunk: Buffer) => {
      output?.chunks.push(chunk);
      if (output) fs.writeSync(output.file, chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('close', (code, signal) => {
      if (signal) console.log(`\n${command.join(' ')} was ended by ${signal}.`);
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0));
    });
    child.once('error', () => resolve(1));
  });
}

async function run(step: Step, output?: Output): Promise<Ran> {
  const started = Date.now();
  let code = 0;
  for (const command of step.commands) {
    code = await runCommand(command, output);
    if (code !== 0) break;
  }
  return { step, code, ms: Date.now() - started };
}

const described = (step: Step) => `${step.name}: ${step.commands.map((command) => command.join(' ')).join(', then ')}`;

/** A group's steps, side by side when there are several; each step's output printed whole, in order. */
async function runGroup(group: readonly Step[]): Promise<Ran[]> {
  if (group.length === 1) {
    console.log(`\n== ${described(group[0])}`);
    return [await run(group[0])];
  }
  const results = path.join(REPO_ROOT, 'test-results');
  fs.mkdirSync(results, { recursive: true });
  const outputs = group.map((step): Output => ({
    chunks: [],
    file: fs.openSync(path.join(results, `${step.name.replace(/\W+/g, '-')}.log`), 'w'),
  }));
  console.log(`\n== side by side, each printed when all have ended: ${group.map((step) => step.name).join('; ')}`);
  const ran = await Promise.all(group.map((step, at) => run(step, outputs[at])));
  group.forEach((step, at) => {
    console.log(`\n== ${described(step)} (beside ${group.length - 1} other steps)`);
    process.stdout.write(Buffer.concat(outputs[at].chunks));
    fs.closeSync(outputs[at].file);
  });
  return ran;
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
  for (const group of STEPS) {
    const ran = await runGroup(group);
    for (const step of ran.filter((step) => step.code === 0)) {
      done.push(`${step.step.name} (${seconds(step.ms)})`);
      console.log(`\n✔ ${step.step.name} (${seconds(step.ms)})`);
    }
    const failed = ran.filter((step) => step.code !== 0);
    if (failed.length > 0) {
      for (const step of failed) console.log(`\n✘ ${step.step.name} failed (exit code ${step.code}, after ${seconds(step.ms)}).`);
      console.log(`The steps that passed: ${done.join(', ') || 'none'}.`);
      provisioning.kill();
      return failed[0].code;
    }
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
