import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The app's layers, highest first: a module may import from its own layer and those below it, never
 * from above. Shared building blocks (the record-kind registry, the failure vocabulary) sit low so
 * every layer can use them. Import cycles are caught by `dpdm` in the lint script (see package.json),
 * which needs no native resolver binding.
 */
const LAYERS = ['app', 'pages', 'components', 'upload', 'graphql', 'auth', 'config', 'records', 'lib'];
const layerPolicies = LAYERS.map((layer, index) => ({
  from: { element: { type: layer } },
  disallow: { to: { element: { types: { anyOf: LAYERS.slice(0, index) } } } },
  message: `src/${layer} is below {{to.type}}: it must not import from src/{{to.type}}.`,
}));

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
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/**/*.testkit.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS.map((layer) => ({ type: layer, pattern: `src/${layer}` })),
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: layerPolicies }] },
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
