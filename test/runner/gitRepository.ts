// A Git repository for a test or demo workspace: every file committed once, so that later edits
// are uncommitted changes. The test harness runs git; the extension never does.

import { execFileSync } from 'node:child_process';

export function commitAll(folder: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, stdio: 'pipe' });
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('-c', 'user.name=Docs Assistant Tests', '-c', 'user.email=tests@docs-assistant.invalid', 'commit', '--quiet', '--message=Initial');
}
