import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for every `graphql(...)` in src, generated from the sandbox's schema (which keeps
// the real service's names and types). ../shared/tools/check-operations.mjs checks the same
// documents against the real service's schema.
const config: CodegenConfig = {
  schema: 'sandbox/src/graphql/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/graphql/generated/**', '!src/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'src/graphql/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: { unmaskFunctionName: 'getFragmentData' } },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        skipTypename: false,
        scalars: { DateTime: 'string', ScalarValue: 'unknown', SlateContent: 'unknown', Upload: 'unknown' },
      },
    },
  },
};

export default config;
