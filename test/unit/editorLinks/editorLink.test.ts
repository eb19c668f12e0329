// Links from a documentation site into VS Code, read: what each asks for, or why it is refused.

import * as assert from 'node:assert/strict';
import { editorLink } from '../../../src/editorLinks/editorLink';
import { scopeLabel } from '../../../src/settings/filterScope';

describe('links into VS Code', () => {
  it('reads /ask, /open and /track, and refuses anything else with a reason', () => {
    const table: [string, string, unknown][] = [
      ['/ask', 'q=How+do+I%20rotate%0Akeys%3F', { kind: 'ask', question: 'How do I rotate\nkeys?' }],
      ['/ask/', 'q=%E2%80%AEtxt.exe%07', { kind: 'ask', question: 'txt.exe', invisible: 2 }],
      ['/open', 'page=guides%2Fchat%23threads', { kind: 'open', page: 'guides/chat', anchor: 'threads' }],
      ['/open', 'page=https%3A%2F%2Fdocs.acme.example%2Fguides%2Fchat', { kind: 'open', page: 'guides/chat' }],
      ['/track', 'job=job_123', { kind: 'track', job: 'job_123' }],
      ['/ask', '', { kind: 'refused', problem: 'it has no question (its q parameter is empty)' }],
      ['/ask', `q=${'x'.repeat(2_001)}`, { kind: 'refused', problem: 'its question is longer than 2,000 characters' }],
      ['/open', 'page=', { kind: 'refused', problem: 'it names no page (its page parameter is empty)' }],
      ['/track', 'job=a%20b', { kind: 'refused', problem: 'a job id has no spaces or line breaks' }],
      ['/track', '', { kind: 'refused', problem: 'enter the id of an agent job' }],
      ['/run', 'command=workbench.action.quit', { kind: 'refused', problem: 'Docs Assistant knows /ask, /open, /track, not this path' }],
    ];
    for (const [path, query, expected] of table) assert.deepEqual(editorLink(path, query), expected, `${path}?${query}`);
  });

  it('takes every invisible character out of a question, and counts them, so that nothing hidden is sent unseen (issue 34, item 5)', () => {
    // Each renders as nothing: Unicode's default-ignorable code points.
    const hidden = [
      '\u{E0049}\u{E0067}\u{E006E}', // tag characters spelling "Ign"
      '\uFE0F', // a variation selector
      '\u{E0100}', // a variation selector supplement
      '\u2060\u2061\u2062\u2063\u2064', // word joiner and invisible operators
      '\u00AD', // soft hyphen
      '\u061C', // Arabic letter mark
      '\u180E', // Mongolian vowel separator
      '\u3164', // Hangul filler
      '\u200B\u200D', // zero-width space and joiner
      '\u034F\u115F\u17B4\uFFA0\u{1D173}', // grapheme joiner, Hangul and Khmer fillers, musical formatting
    ];
    for (const invisible of hidden) {
      const query = `q=${encodeURIComponent(`How do I${invisible} rotate keys?`)}`;
      assert.deepEqual(
        editorLink('/ask', query),
        { kind: 'ask', question: 'How do I rotate keys?', invisible: [...invisible].length },
        JSON.stringify(invisible),
      );
    }
    assert.deepEqual(editorLink('/ask', `q=${encodeURIComponent('\u{E0041}')}`), {
      kind: 'refused',
      problem: 'it has no question (its q parameter is empty)',
    });
    assert.deepEqual(
      editorLink('/ask', 'q=caf%C3%A9%20%E2%80%94%20%E4%B8%AD%E6%96%87'),
      { kind: 'ask', question: 'café — 中文' },
      'visible text stays',
    );
  });

  it("says the answers' scope in a few words, the usual fields first", () => {
    assert.equal(scopeLabel(null), undefined);
    assert.equal(scopeLabel({}), undefined);
    assert.equal(scopeLabel({ language: 'fr', version: 'v2' }), 'v2 · fr');
    assert.equal(scopeLabel({ groups: ['admins', 'beta'], version: 'v2', extra: 3 }), 'v2 · admins, beta · extra 3');
    assert.equal(scopeLabel({ version: 'v2\n$(zap)' }), 'v2 $(zap)', 'one line; kept inert where it is shown');
    assert.equal(scopeLabel({ version: 'v'.repeat(200) })?.length, 80);
  });
});
