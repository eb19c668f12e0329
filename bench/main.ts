// npm run bench: every benchmark, each figure next to a baseline measured in the same run.
//   npm run bench -- --write        also writes the table into docs/performance.md
//   npm run bench -- --json         also writes every figure, its goal and whether it is met to bench/results.json
//   npm run bench -- --only decoding,proxy,rendering,floods,restore,polling,jobsTree,footprint,webFootprint,toolAnswers
//   npm run bench -- --only rendering --ablate   instead, what each layer of the chat's renderer buys (about 30 minutes)

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { benchAblation } from './ablation';
import { table, type Row } from './measure';
import { benchChatRendering } from './chatRendering';
import { benchChatRestore } from './chatRestore';
import { benchFloods } from './floods';
import { benchFootprint } from './footprint';
import { benchJobsTree } from './jobsTree';
import { benchPolling } from './polling';
import { benchProxyStreaming } from './proxyStreaming';
import { benchStreamDecoding } from './streamDecoding';
import { benchToolAnswers } from './toolAnswers';
import { benchWebFootprint } from './webFootprint';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PERFORMANCE = path.join(REPO_ROOT, 'docs', 'performance.md');
const RESULTS = path.join(REPO_ROOT, 'bench', 'results.json');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
const ABLATION_START = '<!-- ablation:start -->';
const ABLATION_END = '<!-- ablation:end -->';

type Bench = (log: (line: string) => void) => Promise<{ rows: Row[] }>;

const BENCHES: Record<string, Bench> = {
  decoding: benchStreamDecoding,
  proxy: benchProxyStreaming,
  rendering: benchChatRendering,
  floods: benchFloods,
  restore: benchChatRestore,
  polling: benchPolling,
  jobsTree: benchJobsTree,
  footprint: benchFootprint,
  webFootprint: benchWebFootprint,
  toolAnswers: benchToolAnswers,
};

async function main(): Promise<void> {
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? process.argv[onlyArg + 1].split(',') : Object.keys(BENCHES);
  const rows: Row[] = [];
  const results: (Row & { readonly bench: string })[] = [];
  // The ablation renders the same answers as the rendering benchmark, with each layer off in turn: it runs alone.
  for (const name of process.argv.includes('--ablate') ? [] : only) {
    const bench = BENCHES[name];
    if (!bench) throw new Error(`No benchmark "${name}"; there are ${Object.keys(BENCHES).join(', ')}`);
    console.log(`\n# ${name}`);
    const found = (await bench((line) => console.log(`  ${line}`))).rows;
    rows.push(...found);
    results.push(...found.map((row) => ({ bench: name, ...row })));
  }
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
  if (process.argv.includes('--ablate')) {
    console.log('\n# ablation');
    const { tables } = await benchAblation((line) => console.log(`  ${line}`));
    const ablation = `Measured on ${machine}, ${new Date().toISOString().slice(0, 10)}, with \`npm run bench -- --only rendering --ablate\`.\n\n${tables}`;
    console.log(`\n${ablation}\n`);
    if (process.argv.includes('--write')) replaceSection(ABLATION_START, ABLATION_END, ablation);
  }
  const result = `Measured on ${machine}, ${new Date().toISOString().slice(0, 10)}, with \`npm run bench\`.\n\n${table(rows)}`;
  if (rows.length > 0) console.log(`\n${result}\n`);
  if (process.argv.includes('--json')) {
    const date = new Date().toISOString();
    fs.writeFileSync(RESULTS, `${JSON.stringify({ machine, date, results }, null, 2)}\n`);
    const unmet = results.filter((result) => result.met === false).length;
    console.log(`bench/results.json written: ${results.length} figures, ${unmet} goal${unmet === 1 ? '' : 's'} not met.`);
  }
  if (process.argv.includes('--write') && rows.length > 0) replaceSection(START, END, result);
}

/** Puts `text` between docs/performance.md's `start` and `end` markers. */
function replaceSection(start: string, end: string, text: string): void {
  const page = fs.readFileSync(PERFORMANCE, 'utf8');
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${start} … ${end} section`);
  fs.writeFileSync(PERFORMANCE, `${page.slice(0, from + start.length)}\n${text}\n${page.slice(to)}`);
  console.log(`docs/performance.md updated (${start}).`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
