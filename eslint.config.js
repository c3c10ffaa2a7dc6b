// Lint rules for the whole repository: typescript-eslint's recommended set, type-aware rules on the
// TypeScript (every .ts/.tsx belongs to one of the workspaces' tsconfigs), React hooks rules for the web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaryRules } from './scripts/lib/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'bench/results/**',
      '.test-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only', message: 'No .only in committed tests.' },
        { object: 'it', property: 'skip', message: 'No .skip in committed tests.' },
        { object: 'describe', property: 'only', message: 'No .only in committed tests.' },
        { object: 'describe', property: 'skip', message: 'No .skip in committed tests.' },
        { object: 'test', property: 'only', message: 'No .only in committed tests.' },
        { object: 'test', property: 'skip', message: 'No .skip in committed tests.' },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its rejection (an unhandled rejection ends Node).
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        project: [
          './packages/shared/tsconfig.json',
          './apps/server/tsconfig.json',
          './apps/web/tsconfig.json',
          './tsconfig.tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Import boundaries (docs/ARCHITECTURE.md), checked by scripts/lib/boundaries.test.ts.
  ...boundaryRules(),
);
