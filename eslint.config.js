import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import formatjs from 'eslint-plugin-formatjs';

/**
 * The app's layers, highest first: a module may import from its own layer and those below it, never
 * from above. Shared building blocks (the record-kind registry, the failure vocabulary) sit low so
 * every layer that needs them can use them. Import cycles are caught by `dpdm` in the lint script (see package.json),
 * which needs no native resolver binding.
 */
const LAYERS = [
  ['app'],
  ['pages'],
  ['feature'],
  ['components'],
  ['pwa'],
  // Records pinned for a shift: the engine, its ports and stores, its budget and its React context.
  ['pins'],
  // The upload queue and pipeline, and the context that hands the queue to views.
  ['upload'],
  ['graphql'],
  ['auth'],
  ['config'],
  ['records'],
  ['serviceWorker'],
  // What the page and the service worker share about files shared into the app (the inbox, its
  // budget, the share target's address) and the page's context for it; the label scanner that
  // listens from the first script, and its context.
  ['share', 'scanner'],
  // The failure vocabulary: which failures are worth another try, and the words each becomes.
  ['failures'],
  // The app's languages and catalogues; they use lib (who is signed in, storage keys), never the reverse.
  ['i18n'],
  ['lib'],
];
const ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  // Routes and, in pages/-components (ignored by the router), the page bodies they render.
  { type: 'pages', pattern: 'src/pages' },
  // One folder per feature: it uses another feature only through that feature's index.ts.
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  // Building blocks every feature may use (shared styles, formatting, dialogs); they know no feature.
  ...LAYERS.slice(3)
    .flat()
    .map((layer) => ({ type: layer, pattern: `src/${layer}` })),
];
const layerPolicies = LAYERS.flatMap((types, index) =>
  types.map((type) => ({
    from: { element: { type } },
    disallow: { to: { element: { types: { anyOf: LAYERS.slice(0, index).flat() } } } },
    message: `${type} is below {{to.type}}: it must not import from it.`,
  })),
);
const featurePolicies = [
  {
    from: { element: { types: { anyOf: ['feature', 'pages', 'app'] } } },
    disallow: { to: { element: { type: 'feature' } } },
    message:
      "{{from.type}} uses a feature only through its index.ts (app also its services.ts), never {{to.captured.feature}}'s internals.",
  },
  {
    from: { element: { type: 'feature' } },
    allow: { to: { element: { type: 'feature', captured: { feature: '{{from.captured.feature}}' } } } },
  },
  {
    from: { element: { types: { anyOf: ['feature', 'pages', 'app'] } } },
    allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
  },
  {
    // What the composition root builds from a feature, kept apart from its screens (index.ts) so that
    // building the services at start loads none of them.
    from: { element: { type: 'app' } },
    allow: { to: { element: { type: 'feature', fileInternalPath: 'services.ts' } } },
  },
];

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
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One import specifier style: a module is named with its extension, as most of them always were.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?!.*\\.(ts|tsx|mjs|js|css|json|svg|png|graphql)(\\?.*)?$)',
              message: "Name the module with its extension ('./x.ts', './X.tsx'): one style across src.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', policies: [...layerPolicies, ...featurePolicies] },
      ],
    },
  },
  {
    // Every word a person reads is a message in the catalogues (issue 26): written in English in the
    // code with an id made from its words (`eslint --fix` writes it), extracted by `npm run i18n:extract`.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/serviceWorker/**'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [
              [
                '*',
                '{label,description,placeholder,title,message,error,alt,aria-label,aria-description,aria-valuetext,emptyLabel,nothingFoundMessage}',
              ],
            ],
            // A message's note for translators is not shown.
            exclude: [['FormattedMessage', 'description']],
          },
        },
      ],
      'formatjs/no-literal-string-in-object': ['error', { include: ['label', 'title', 'message'] }],
      'formatjs/enforce-id': ['error', { idInterpolationPattern: '[sha512:contenthash:base64:6]' }],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/enforce-plural-rules': ['error', { one: true, other: true }],
      'formatjs/no-invalid-icu': 'error',
      'formatjs/no-offset': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
    },
  },
  {
    // One file-naming style per tree, the one it mostly followed. In src, React components are
    // PascalCase.tsx and other modules camelCase; src/pages keeps TanStack Router's file-route names.
    files: [
      'src/**/*.{ts,tsx}',
      'sandbox/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{ts,mjs,js}',
    ],
    ignores: ['src/pages/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/**/*.ts': 'CAMEL_CASE',
          'src/**/*.tsx': '@(+([a-z])*([a-zA-Z0-9])|+([A-Z])*([a-zA-Z0-9]))',
          'sandbox/**/*.ts': 'KEBAB_CASE',
          'e2e/**/*.ts': 'KEBAB_CASE',
          'bench/**/*.ts': 'CAMEL_CASE',
          'scripts/**/*.{ts,mjs,js}': 'KEBAB_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
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
