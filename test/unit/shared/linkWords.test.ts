// A link's words, shown so that they cannot name another place than the link goes to (issue 40, item 4).

import * as assert from 'node:assert/strict';
import { linkWords } from '../../../src/shared/linkWords';

describe("a link's words", () => {
  it('that are a web address of another origin than the target show the target instead', () => {
    const table: [string, string, string][] = [
      ['https://bank.example/login', 'https://evil.example/login', 'https://evil.example/login'],
      ['bank.example', 'https://evil.example/', 'https://evil.example/'],
      ['www.bank.example/login', 'https://evil.example/x', 'https://evil.example/x'],
      ['http://docs.acme.example/a', 'https://docs.acme.example/a', 'https://docs.acme.example/a'],
      ['docs.acme.example:8443/a', 'https://docs.acme.example/a', 'https://docs.acme.example/a'],
      ['https://docs.acme.example/guides/chat', '/guides/chat', '/guides/chat'],
      ['bücher.example', 'https://evil.example', 'https://evil.example'],
      // A file's name reads as a host name too: its link shows the address, the safe way to be wrong.
      ['README.md', 'https://evil.example/readme', 'https://evil.example/readme'],
    ];
    for (const [words, target, shown] of table) assert.equal(linkWords(words, target), shown, `${words} → ${target}`);
  });

  it('that name the target’s own origin, or are not an address, stay as they are', () => {
    const table: [string, string][] = [
      ['https://docs.acme.example/guides/other', 'https://docs.acme.example/guides/chat'],
      ['docs.acme.example/guides/chat', 'https://docs.acme.example/guides/chat'],
      ['DOCS.ACME.EXAMPLE', 'https://docs.acme.example/'],
      ['bücher.example', 'https://xn--bcher-kva.example/'],
      ['the chat guide', '/guides/chat'],
      ['Read docs.acme.example for more', 'https://evil.example'],
      ['v1.2.3', 'https://evil.example/'],
      ['', 'https://evil.example/'],
    ];
    for (const [words, target] of table) assert.equal(linkWords(words, target), words, `${words} → ${target}`);
  });

  it('lose the characters that reorder text, whatever they say', () => {
    assert.equal(linkWords('The photo \u202Egnp.exe', 'https://evil.example/x'), 'The photo gnp.exe');
    assert.equal(linkWords('a\u2066b\u2069c\u200F', '/guides/chat'), 'abc');
    // Reversed, an address reads as one still, of another origin: the target is shown.
    assert.equal(linkWords('\u202Eelpmaxe.knab//:sptth', 'https://evil.example/'), 'https://evil.example/');
    assert.equal(linkWords('\u202Ehttps://bank.example', 'https://evil.example/'), 'https://evil.example/');
  });
});
