// Lint: typescript-eslint's type-checked recommended rules, promises that are never dropped,
// switches that cover every case, and the architecture's rules: only code in a `vscode/` folder
// imports `vscode` (or another `vscode/` folder); the chat's webview imports nothing of the
// extension but src/shared, which imports nothing outside itself; src/ui is a leaf.

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers are folders. What is in a `vscode/` folder is the thin layer over VS Code, and the only
 * code that may import `vscode`; the rest (the core) imports neither `vscode` nor anything in a
 * `vscode/` folder, and is tested in plain Node. Tests and benchmarks inside the extension host too.
 */
const VSCODE_LAYER = ['src/**/vscode/**/*.ts', 'test/vscode/**/*.ts', 'bench/activation/**/*.ts', 'bench/inHost/**/*.ts'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'demo/workspace/**', 'test-results/**', '.vscode-test/**'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // `const { dropped, ...kept } = value` is how a field is left out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only code in a vscode/ folder may import vscode: the core is tested in plain Node.' }],
          patterns: [
            { group: ['**/vscode/**'], message: 'The core uses nothing in a vscode/ folder: the layer over VS Code uses the core.' },
          ],
        },
      ],
    },
  },
  { files: VSCODE_LAYER, rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The webview runs in a browser page, not in the extension host.' }],
          patterns: [
            {
              group: ['../*', '!../shared', '!../shared/*'],
              message: 'The webview bundle imports nothing of the extension but src/shared: the contract between the two.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'src/shared is bundled into the webview too.' }],
          patterns: [
            { group: ['../*'], message: 'src/shared imports nothing outside itself: both the extension and the webview bundle it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*', '!../../util', '!../../util/*'],
              message: 'src/ui is a leaf: it takes actions as { title, run }, and imports no feature folder.',
            },
          ],
        },
      ],
    },
  },
  // Fakes in tests and benchmarks implement promise-returning interfaces with nothing to await.
  { files: ['test/**/*.ts', 'bench/**/*.ts'], rules: { '@typescript-eslint/require-await': 'off' } },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        __dirname: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
      },
    },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  // The benchmark's driver and the web test's probe run in the web worker extension host: a worker's globals, no Node's.
  {
    files: ['bench/webActivationDriver/*.js', 'test/ui/webToolsProbe/*.js'],
    languageOptions: {
      globals: { TextDecoder: 'readonly', TextEncoder: 'readonly', performance: 'readonly', WorkerGlobalScope: 'readonly', process: 'off' },
    },
  },
);
