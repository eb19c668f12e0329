// The extension as a user of VS Code's pseudo-language (qps-ploc) gets it, for the test that no
// word of it is left outside the l10n bundle: a copy of the package's files with a
// pseudo-translation of every word, made by @vscode/l10n-dev. The product's name stays as it is,
// as in every real translation.

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PACKAGE_FILES } from './webPackage';
import { REPO_ROOT } from './workbench';

export const PSEUDO = 'qps-ploc';

/** Makes the copy in a new temporary folder (built files included: build first); returns the folder. */
export function pseudoPackage(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-pseudo-'));
  for (const file of PACKAGE_FILES) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(folder, file));
  }
  const tool = path.join(REPO_ROOT, 'node_modules', '.bin', 'vscode-l10n-dev');
  execFileSync(
    tool,
    [
      'generate-pseudo',
      '-o',
      path.join(folder, 'l10n'),
      path.join(folder, 'l10n', 'bundle.l10n.json'),
      path.join(folder, 'package.nls.json'),
    ],
    {
      stdio: 'pipe',
    },
  );
  const bundle = path.join(folder, 'l10n', `bundle.l10n.${PSEUDO}.json`);
  const product = (JSON.parse(fs.readFileSync(bundle, 'utf8')) as Record<string, string>)['Docs Assistant'];
  for (const file of [bundle, path.join(folder, `package.nls.${PSEUDO}.json`)]) {
    const words = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    for (const key of Object.keys(words)) words[key] = words[key].split(product).join('Docs Assistant');
    fs.writeFileSync(file, JSON.stringify(words, null, 2));
  }
  return folder;
}

/**
 * The words of `text` that are not pseudo-translated: runs of three or more plain ASCII letters,
 * once what the test says is data (addresses, setting names, the product's name) is taken out.
 */
export function untranslated(text: string, data: readonly (string | RegExp)[] = []): string[] {
  let rest = text.replace(/Docs Assistant/g, ' ');
  for (const item of [/https?:\/\/\S+/g, /\bdocsAssistant[.\w]*/g, /\bhttp\.\w+/g, ...data])
    rest = typeof item === 'string' ? rest.split(item).join(' ') : rest.replace(item, ' ');
  return rest.match(/[A-Za-z]{3,}/g) ?? [];
}
