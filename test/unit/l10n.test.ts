// Every word the extension says, in every language it ships (issue 43): each `l10n.t` and
// `vscode.l10n.t` call's message is a key of l10n/bundle.l10n.json and the bundle holds no other;
// each translation has every key, and the same placeholders; the manifest's words likewise
// (package.json's `%key%`, package.nls*.json), with their command links kept. A word not yet
// translated into a language is listed in l10n/awaiting-translation.json, and said (issue 49).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

/** The languages that ship: every translation in l10n/. */
function languages(): string[] {
  return fs
    .readdirSync(path.join(root, 'l10n'))
    .map((file) => /^bundle\.l10n\.(.+)\.json$/.exec(file)?.[1])
    .filter((language): language is string => language !== undefined)
    .sort();
}

interface Call {
  readonly message: string;
  readonly args: number;
  readonly where: string;
}

const isLiteral = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/**
 * `l10n.t({ message, comment, args })`: a message with a note for translators, whose key in the
 * bundles is the message, a slash, and the note (as @vscode/l10n looks it up).
 */
function withComment(options: ts.ObjectLiteralExpression, where: string): { message: string; args: number } {
  const property = (name: string) =>
    options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name)?.initializer;
  const message = property('message');
  const comment = property('comment');
  const args = property('args');
  assert.ok(message && isLiteral(message), `${where}: a translation's message is a literal, never built`);
  assert.ok(
    comment && ts.isArrayLiteralExpression(comment) && comment.elements.every(isLiteral),
    `${where}: a note for translators is literal lines`,
  );
  const note = comment.elements.map((line) => (line as ts.StringLiteral).text).join('');
  return { message: `${message.text}/${note}`, args: args && ts.isArrayLiteralExpression(args) ? args.elements.length : 0 };
}

/** Every translation call under src/, with its message and how many values it passes. */
function calls(): Call[] {
  const found: Call[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const source = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.ES2022, true);
        const visit = (node: ts.Node) => {
          if (ts.isCallExpression(node) && /^(vscode\.)?l10n\.t$/.test(node.expression.getText(source))) {
            const [first, ...rest] = node.arguments;
            const where = `${path.relative(root, full)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
            if (first && ts.isObjectLiteralExpression(first)) found.push({ ...withComment(first, where), where });
            else {
              assert.ok(first && isLiteral(first), `${where}: a translation's message is a literal, never built`);
              found.push({ message: first.text, args: rest.length, where });
            }
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
  };
  walk(path.join(root, 'src'));
  return found;
}

/**
 * The words a language does not have yet (l10n/awaiting-translation.json): for each English file,
 * each key awaiting translation with the languages it awaits. Until then VS Code shows the English.
 */
const AWAITING = 'l10n/awaiting-translation.json';
const ENGLISH_FILES = ['l10n/bundle.l10n.json', 'package.nls.json'] as const;
type EnglishFile = (typeof ENGLISH_FILES)[number];
type Awaiting = Record<EnglishFile, Record<string, string[]>>;

/** A language's file of the words in `english`. */
const translationOf = (english: EnglishFile, language: string) => english.replace(/\.json$/, `.${language}.json`);

/**
 * What is wrong with `english`'s translations: a key that a language neither translates nor awaits,
 * a key it translates that English does not have, a key listed as awaiting that it has translated.
 */
function translationGaps(english: EnglishFile, awaiting: Awaiting, files = read, shipped = languages()): string[] {
  const keys = Object.keys(files(english));
  const problems: string[] = [];
  const untranslated = new Map<string, string[]>();
  for (const language of shipped) {
    const file = translationOf(english, language);
    const translated = files(file);
    const waits = (key: string) => awaiting[english]?.[key]?.includes(language) ?? false;
    for (const key of keys) {
      if (!(key in translated) && !waits(key)) untranslated.set(key, [...(untranslated.get(key) ?? []), language]);
      if (key in translated && waits(key)) problems.push(`${file} translates "${key}": take ${language} off its entry in ${AWAITING}`);
    }
    for (const key of Object.keys(translated).filter((key) => !keys.includes(key)))
      problems.push(`${file} has "${key}", which ${english} has not`);
  }
  if (untranslated.size > 0) {
    const entries = [...untranslated].map(([key, missing]) => `    ${JSON.stringify(key)}: ${JSON.stringify(missing)}`).join(',\n');
    problems.push(
      `not translated, and not listed as awaiting translation: translate each in the languages' files, or add it to ${AWAITING} under "${english}":\n${entries}`,
    );
  }
  return problems;
}

/** Fails with what `translationGaps` found, as it says it. */
function assertNoGaps(english: EnglishFile): void {
  const gaps = translationGaps(english, read(AWAITING) as Awaiting);
  assert.ok(gaps.length === 0, gaps.join('\n'));
}

/** A bundle's value: the translation, or in the English bundle a message with its note for translators. */
const textOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { message: string }).message : value);
const placeholders = (text: string) => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();
const commandLinks = (text: string) => [...(text.match(/\(command:[^)]+\)/g) ?? [])].sort();

describe('every word, in every language that ships', () => {
  it('ships at least four languages besides English, all of them VS Code display languages', () => {
    const vscodeLanguages = ['cs', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt-br', 'ru', 'tr', 'zh-cn', 'zh-tw'];
    assert.ok(languages().length >= 4, languages().join(', '));
    for (const language of languages()) assert.ok(vscodeLanguages.includes(language), language);
  });

  it('every message said in the code is in the bundle, the bundle holds no other, and each call passes its values', () => {
    const said = calls();
    assert.ok(said.length > 300, `${said.length} messages`);
    const bundle = read('l10n/bundle.l10n.json');
    const messages = new Set(said.map((call) => call.message));
    assert.deepEqual(
      [...messages].filter((message) => !(message in bundle)),
      [],
      'said but not in the bundle: run npm run l10n:export',
    );
    assert.deepEqual(
      Object.keys(bundle).filter((key) => !messages.has(key)),
      [],
      'in the bundle but said nowhere',
    );
    for (const call of said) {
      const needed = Math.max(-1, ...placeholders(call.message).map((p) => Number(p.slice(1, -1)))) + 1;
      assert.equal(call.args, needed, `${call.where}: "${call.message}" takes ${needed} values`);
    }
  });

  it('shows no word in VS Code’s surfaces that is not said through the bundle: a notification, a question, a progress, a box, a row', () => {
    // The text argument of each surface, by the name it is called by; for an options object, its fields that are words.
    const surfaces: Record<string, { readonly argument: number; readonly fields?: readonly string[] }> = {
      showInformationMessage: { argument: 0 },
      showWarningMessage: { argument: 0 },
      showErrorMessage: { argument: 0 },
      showMessage: { argument: 1 },
      askModal: { argument: 0 },
      setStatusMessage: { argument: 0 },
      setStatusBarMessage: { argument: 0 },
      withProgress: { argument: 0, fields: ['title'] },
      showInputBox: { argument: 0, fields: ['prompt', 'placeHolder', 'title'] },
      showQuickPick: { argument: 1, fields: ['title', 'placeHolder'] },
      TreeItem: { argument: 0 },
    };
    /**
     * Words in a literal, outside `${…}`: three letters or more in a row, in text with a space. One
     * token alone (an example path such as `guides/getting-started`) is the same in every language.
     */
    const sentence = (text: string) => /[A-Za-z]{3,}/.test(text) && /\s/.test(text.trim());
    const words = (node: ts.Node): boolean => {
      if (isLiteral(node)) return sentence(node.text);
      if (ts.isTemplateExpression(node))
        return sentence([node.head, ...node.templateSpans.map((span) => span.literal)].map((part) => part.text).join('x'));
      return false;
    };
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts')) {
          const source = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.ES2022, true);
          const visit = (node: ts.Node) => {
            if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
              const name = node.expression.getText(source).split('.').pop() ?? '';
              const surface = surfaces[name];
              const argument = surface && node.arguments?.[surface.argument];
              const texts = !argument
                ? []
                : ts.isObjectLiteralExpression(argument)
                  ? argument.properties
                      .filter(
                        (p): p is ts.PropertyAssignment =>
                          ts.isPropertyAssignment(p) && (surface.fields ?? []).includes(p.name.getText(source)),
                      )
                      .map((p) => p.initializer)
                  : [argument];
              for (const text of texts.filter(words))
                found.push(
                  `${path.relative(root, full)}:${source.getLineAndCharacterOfPosition(text.getStart()).line + 1}: ${text.getText(source).slice(0, 80)}`,
                );
            }
            ts.forEachChild(node, visit);
          };
          visit(source);
        }
      }
    };
    walk(path.join(root, 'src'));
    assert.deepEqual(found, [], 'words shown without l10n.t');
  });

  it('lists what awaits translation: English keys, languages that ship, each once', () => {
    const awaiting = read(AWAITING) as Awaiting;
    assert.deepEqual(Object.keys(awaiting).sort(), [...ENGLISH_FILES].sort(), `${AWAITING} has an entry for each English file`);
    const said: string[] = [];
    for (const english of ENGLISH_FILES) {
      const keys = read(english);
      for (const [key, waiting] of Object.entries(awaiting[english])) {
        assert.ok(key in keys, `${AWAITING}: "${key}" is not in ${english}: take it off`);
        assert.ok(Array.isArray(waiting) && waiting.length > 0, `${AWAITING}: "${key}" awaits a list of languages`);
        assert.equal(new Set(waiting).size, waiting.length, `${AWAITING}: "${key}" names a language twice`);
        for (const language of waiting) assert.ok(languages().includes(language), `${AWAITING}: "${key}": ${language} does not ship`);
        said.push(`        ${waiting.join(', ')}: ${JSON.stringify(key)} (${english})`);
      }
    }
    // The report a contributor and a release look at: what shows in English where a language is set.
    console.log(said.length === 0 ? '      Awaiting translation: nothing.' : `      Awaiting translation:\n${said.join('\n')}`);
  });

  it('each language translates every message or awaits it, with the same placeholders', () => {
    const bundle = read('l10n/bundle.l10n.json');
    assertNoGaps('l10n/bundle.l10n.json');
    for (const language of languages()) {
      const translated = read(`l10n/bundle.l10n.${language}.json`);
      for (const [key, text] of Object.entries(translated)) {
        assert.equal(typeof text, 'string', `${language}: ${key}`);
        assert.notEqual((text as string).trim(), '', `${language}: ${key} is translated`);
        const english = textOf(bundle[key]) as string;
        assert.deepEqual(placeholders(text as string), placeholders(english), `${language}: "${key}" keeps its placeholders`);
      }
    }
  });

  it("the manifest's words are all in package.nls.json, and each language has them or awaits them, with their command links", () => {
    const manifest = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
    const keys = [...new Set([...manifest.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]))].sort();
    const nls = read('package.nls.json');
    assert.deepEqual(Object.keys(nls).sort(), keys, 'package.nls.json holds exactly the keys package.json names');
    assertNoGaps('package.nls.json');
    for (const language of languages()) {
      const translated = read(`package.nls.${language}.json`);
      for (const key of keys.filter((key) => key in translated)) {
        const english = nls[key] as string;
        const text = translated[key] as string;
        assert.ok(typeof text === 'string' && text.trim() !== '', `${language}: ${key}`);
        assert.deepEqual(commandLinks(text), commandLinks(english), `${language}: ${key} keeps its buttons`);
        assert.deepEqual(placeholders(text), placeholders(english), `${language}: ${key}`);
      }
    }
  });

  it('says every word of the manifest a user reads through package.nls.json, never in English in package.json', () => {
    type Entry = Record<string, unknown>;
    const contributes = read('package.json').contributes as Record<string, unknown>;
    const list = (value: unknown) => (Array.isArray(value) ? (value as Entry[]) : []);
    const grouped = (value: unknown) => Object.values((value ?? {}) as Record<string, unknown>).flatMap(list);
    const configuration = Array.isArray(contributes.configuration) ? list(contributes.configuration) : [contributes.configuration as Entry];
    const said: [string, unknown][] = [
      ['displayName', read('package.json').displayName],
      ['description', read('package.json').description],
      ...list(contributes.commands).flatMap((entry) =>
        ['title', 'category', 'shortTitle'].map((field): [string, unknown] => [`${String(entry.command)}.${field}`, entry[field]]),
      ),
      ...grouped(contributes.views).map((entry): [string, unknown] => [`view ${String(entry.id)}`, entry.name]),
      ...grouped(contributes.viewsContainers).map((entry): [string, unknown] => [`container ${String(entry.id)}`, entry.title]),
      ...list(contributes.viewsWelcome).map((entry): [string, unknown] => [`welcome of ${String(entry.view)}`, entry.contents]),
      ...configuration.flatMap((section) =>
        Object.entries((section.properties ?? {}) as Record<string, Entry>).flatMap(([name, setting]) =>
          [
            'description',
            'markdownDescription',
            'deprecationMessage',
            'markdownDeprecationMessage',
            'enumDescriptions',
            'markdownEnumDescriptions',
          ]
            .flatMap((field) => [setting[field]].flat())
            .map((text): [string, unknown] => [name, text]),
        ),
      ),
      ...list(contributes.languageModelTools).flatMap((tool) =>
        ['displayName', 'userDescription'].map((field): [string, unknown] => [`${String(tool.name)}.${field}`, tool[field]]),
      ),
      ...list(contributes.walkthroughs).flatMap((walk) => [
        ['walkthrough', walk.title] as [string, unknown],
        ['walkthrough', walk.description] as [string, unknown],
        ...list(walk.steps).flatMap((step) => [
          [`step ${String(step.id)}`, step.title] as [string, unknown],
          [`step ${String(step.id)}`, step.description] as [string, unknown],
        ]),
      ]),
    ];
    const english = said.filter(([, text]) => text !== undefined && !(typeof text === 'string' && /^%[^%]+%$/.test(text)));
    assert.deepEqual(english, [], 'each a %key% of package.nls.json');
    assert.ok(said.filter(([, text]) => text !== undefined).length > 60, 'the walk above reads the manifest');
  });

  it('says which words a language neither translates nor awaits, and which it translates though listed as awaiting', () => {
    const files: Record<string, Record<string, string>> = {
      'package.nls.json': { 'a.title': 'Open Page', 'b.title': 'Send Follow-Up', 'c.title': 'Show Log' },
      'package.nls.de.json': { 'a.title': 'Seite öffnen', 'c.title': 'Protokoll anzeigen' },
      'package.nls.ja.json': { 'a.title': 'ページを開く' },
    };
    const awaiting: Awaiting = { 'l10n/bundle.l10n.json': {}, 'package.nls.json': { 'b.title': ['ja'], 'c.title': ['de', 'ja'] } };
    assert.deepEqual(
      translationGaps('package.nls.json', awaiting, (file) => files[file], ['de', 'ja']),
      [
        `package.nls.de.json translates "c.title": take de off its entry in ${AWAITING}`,
        `not translated, and not listed as awaiting translation: translate each in the languages' files, or add it to ${AWAITING} under "package.nls.json":\n    "b.title": ["de"]`,
      ],
    );
    awaiting['package.nls.json'] = { 'b.title': ['de', 'ja'], 'c.title': ['ja'] };
    assert.deepEqual(
      translationGaps('package.nls.json', awaiting, (file) => files[file], ['de', 'ja']),
      [],
    );
  });

  it('names a command in the bundle as the palette does, in every language', () => {
    // A button or a sentence that names a command ("Check Connection") and the palette's title for it
    // are one name: a translation of one must be the other's. One awaiting translation shows in English.
    const nls = read('package.nls.json');
    const bundle = read('l10n/bundle.l10n.json');
    const titles = Object.entries(nls).filter(([key, english]) => /^command\..+\.title$/.test(key) && (english as string) in bundle);
    assert.ok(titles.length >= 5, titles.map(([key]) => key).join(', '));
    const shown = (words: Record<string, unknown>, key: string, english: string) => (words[key] as string | undefined) ?? english;
    for (const language of languages()) {
      const translated = read(`l10n/bundle.l10n.${language}.json`);
      const manifest = read(`package.nls.${language}.json`);
      const differ = titles
        .map(([key, english]) => [key, english as string] as const)
        .filter(([key, english]) => shown(translated, english, english) !== shown(manifest, key, english))
        .map(([key, english]) => `${english}: "${shown(translated, english, english)}" / ${key}: "${shown(manifest, key, english)}"`);
      assert.deepEqual(differ, [], language);
    }
  });
});
