// The languages a fence may name in VS Code's Chat view: only code (issue 40, item 1).

import * as assert from 'node:assert/strict';
import { codeLanguage, codeLanguages } from '../../../src/shared/codeLanguages';

// Required, not imported: highlight.js's types bring the DOM's into the Node test build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const hljs = require('highlight.js') as { getLanguage(name: string): unknown };

describe('the languages a code fence may name', () => {
  it('are what highlight.js knows, and none that VS Code gives another meaning', () => {
    const languages = codeLanguages();
    assert.ok(languages.length > 300);
    for (const language of languages) assert.ok(hljs.getLanguage(language), `highlight.js knows ${language}`);
    // Claimed by VS Code's Chat view: 1.99's local file, 1.139's extension cards and mermaid diagrams.
    for (const claimed of ['vscode-local-file', 'vscode-extensions', 'mermaid'])
      assert.equal(codeLanguage(claimed), '', `${claimed} is not written`);
    assert.ok(!languages.some((language) => language.startsWith('vscode')));
  });

  it('are read from the first word of the info string, in lower case', () => {
    assert.equal(codeLanguage('TypeScript {1,3}'), 'typescript');
    assert.equal(codeLanguage('  py title="x"'), 'py');
    assert.equal(codeLanguage('vscode-extensions python'), '');
    assert.equal(codeLanguage(''), '');
  });
});
