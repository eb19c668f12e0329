// Bundles the extension, its webview, its preview plugin and its web build with esbuild.
//   node esbuild.js               one development build, with source maps
//   node esbuild.js --production  minified, no source maps, dist/ emptied first
//   node esbuild.js --watch       rebuild on change
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints build results in the `$esbuild-watch` problem-matcher format VS Code understands. */
const problemReporter = {
  name: 'problem-reporter',
  setup(build) {
    build.onStart(() => {
      if (watch) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
    });
  },
};

/**
 * In Node, activation loads dist/extension.js alone: what it registers loads dist/features.js on
 * first use (activateWith's loadedNow), and the first request loads undici, most of the code, from
 * dist/vendor/undici.js (the network's undici()). Each is a bundle of its own, required by path.
 */
const loadedLater = {
  name: 'loaded-later',
  setup(build) {
    build.onResolve({ filter: /^\.{1,2}\/(nodeFeatures|preview)$/ }, ({ path, importer }) =>
      importer.endsWith('src/vscode/extension.ts')
        ? { path: path.endsWith('nodeFeatures') ? './features.js' : './preview.js', external: true }
        : undefined,
    );
    build.onResolve({ filter: /^undici$/ }, () => ({ path: './vendor/undici.js', external: true }));
  },
};

const extension = {
  entryPoints: { extension: 'src/vscode/extension.ts', features: 'src/vscode/nodeFeatures.ts', preview: 'src/preview.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemReporter, loadedLater],
};

const undici = {
  entryPoints: ['undici'],
  outfile: 'dist/vendor/undici.js',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'silent',
  plugins: [problemReporter],
};

/** The chat view's front end: a browser bundle, loaded by the webview under a strict CSP. */
const webview = {
  entryPoints: ['src/webview/chat.ts'],
  outfile: 'dist/webview/chat.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemReporter],
};

/** A browser has no Node: the web bundle fails to build if anything in it reaches for a Node module. */
const noNode = {
  name: 'no-node',
  setup(build) {
    const builtins = new Set(require('node:module').builtinModules);
    build.onResolve({ filter: /.*/ }, ({ path, importer }) =>
      path.startsWith('node:') || builtins.has(path) || path === 'undici'
        ? { errors: [{ text: `The web bundle may not use Node's "${path}" (imported by ${importer}).` }] }
        : undefined,
    );
  },
};

/**
 * The extension in a browser (VS Code for the Web, code-server's web worker host): the entry, which
 * package.json's `browser` points at, and the features it reads and runs on first use.
 */
const web = {
  entryPoints: { 'web/extension': 'src/vscode/extensionWeb.ts', 'web/features': 'src/vscode/webFeatures.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemReporter, noNode],
};

async function main() {
  // A production build starts from an empty dist/, so no development source map survives into it.
  if (production) require('node:fs').rmSync('dist', { recursive: true, force: true });
  const contexts = await Promise.all([extension, undici, webview, web].map((options) => esbuild.context(options)));
  if (watch) {
    await Promise.all(contexts.map((ctx) => ctx.watch()));
    return;
  }
  for (const ctx of contexts) {
    const result = await ctx.rebuild();
    await ctx.dispose();
    if (result.errors.length > 0) process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
