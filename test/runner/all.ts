// npm test: every check, as named steps in order, each timed; the first that fails stops the run
// and is named. The code-server releases the later steps need are installed in the background
// from the start (provision.ts), overlapping the lint, type checks and unit tests. A run that
// reaches its time limit says what was running and ends it: a run CI's own limit ends says nothing.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { descendants, freeze, kill } from './processTree';
import { REPO_ROOT } from './workbench';

interface Step {
  readonly name: string;
  /** What its lines are prefixed with while it runs beside others. */
  readonly tag: string;
  /** Run one after the other, the first that fails ending the step. */
  readonly commands: readonly (readonly string[])[];
}

const step = (name: string, tag: string, ...commands: string[][]): Step => ({ name, tag, commands });

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
    step('lint', 'lint', ['npm', 'run', 'lint']),
    step('formatting', 'format', ['npm', 'run', 'format:check']),
    step('type check', 'types', ['npm', 'run', 'typecheck']),
  ],
  [step('build', 'build', ['npm', 'run', 'build'])],
  [
    step('unit tests (Node)', 'unit', ['npx', 'mocha']),
    step('chat view in Chromium', 'chromium', ['npx', 'mocha', '--config', '.mocharc.browser.json']),
  ],
  [step('in-host tests (VS Code 1.99 and 1.139)', 'in-host', ['node', 'out/test/runner/runVsCodeTests.js'])],
  // Before the UI suites: the source's suites load dist/ as packaging leaves it.
  [step('the .vsix and the web package, checked', 'package', ['node', 'out/test/runner/runUiAgainstVsix.js', '--package'])],
  [
    step(
      'UI tests from the source (VS Code 1.99), then against the web package',
      '1.99',
      ['npx', 'mocha', '--config', '.mocharc.ui.json'],
      ['node', 'out/test/runner/runUiAgainstVsix.js', '--web'],
    ),
    step('UI tests against the .vsix (VS Code 1.139)', '1.139', ['node', 'out/test/runner/runUiAgainstVsix.js', '--node']),
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

/** Every command running now, with the step it belongs to: what the time limit reports and ends. */
const running = new Map<ChildProcess, Step>();

/**
 * A step beside others: each whole line printed as it comes, after the step's tag, so that the
 * output of a run ended part-way (by CI's own limit) still says where each step was; and written
 * untagged to test-results/<step>.log.
 */
class TaggedOutput {
  private partial = '';
  private readonly file: number;
  // A chunk can end inside a character (✔ is three bytes).
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly step: Step) {
    const results = path.join(REPO_ROOT, 'test-results');
    fs.mkdirSync(results, { recursive: true });
    this.file = fs.openSync(path.join(results, `${step.name.replace(/\W+/g, '-')}.log`), 'w');
  }

  write(chunk: Buffer): void {
    fs.writeSync(this.file, chunk);
    const lines = (this.partial + this.decoder.write(chunk)).split('\n');
    this.partial = lines.pop() ?? '';
    // Blank lines set out one step's output; among another's they would only part it.
    for (const line of lines) if (line.trim() !== '') process.stdout.write(`[${this.step.tag}] ${line}\n`);
  }

  close(): void {
    this.partial += this.decoder.end();
    if (this.partial.trim() !== '') process.stdout.write(`[${this.step.tag}] ${this.partial}\n`);
    fs.closeSync(this.file);
  }
}

function runCommand(step: Step, command: readonly string[], output?: TaggedOutput): Promise<number> {
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = spawn(program, args, { cwd: REPO_ROOT, stdio: output ? 'pipe' : 'inherit', shell: process.platform === 'win32' });
    running.set(child, step);
    const keep = (chunk: Buffer) => output?.write(chunk);
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('close', (code, signal) => {
      running.delete(child);
      if (signal) console.log(`\n${command.join(' ')} was ended by ${signal}.`);
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0));
    });
    child.once('error', () => {
      running.delete(child);
      resolve(1);
    });
  });
}

/** Each step that passed, with its time, as soon as it did: a report of a run out of time lists them. */
const passed: string[] = [];

async function run(step: Step, output?: TaggedOutput): Promise<Ran> {
  const started = Date.now();
  let code = 0;
  for (const command of step.commands) {
    code = await runCommand(step, command, output);
    if (code !== 0) break;
  }
  output?.close();
  const ms = Date.now() - started;
  if (code === 0) passed.push(`${step.name} (${seconds(ms)})`);
  return { step, code, ms };
}

const described = (step: Step) => `${step.name}: ${step.commands.map((command) => command.join(' ')).join(', then ')}`;

/** A group's steps, side by side when there are several, each line of theirs tagged. */
async function runGroup(group: readonly Step[]): Promise<Ran[]> {
  if (group.length === 1) {
    console.log(`\n== ${described(group[0])}`);
    return [await run(group[0])];
  }
  console.log(`\n== side by side, each line tagged with its step's [tag]:`);
  for (const step of group) console.log(`   [${step.tag}] ${described(step)}`);
  return Promise.all(group.map((step) => run(step, new TaggedOutput(step))));
}

const LIMIT_MS = 85 * 60_000;

/**
 * When the run must end, in ms since the epoch: .ci/run names the moment (DOCS_ASSISTANT_DEADLINE,
 * in seconds) a few minutes before CI's own limit, which would end the run without a word on why.
 */
function deadline(started: number): number {
  const named = process.env.DOCS_ASSISTANT_DEADLINE;
  if (named === undefined || named === '') return started + LIMIT_MS;
  const at = Number(named) * 1000;
  if (Number.isFinite(at) && at > started && at <= started + 2 * LIMIT_MS) return at;
  console.log(
    `DOCS_ASSISTANT_DEADLINE is "${named}", not a time in seconds within the next ${(2 * LIMIT_MS) / 60_000} minutes: the run ends at ${LIMIT_MS / 60_000} minutes.`,
  );
  return started + LIMIT_MS;
}

/** What a command prints, or why it printed nothing: for the report of a run out of time. */
function printed(command: string, ...args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return `(${command} ${args.join(' ')}: ${error instanceof Error ? error.message : String(error)})\n`;
  }
}

/** Says which steps were still running and what the machine was doing, then ends every process of the run. */
function outOfTime(started: number): void {
  // Stopped first, so that the report shows them as they were and none escapes the end.
  const pids = freeze(descendants([process.pid]));
  const steps = [...new Set(running.values())].map((step) => step.name);
  console.log(`\n✘ The run reached its time limit after ${seconds(Date.now() - started)}, with these steps running: ${steps.join('; ')}.`);
  console.log(`The steps that passed: ${passed.join(', ') || 'none'}.`);
  console.log('\nWhat ran then (elapsed, CPU time, memory in KB):');
  const table = pids.length > 0 ? printed('ps', '-o', 'pid,ppid,etime,time,rss,args', '--forest', '-p', pids.join(',')) : '(nothing)\n';
  process.stdout.write(
    table
      .split('\n')
      .map((line) => line.slice(0, 220))
      .join('\n'),
  );
  process.stdout.write(`\n${printed('uptime')}${printed('free', '-m')}${printed('df', '-h', os.tmpdir(), REPO_ROOT)}`);
  kill(pids);
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
  const started = Date.now();
  const limit = setTimeout(
    () => {
      outOfTime(started);
      process.exit(124);
    },
    deadline(started) - started,
  );
  for (const group of STEPS) {
    const ran = await runGroup(group);
    for (const step of ran.filter((step) => step.code === 0)) console.log(`\n✔ ${step.step.name} (${seconds(step.ms)})`);
    const failed = ran.filter((step) => step.code !== 0);
    if (failed.length > 0) {
      for (const step of failed) console.log(`\n✘ ${step.step.name} failed (exit code ${step.code}, after ${seconds(step.ms)}).`);
      console.log(`The steps that passed: ${passed.join(', ') || 'none'}.`);
      provisioning.kill();
      clearTimeout(limit);
      return failed[0].code;
    }
  }
  clearTimeout(limit);
  console.log(`\nEvery step passed in ${seconds(Date.now() - started)}:\n${passed.map((line) => `  ✔ ${line}`).join('\n')}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
