import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphqlDocuments } from './graphql-documents-plugin.ts';

const generatedDir = path.resolve(import.meta.dirname, '../src/graphql/generated');
const plugin = graphqlDocuments(generatedDir);
const context = {
  addWatchFile: () => {},
  error: (message: string): never => {
    throw new Error(message);
  },
};
type Hook = (this: typeof context, ...args: string[]) => unknown;
const transform = (code: string, id = '/app/src/feature/query.ts') =>
  (plugin.transform as unknown as Hook).call(context, code, id) as { code: string } | null;
const load = (id: string) => (plugin.load as unknown as Hook).call(context, id) as string;

const source = [
  "import { graphql } from '../graphql/generated';",
  'export const CurrentUser = graphql(`',
  '  query CurrentUser {',
  '    me { id }',
  '  }',
  '`);',
  'export const Item = graphql(`fragment AttachmentItem on FileAttachment { id }`);',
  'export const after = 1;',
].join('\n');

describe('graphqlDocuments', () => {
  it('replaces each graphql() call with its own document module, keeping every line in place', () => {
    const out = transform(source)!.code;
    expect(out).not.toContain('graphql(`');
    expect(out).toContain("from 'virtual:graphql-document:CurrentUserDocument'");
    expect(out).toContain("from 'virtual:graphql-document:AttachmentItemFragmentDoc'");
    expect(out.split('\n')).toHaveLength(source.split('\n').length);
    expect(out.split('\n').at(-1)).toBe('export const after = 1;');
  });

  it('loads one document from the generated module', () => {
    const resolveId = plugin.resolveId as unknown as Hook;
    expect(resolveId.call(context, 'virtual:graphql-document:CurrentUserDocument')).toBe(
      '\0virtual:graphql-document:CurrentUserDocument',
    );
    const module = load('\0virtual:graphql-document:CurrentUserDocument');
    const document = JSON.parse(module.replace(/^export default /, '').replace(/;$/, ''));
    expect(document.definitions.map((d: { name: { value: string } }) => d.name.value)).toEqual([
      'CurrentUser',
    ]);
  });

  it('refuses a document it cannot name, and one codegen has not generated', () => {
    expect(() => transform('graphql(`{ me { id } }`)')).toThrow(/named operation or fragment/);
    expect(() => load('\0virtual:graphql-document:NoSuchDocument')).toThrow(/npm run codegen/);
  });

  it('leaves files without graphql() calls and the generated files alone', () => {
    expect(transform('export const x = 1;')).toBeNull();
    expect(transform(source, path.join(generatedDir, 'gql.ts'))).toBeNull();
  });
});
