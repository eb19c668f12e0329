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
      ['v1.2.3', 'https://evil.example/'],
      ['', 'https://evil.example/'],
    ];
    for (const [words, target] of table) assert.equal(linkWords(words, target), words, `${words} → ${target}`);
  });

  it('that hold a web address or a host of another origin, among other words, show the target (issue 46, item 5)', () => {
    const table: [string, string][] = [
      ['https://docs.example.com/x →', 'https://evil.example/x'],
      ['Sign in at docs.example.com', 'https://evil.example/login'],
      ['Read docs.acme.example for more', 'https://evil.example'],
      ['Open (www.bank.example) now', 'https://evil.example'],
      ['See “docs.example.com/guides”, then go on', '/guides/chat'],
      ['docs.example.comでサインイン', 'https://evil.example/'],
      ['Sign in at docs.example.com or at https://evil.example', 'https://evil.example/'],
    ];
    for (const [words, target] of table) assert.equal(linkWords(words, target), target, `${words} → ${target}`);
  });

  it('that name the target’s origin, or files and versions, among other words, stay as they are (issue 46, item 5)', () => {
    const table: [string, string][] = [
      ['Sign in at docs.acme.example', 'https://docs.acme.example/login'],
      ['the guide at https://docs.acme.example/guides/chat →', 'https://docs.acme.example/guides/chat'],
      ['Set it in settings.json', '/reference/settings'],
      ['Read the README.md first', 'https://docs.acme.example/readme'],
      ['Node.js 20 or later', '/guides/node'],
      ['What changed in v1.2.3', '/changelog'],
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
