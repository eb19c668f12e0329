import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The core, folders and files: tested in plain Node, so it must never import `vscode`. */
const CORE = [
  'src/platform',
  'src/util',
  'src/settings/settingsModel.ts',
  'src/settings/setupState.ts',
  'src/settings/connectionCheck.ts',
  'src/chat/protocol.ts',
  'src/chat/conversation.ts',
  'src/chat/chatSession.ts',
  'src/chat/selectionContext.ts',
  'src/pages/pagePath.ts',
  'src/pages/pageCache.ts',
  'src/agentJobs/poller.ts',
  'src/agentJobs/trackedJobs.ts',
  'src/agentJobs/jobPresentation.ts',
  'src/chat/setupView.ts',
  'src/chat/webviewHtml.ts',
];

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? tsFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('architecture', () => {
  for (const folder of CORE) {
    it(`${folder} never imports vscode`, () => {
      const target = path.join(repoRoot(), folder);
      const files = fs.statSync(target).isDirectory() ? tsFiles(target) : [target];
      assert.ok(files.length > 0);
      for (const file of files) {
        const source = fs.readFileSync(file, 'utf8');
        assert.ok(!/from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\)/.test(source), `${path.relative(repoRoot(), file)} imports vscode`);
      }
    });
  }
});
