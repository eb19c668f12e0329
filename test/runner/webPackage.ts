// The package a browser-only VS Code (vscode.dev, github.dev) would run: the .vsix with its `main`
// entry taken out and the Node bundles left out, so VS Code has only `browser` to run, in its web
// worker extension host. Used by the UI runs against the package and by the benchmark.

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './workbench';

export const WEB_VSIX = path.join(REPO_ROOT, 'docs-assistant-web.vsix');

/** Exactly what `vsce ls` must list for the full package: the bundles, media and the package's own documents. */
export const PACKAGE_FILES = [
  // The Docs agent VS Code 1.139 loads from the extension (contributes.chatAgents).
  'agents/docs.agent.md',
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'dist/extension.js',
  'dist/features.js',
  'dist/preview.js',
  'dist/vendor/undici.js',
  'dist/web/extension.js',
  'dist/web/features.js',
  'dist/webview/chat.js',
  'media/chat.css',
  'media/docs-assistant.svg',
  'media/icon.png',
  'media/preview.css',
  // The walkthrough's pictures, as package.json names them.
  ...walkthroughImages(),
  'package.json',
  // The words, in English and each language that ships (every translation in l10n/).
  ...['', ...shippedLanguages().map((language) => `.${language}`)].flatMap((language) => [
    `l10n/bundle.l10n${language}.json`,
    `package.nls${language}.json`,
  ]),
].sort();

/** The pictures of the walkthrough's steps. */
function walkthroughImages(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes: { walkthroughs: { steps: { media: { image: string } }[] }[] };
  };
  return manifest.contributes.walkthroughs.flatMap((tour) => tour.steps.map((step) => step.media.image));
}

/** The languages Docs Assistant ships besides English: one translation of its words in l10n/ each. */
export function shippedLanguages(): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, 'l10n'))
    .map((file) => /^bundle\.l10n\.(.+)\.json$/.exec(file)?.[1])
    .filter((language): language is string => language !== undefined)
    .sort();
}

/** What only the Node entry loads. */
const NODE_ONLY = ['dist/extension.js', 'dist/features.js', 'dist/preview.js', 'dist/vendor/undici.js'];

/**
 * Builds the web package from dist/ as it is (as `npm run package` left it, for the tests), into
 * `out`: the demo's goes elsewhere, so that a demo never replaces the package the tests check.
 */
export function packageWeb(out: string = WEB_VSIX): string {
  const folder = fs.mkdtempSync(path.join(REPO_ROOT, 'out', 'web-package-'));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    delete manifest.main;
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
    for (const file of PACKAGE_FILES.filter((name) => name !== 'package.json' && !NODE_ONLY.includes(name))) {
      fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
      fs.copyFileSync(path.join(REPO_ROOT, file), path.join(folder, file));
    }
    fs.writeFileSync(path.join(folder, '.vscodeignore'), '');
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce'),
      ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out],
      { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    console.log(`${path.basename(out)}: ${(fs.statSync(out).size / 1024).toFixed(0)} KB, the web entry alone`);
    return out;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
