import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The app's layers, lowest last: a module may import from its own layer and those below it, never
 * from above. Shared building blocks (the record-kind registry, the failure vocabulary) sit low so
 * every layer can use them.
 */
const LAYERS = [
  ['src/app', []],
  ['src/pages', ['src/app']],
  ['src/components', ['src/app', 'src/pages']],
  ['src/upload', ['src/app', 'src/pages', 'src/components']],
  ['src/graphql', ['src/app', 'src/pages', 'src/components', 'src/upload']],
  ['src/auth', ['src/app', 'src/pages', 'src/components', 'src/upload', 'src/graphql']],
  ['src/config', ['src/app', 'src/pages', 'src/components', 'src/upload', 'src/graphql', 'src/auth']],
  [
    'src/records',
    ['src/app', 'src/pages', 'src/components', 'src/upload', 'src/graphql', 'src/auth', 'src/config'],
  ],
  [
    'src/lib',
    [
      'src/app',
      'src/pages',
      'src/components',
      'src/upload',
      'src/graphql',
      'src/auth',
      'src/config',
      'src/records',
    ],
  ],
];
const zones = LAYERS.flatMap(([target, above]) =>
  above.map((from) => ({
    target: `./${target}`,
    from: `./${from}`,
    except: [],
    message: `${target} is below ${from}.`,
  })),
);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'src/routeTree.gen.ts',
      'src/graphql/generated',
      '.sandbox-data',
      'bench/results',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sandbox/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/**/*.testkit.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    files: ['sandbox/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
);
