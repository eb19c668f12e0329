// How the project is put together, checked: both TypeScript programs cover their files, activation
// loads one small file, and no file is over 300 lines. (package.json against the code:
// manifest.test.ts; the import graph: importGraph.test.ts. That the core never imports
// `vscode` is ESLint's to check: eslint.config.mjs.)

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

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
