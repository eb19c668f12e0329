// How the project is put together, checked: both TypeScript programs cover their files, and the
// identifiers the code uses are the ones package.json declares, and activation loads one small file. (That the core never imports
// `vscode` is ESLint's to check: eslint.config.mjs.)

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { commands, contextKeys, jobItemContexts, pageScheme, tools, views } from '../../src/identifiers';
import { agentJobsWelcome } from '../../src/settings/setupState';

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const root = repoRoot();

function programFiles(config: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    },
  );
  assert.ok(parsed, config);
  return parsed.fileNames.map((file) => path.relative(root, file).split(path.sep).join('/'));
}

interface Manifest {
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    viewsContainers: { activitybar: { id: string }[] };
    menus: Record<string, { when?: string }[]>;
    viewsWelcome: { when?: string; contents: string }[];
    keybindings: { when?: string }[];
    languageModelTools: { name: string }[];
  };
}

describe('architecture', () => {
  it('the webview program type-checks the chat view, every file of it', () => {
    const files = programFiles('src/webview/tsconfig.json');
    const webviewFiles = fs.readdirSync(path.join(root, 'src', 'webview')).filter((file) => file.endsWith('.ts'));
    assert.ok(webviewFiles.includes('chat.ts'));
    for (const file of webviewFiles) assert.ok(files.includes(`src/webview/${file}`), `src/webview/${file} is type-checked`);
  });

  it('the webview bundles nothing of the extension but src/shared, and src/shared nothing outside itself', () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.join(root, 'src/webview/tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
      },
    )!;
    const ours = ts
      .createProgram(parsed.fileNames, parsed.options)
      .getSourceFiles()
      .map((file) => path.relative(root, file.fileName).split(path.sep).join('/'))
      .filter((file) => !file.startsWith('node_modules/') && !file.startsWith('..'));
    assert.ok(ours.includes('src/shared/protocol.ts'));
    const outside = ours.filter((file) => !file.startsWith('src/webview/') && !file.startsWith('src/shared/'));
    assert.deepEqual(outside, [], 'imported by the webview');
  });

  it('the Node program type-checks everything else, and never the webview with Node types', () => {
    const files = programFiles('tsconfig.json');
    assert.ok(files.includes('src/vscode/extension.ts') && files.includes('test/unit/architecture.test.ts'));
    assert.ok(!files.some((file) => file.startsWith('src/webview/')), 'no webview file in the Node program');
  });

  it('every command id in the code is declared in package.json, and every declared command has its id', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    const declared = manifest.contributes.commands.map((command) => command.command).sort();
    assert.deepEqual(Object.values(commands).sort(), declared);
  });

  it("every context key package.json's when clauses read is one the code sets, and the views are the declared ones", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    const { menus, viewsWelcome, keybindings } = manifest.contributes;
    const clauses = [...Object.values(menus).flat(), ...viewsWelcome, ...keybindings].map((entry) => entry.when ?? '');
    const read = new Set(
      clauses
        .flatMap((clause) => clause.match(/\bdocsAssistant\.[A-Za-z]+\b/g) ?? [])
        .filter((key) => !Object.values(views).includes(key as never)),
    );
    assert.deepEqual([...read].sort(), Object.values(contextKeys).sort());
    assert.deepEqual(
      manifest.contributes.viewsContainers.activitybar.map((container) => container.id),
      [views.container],
    );
    assert.deepEqual(manifest.contributes.views[views.container].map((view) => view.id).sort(), [views.agentJobs, views.chat].sort());
  });

  it("the tree items' context words package.json's viewItem clauses match are the code's", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    const words = new Set(
      Object.values(manifest.contributes.menus)
        .flat()
        .flatMap((entry) => [...(entry.when ?? '').matchAll(/viewItem =~ \/(?:\^|\\b)(\w+)\\b\//g)].map((match) => match[1])),
    );
    assert.ok(words.size >= 4, [...words].join(', '));
    for (const word of words) assert.ok(Object.values(jobItemContexts).includes(word as never), `${word} is one of identifiers.ts's`);
  });

  it("the Agent Jobs view's welcome says what the code says, for each thing it may need", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const words = (text: string) => text.replace(/^%(.+)%$/, (_, key: string) => nls[key]);
    const said = new Map(
      manifest.contributes.viewsWelcome.map((welcome) => [
        /^docsAssistant\.baseUrlInvalid$/.test(welcome.when ?? '')
          ? 'baseUrlInvalid'
          : /agentJobsNeeds == (\w+)/.exec(welcome.when ?? '')?.[1],
        words(welcome.contents).split('\n')[0],
      ]),
    );
    assert.deepEqual(Object.fromEntries(said), agentJobsWelcome());
  });

  it('the tools and the page scheme are the declared ones', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    assert.deepEqual(manifest.contributes.languageModelTools.map((tool) => tool.name).sort(), Object.values(tools).sort());
    const clauses = Object.values(manifest.contributes.menus)
      .flat()
      .map((entry) => entry.when ?? '');
    assert.ok(clauses.includes(`resourceScheme == ${pageScheme}`));
  });

  it('activation imports nothing but vscode and the identifiers: the features load on first use', () => {
    const loadedBy = (name: string) => {
      const file = path.join(root, 'src', 'vscode', name);
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
      return source.statements.flatMap((statement) => {
        if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
          return [(statement.moduleSpecifier as ts.StringLiteral).text];
        if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier)
          return [(statement.moduleSpecifier as ts.StringLiteral).text];
        return [];
      });
    };
    // Each entry loads activation alone; the features and the preview are required (in a browser,
    // read) when used.
    assert.deepEqual(loadedBy('extension.ts'), ['./activation']);
    assert.deepEqual(loadedBy('extensionWeb.ts').sort(), ['./activation', 'vscode']);
    assert.deepEqual(loadedBy('activation.ts').sort(), ['../identifiers', 'vscode']);
    const identifiers = ts.createSourceFile(
      'identifiers.ts',
      fs.readFileSync(path.join(root, 'src', 'identifiers.ts'), 'utf8'),
      ts.ScriptTarget.ES2022,
    );
    assert.ok(!identifiers.statements.some(ts.isImportDeclaration), 'src/identifiers.ts imports nothing');
  });

  /** Every TypeScript file under src/, with its text. */
  const sources = () => {
    const found: { file: string; text: string }[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts')) found.push({ file: path.relative(root, full), text: fs.readFileSync(full, 'utf8') });
      }
    };
    walk(path.join(root, 'src'));
    return found;
  };

  it('no file under src is over 300 lines: a longer one is doing two things', () => {
    const long = sources().filter(({ text }) => text.split('\n').length > 301);
    assert.deepEqual(
      long.map(({ file }) => file),
      [],
    );
  });

  it('each entry of words sets up the language before it imports anything that says one', () => {
    // A module may say a word as it loads (a constant); the bundle must be configured by then.
    for (const entry of ['src/vscode/nodeFeatures.ts', 'src/vscode/webFeatures.ts', 'src/webview/chat.ts']) {
      const first = /^import\s+(?:[^;]*?from\s+)?'([^']+)'/m.exec(fs.readFileSync(path.join(root, entry), 'utf8'))?.[1];
      assert.equal(first, './l10nSetup', entry);
    }
  });

  it('changes nothing process-wide: no global dispatcher, environment variable or default CA list', () => {
    const processWide =
      /setGlobalDispatcher|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|setDefaultCACertificates|NODE_TLS_REJECT_UNAUTHORIZED|rejectUnauthorized:\s*false/;
    // The one exception: Check Connection's look at a chain (lookAtPath), which sends nothing over it.
    const looked = (file: string, text: string) =>
      file.endsWith('peerCertificate.ts') ? text.replace('rejectUnauthorized: false', '') : text;
    const found = sources().filter(({ file, text }) => processWide.test(looked(file, text)));
    assert.deepEqual(
      found.map(({ file }) => file),
      [],
    );
  });
});
