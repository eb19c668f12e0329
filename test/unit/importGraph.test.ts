// The import graph of src/, checked against ARCHITECTURE.md's layers: no folder it does not place,
// no arrow up (a module importing from its own layer's line or a later one), and no cycle between
// modules. Type imports count: they tie a module to another's shape as much as a value does.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const root = path.resolve(__dirname, '../../..');
const src = path.join(root, 'src');

/** ARCHITECTURE.md's layers, lowest first: each a set of folders (or top-level files) of src/. */
function layersOf(architecture: string): string[][] {
  const list = /<!-- layers:start -->([\s\S]*?)<!-- layers:end -->/.exec(architecture);
  assert.ok(list, 'ARCHITECTURE.md has its list of layers');
  return list[1]
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]));
}

/** Every module of src/, and the modules of src/ it imports (statically, dynamically, or by require). */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts')) graph.set(path.relative(dir, file).split(path.sep).join('/'), importsOf(file, dir));
    }
  };
  walk(dir);
  return graph;
}

function importsOf(file: string, dir: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specifiers.push(node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const target = path.resolve(path.dirname(file), specifier);
      const module = ['.ts', '/index.ts'].map((end) => target + end).find((candidate) => fs.existsSync(candidate)) ?? target;
      return path.relative(dir, module).split(path.sep).join('/');
    });
}

/** The layer a module is in: its top-level folder, or the file itself at src/'s top. */
const unitOf = (module: string) => module.split('/')[0];

/** The cycles among modules: each a strongly connected set of more than one module (or one that imports itself). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (module: string) => {
    index.set(module, next);
    low.set(module, next++);
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!graph.has(imported)) continue;
      if (!index.has(imported)) {
        connect(imported);
        low.set(module, Math.min(low.get(module)!, low.get(imported)!));
      } else if (onStack.has(imported)) low.set(module, Math.min(low.get(module)!, index.get(imported)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== module);
    if (members.length > 1 || graph.get(module)?.includes(module)) cycles.push(members.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) connect(module);
  return cycles;
}

/** Imports that point up, or across one line, of the layers. */
function arrowsUp(graph: Map<string, string[]>, layers: string[][]): string[] {
  const rank = new Map(layers.flatMap((units, line) => units.map((unit) => [unit, line] as const)));
  const wrong: string[] = [];
  for (const [module, imports] of graph) {
    for (const imported of imports) {
      const from = unitOf(module);
      const to = unitOf(imported);
      if (from !== to && !(rank.get(to)! < rank.get(from)!)) wrong.push(`${module} → ${imported}`);
    }
  }
  return wrong;
}

describe('the import graph', () => {
  const graph = importGraph(src);
  const layers = layersOf(fs.readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8'));

  it("places every folder of src/ in one of ARCHITECTURE.md's layers, and names none that is not there", () => {
    const placed = layers.flat();
    const units = fs.readdirSync(src).filter((entry) => entry.endsWith('.ts') || fs.statSync(path.join(src, entry)).isDirectory());
    assert.deepEqual([...placed].sort(), [...new Set(placed)].sort(), 'each once');
    assert.deepEqual([...placed].sort(), units.sort());
  });

  it('has no arrow up between the layers', () => {
    assert.deepEqual(arrowsUp(graph, layers), []);
  });

  it('has no cycle between modules', () => {
    assert.deepEqual(cyclesOf(graph), []);
  });

  it('fails on an arrow up and on a cycle (the checks can fail)', () => {
    const bad = new Map([
      ['platform/a.ts', ['settings/b.ts', 'platform/c.ts']],
      ['settings/b.ts', ['platform/a.ts']],
      ['platform/c.ts', ['platform/a.ts']],
    ]);
    assert.deepEqual(arrowsUp(bad, [['platform'], ['settings']]), ['platform/a.ts → settings/b.ts']);
    assert.deepEqual(arrowsUp(bad, [['platform', 'settings']]), ['platform/a.ts → settings/b.ts', 'settings/b.ts → platform/a.ts']);
    assert.deepEqual(cyclesOf(bad), [['platform/a.ts', 'platform/c.ts', 'settings/b.ts']]);
  });
});
