import * as assert from 'node:assert/strict';
import { isSafeLink, linkTarget } from '../../../src/shared/linkTargets';

describe('links from answers, sources and suggestions', () => {
  it('opens the web and the site, and refuses every other scheme and host-relative link', () => {
    assert.deepEqual(linkTarget('https://docs.example/a'), { kind: 'web', url: 'https://docs.example/a' });
    assert.deepEqual(linkTarget('/guides/caf%C3%A9#stop'), { kind: 'sitePath', path: '/guides/café' });
    assert.deepEqual(linkTarget('guides/x?tab=1'), { kind: 'sitePath', path: 'guides/x' });
    for (const refused of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'command:workbench.action.terminal.new',
      'vscode://evil/x',
      'mailto:a@b.example',
      'data:text/html,x',
      'file:///etc/passwd',
      '//evil.example/x',
      '\\\\evil.example\\x',
    ]) {
      assert.equal(linkTarget(refused).kind, 'refused', refused);
      assert.equal(isSafeLink(refused), false, refused);
    }
  });
});
