// F5 in desktop VS Code, checked where desktop VS Code cannot run: every task, script, path and
// pattern .vscode/launch.json and .vscode/tasks.json name exists and is what the code behind it
// makes or prints (issue 42).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { F5_EMULATOR_PORT, F5_READY, F5_SCRATCH } from '../../demo/f5';
import { HOST_TESTS_DIR } from '../runner/prepareHostTests';

const root = path.resolve(__dirname, '..', '..', '..');
/** A JSON file with comments, as VS Code reads .vscode's. */
const jsonc = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>;

interface Task {
  label: string;
  type?: string;
  script?: string;
  dependsOn?: string[];
  problemMatcher?: unknown;
}
interface Launch {
  name: string;
  args: string[];
  env?: Record<string, string>;
  preLaunchTask: string;
}

describe('F5 in desktop VS Code', () => {
  const tasks = (jsonc('.vscode/tasks.json').tasks as Task[]) ?? [];
  const launches = (jsonc('.vscode/launch.json').configurations as Launch[]) ?? [];
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const at = (value: string) => value.replace('${workspaceFolder}', root);

  it('launches the extension and its tests, each after tasks that exist, running scripts that exist', () => {
    assert.deepEqual(
      launches.map((launch) => launch.name),
      ['Run Extension', 'Extension Tests'],
    );
    const labels = new Set(tasks.map((task) => task.label));
    for (const launch of launches) assert.ok(labels.has(launch.preLaunchTask), launch.preLaunchTask);
    for (const task of tasks) {
      for (const other of task.dependsOn ?? []) assert.ok(labels.has(other), `${task.label} depends on ${other}`);
      if (task.type === 'npm') assert.ok(scripts[task.script ?? ''], `npm run ${task.script}`);
    }
    assert.match(scripts['f5:emulator'], /node out\/demo\/f5\.js$/);
    assert.match(scripts['f5:tests'], /node out\/test\/runner\/prepareHostTests\.js$/);
  });

  it('points the Extension Development Host at what demo/f5.ts makes: its user folder, the sample project, the keys', () => {
    const run = launches.find((launch) => launch.name === 'Run Extension')!;
    const args = run.args.map(at);
    assert.ok(args.includes(`--user-data-dir=${path.join(F5_SCRATCH, 'data', 'user')}`), args.join(' '));
    assert.ok(args.includes(`--extensionDevelopmentPath=${root}`));
    const seed = args.find((arg) => arg.startsWith('--extensionDevelopmentPath=') && arg.includes('seedExtension'))!;
    assert.ok(fs.existsSync(path.join(seed.split('=')[1], 'package.json')), seed);
    assert.equal(args.at(-1), path.join(F5_SCRATCH, 'sample-project'));
    assert.equal(at(run.env!.DOCS_ASSISTANT_DEMO_FILE), path.join(F5_SCRATCH, 'demo.json'));
    const seedSource = fs.readFileSync(path.join(root, 'demo', 'seedExtension', 'extension.js'), 'utf8');
    assert.match(seedSource, /DOCS_ASSISTANT_DEMO_FILE/, 'the seed extension reads the file');
    assert.equal(F5_EMULATOR_PORT, 4873);
  });

  it('runs the in-host suites in the workspace prepareHostTests makes', () => {
    const tests = launches.find((launch) => launch.name === 'Extension Tests')!;
    const args = tests.args.map(at);
    assert.ok(args.includes(`--user-data-dir=${path.join(HOST_TESTS_DIR, 'user')}`));
    assert.ok(args.includes(`--extensionTestsPath=${path.join(root, 'out', 'test', 'vscode', 'index')}`));
    assert.ok(fs.existsSync(path.join(root, 'test', 'vscode', 'index.ts')));
    assert.equal(args.at(-1), path.join(HOST_TESTS_DIR, 'workspace'));
    assert.equal(at(tests.env!.DOCS_ASSISTANT_USER_SETTINGS), path.join(HOST_TESTS_DIR, 'user', 'User', 'settings.json'));
  });

  it('waits for what the background tasks print: the build’s $esbuild-watch lines, the emulator’s ready line', () => {
    const emulator = tasks.find((task) => task.script === 'f5:emulator')!;
    const background = (emulator.problemMatcher as { background: { endsPattern: string } }).background;
    assert.match(F5_READY, new RegExp(background.endsPattern));
    const watch = tasks.find((task) => task.script === 'watch')!;
    assert.equal(watch.problemMatcher, '$esbuild-watch');
    // The matcher's begin and end lines, which esbuild.js prints in watch mode.
    const build = fs.readFileSync(path.join(root, 'esbuild.js'), 'utf8');
    assert.ok(build.includes("'[watch] build started'") && build.includes("'[watch] build finished'"));
    const recommended = jsonc('.vscode/extensions.json').recommendations as string[];
    assert.deepEqual(recommended.sort(), ['connor4312.esbuild-problem-matchers', 'dbaeumer.vscode-eslint', 'esbenp.prettier-vscode']);
  });
});
