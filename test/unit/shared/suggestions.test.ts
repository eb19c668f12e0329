import * as assert from 'node:assert/strict';
import { parseSuggestions } from '../../../src/shared/suggestions';

describe('suggestions', () => {
  it('parses (text)[/path] lines and drops the ones that do not parse', () => {
    assert.deepEqual(
      parseSuggestions(
        '(Getting started)[/getting-started]\n[wrong](/order)\n(No target)[]\n  (Keys)[/configuration/keys]  \nplain text\n(Half)[/ha',
      ),
      [
        { text: 'Getting started', target: '/getting-started' },
        { text: 'Keys', target: '/configuration/keys' },
      ],
    );
  });
});
