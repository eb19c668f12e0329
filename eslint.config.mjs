// Lint: typescript-eslint's type-checked recommended rules, promises that are never dropped,
// switches that cover every case, and the architecture's one rule: nothing imports `vscode` but
// the adapter files named here. A new file is core, and kept free of `vscode`, unless it is added.

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The thin layer over VS Code: the only files that may import `vscode`. */
const VSCODE_ADAPTERS = [
  'src/extension.ts',
  'src/features.ts',
  'src/*/register*.ts',
  'src/*/*Command.ts',
  'src/*/*Commands.ts',
  'src/agentJobs/agentJobsTree.ts',
  'src/agentJobs/gitChanges.ts',
  'src/agentJobs/jobArgument.ts',
  'src/agentJobs/jobProject.ts',
  'src/agentJobs/promptDrafts.ts',
  'src/chat/chatViewProvider.ts',
  'src/chat/links.ts',
  'src/chat/threadKeys.ts',
  'src/git/gitApi.ts',
  'src/log/extensionLog.ts',
  'src/pages/pageDocuments.ts',
  'src/pages/visibleWaits.ts',
  'src/review/jobBranch.ts',
  'src/review/reviewEditors.ts',
  'src/selection/editorSelection.ts',
  'src/settings/keyStore.ts',
  'src/settings/multiStepInput.ts',
  'src/settings/settingsService.ts',
  'src/settings/setupMessages.ts',
  'src/settings/setupService.ts',
  'src/tools/docsTools.ts',
  'src/ui/*.ts',
  // Tests and the benchmark that run inside VS Code's extension host.
  'test/vscode/**/*.ts',
  'bench/activation/**/*.ts',
  'bench/inHost/**/*.ts',
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'demo/workspace/**', 'test-results/**'] },
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
          paths: [
            { name: 'vscode', message: 'Only the adapter files may import vscode (eslint.config.mjs): the core is tested in plain Node.' },
          ],
        },
      ],
    },
  },
  { files: VSCODE_ADAPTERS, rules: { 'no-restricted-imports': 'off' } },
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
      },
    },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
);
