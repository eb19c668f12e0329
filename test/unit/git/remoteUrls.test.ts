import * as assert from 'node:assert/strict';
import { isCloneableUrl, repositoryAddress, repositoryShortName, sameRepository } from '../../../src/git/remoteUrls';

describe('remote URLs', () => {
  const job = 'https://github.com/acme/docs';

  it('matches every form a clone of the job repository may have as its remote', () => {
    const forms = [
      'https://github.com/acme/docs',
      'https://github.com/acme/docs.git',
      'https://github.com/acme/docs/',
      'https://github.com/acme/docs.git/',
      'http://github.com/acme/docs',
      'https://user@github.com/acme/docs.git',
      'https://user:token@github.com/acme/docs',
      'https://GitHub.com/Acme/Docs',
      'git@github.com:acme/docs.git',
      'git@github.com:acme/docs',
      'git@github.com:/acme/docs.git',
      'github.com:acme/docs.git',
      'ssh://git@github.com/acme/docs',
      'ssh://git@github.com:22/acme/docs.git',
      'git+ssh://git@github.com/acme/docs.git',
      'git://github.com/acme/docs.git',
      'ssh://git@ssh.github.com:443/acme/docs.git',
      'https://www.github.com/acme/docs',
      '  https://github.com/acme/docs  ',
    ];
    for (const remote of forms) assert.ok(sameRepository(remote, job), `${remote} is ${job}`);
    assert.ok(sameRepository('git@github.com:acme/docs.git', 'https://github.com/ACME/DOCS.git'));
  });

  it('matches nothing that is a near miss', () => {
    const nearMisses = [
      'https://github.com/acme/docs-old',
      'https://github.com/acme/doc',
      'https://github.com/acme/docs/wiki',
      'https://github.com/acme2/docs',
      'https://github.com/docs',
      'https://gitlab.com/acme/docs',
      'https://github.com.evil.example/acme/docs',
      'https://evil.example/github.com/acme/docs',
      'git@gitlab.com:acme/docs.git',
      'ssh://git@github.example/acme/docs',
      'file:///acme/docs',
      '/acme/docs',
      'acme/docs',
      'C:/acme/docs',
      'ftp://github.com/acme/docs',
      'https://github.com/',
      'not a url',
      '',
    ];
    for (const remote of nearMisses) assert.ok(!sameRepository(remote, job), `${remote} is not ${job}`);
  });

  it('compares owner and name with case only on hosts other than GitHub', () => {
    assert.ok(!sameRepository('https://gitlab.example/Acme/Docs', 'https://gitlab.example/acme/docs'));
    assert.ok(sameRepository('https://GITLAB.example/acme/docs.git', 'https://gitlab.example/acme/docs'));
    assert.ok(sameRepository('https://dev.azure.com/org/project/_git/docs', 'https://dev.azure.com/org/project/_git/docs/'));
  });

  it('matches a repository on this machine by its folder, as a path or a file URL', () => {
    const bare = 'file:///tmp/work%20space/docs.git';
    assert.ok(sameRepository('/tmp/work space/docs.git', bare));
    assert.ok(sameRepository('file:///tmp/work%20space/docs.git/', bare));
    assert.ok(!sameRepository('/tmp/work space/docs', bare), 'a bare repository is named with its .git');
    assert.ok(!sameRepository('/tmp/work space/other.git', bare));
    assert.ok(!sameRepository('file://host/tmp/work%20space/docs.git', bare), 'a file URL on another host names nothing here');
  });

  it('reads the host and the path a remote names', () => {
    assert.deepEqual(repositoryAddress('git@GitHub.com:acme/docs.git'), { host: 'github.com', path: 'acme/docs' });
    assert.deepEqual(repositoryAddress('ssh://git@host.example:2222/group/sub/repo.git'), { host: 'host.example', path: 'group/sub/repo' });
    assert.equal(repositoryAddress('https://github.com'), undefined);
    assert.equal(repositoryAddress('ftp://github.com/acme/docs'), undefined);
    assert.deepEqual(repositoryAddress('work-github:acme/docs'), { host: 'work-github', path: 'acme/docs' }, 'an ssh alias is a host');
  });

  it('offers to clone only a repository on a host, over https or ssh', () => {
    for (const url of ['https://github.com/acme/docs', 'git@github.com:acme/docs.git', 'ssh://git@host.example/acme/docs'])
      assert.ok(isCloneableUrl(url), url);
    for (const url of [
      'file:///tmp/docs.git',
      '/tmp/docs.git',
      'http://github.com/acme/docs',
      '-u/x',
      'ext::sh -c touch% /tmp/x',
      'ext::sh',
      'fd::17',
      'git://github.com/acme/docs',
      'https://github.com/acme/docs --upload-pack=x',
      '',
    ])
      assert.ok(!isCloneableUrl(url), url);
  });

  it('names a repository by owner and name, or one on this machine by its last two folders', () => {
    assert.equal(repositoryShortName('git@github.com:acme/docs.git'), 'acme/docs');
    assert.equal(repositoryShortName('https://github.com/acme/docs.git'), 'acme/docs');
    assert.equal(repositoryShortName('file:///tmp/demo/remote/acme/docs.git'), 'acme/docs');
    assert.equal(repositoryShortName('not a url'), undefined);
  });
});
