// Text from outside, made inert for the places VS Code reads as Markdown or icon syntax (issue 13).

import * as assert from 'node:assert/strict';
import { escapeMarkdown, inertText } from '../../../src/util/inertText';

describe('hardening: text shown in VS Code', () => {
  it('makes link and icon syntax inert for notifications, the status bar, quick picks and tree labels', () => {
    const hostile = 'Invalid key. [Renew the key](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D) $(alert)';
    const inert = inertText(hostile);
    // VS Code's own pattern for links in notifications (vs/base/common/linkedText.ts).
    const vscodeLink = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
    assert.ok(vscodeLink.test(hostile));
    assert.equal(inert.match(vscodeLink), null, 'no link is left');
    assert.ok(!/\$\(/.test(inert), 'no icon syntax is left');
    assert.equal(inert.replace(/\u2060/g, ''), hostile, 'the text reads the same');
  });

  it('escapes every character Markdown gives a meaning, for tooltips', () => {
    assert.equal(escapeMarkdown('[x](command:y) *b* `c` <d> $(e)'), '\\[x\\]\\(command\\:y\\) \\*b\\* \\`c\\` \\<d\\> \\$\\(e\\)');
  });
});
