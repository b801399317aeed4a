import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const DEFINITION = /\b(query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)/;
/** codegen writes each typed document on one line: `export const XDocument = {…} as unknown as DocumentNode<…>;` */
const GENERATED = /^export const (\w+) = (\{"kind":"Document".*\}) as unknown as DocumentNode</;
const PREFIX = 'virtual:graphql-document:';

/**
 * Replaces each `graphql(`…`)` call with the one typed document it returns, as the client preset's
 * Babel optimiser does, each document a module of its own. The `graphql()` function looks documents up
 * in a map of every operation in the app, and the generated `graphql.ts` holds them all in one module,
 * so either would put every document in a chunk the first page loads; one module per document lets
 * each travel with the route that uses it. Types and codegen are unchanged: the source keeps its calls.
 */
export function graphqlDocuments(generatedDir: string): Plugin {
  const documentsFile = path.join(generatedDir, 'graphql.ts');
  return {
    name: 'graphql-documents',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      this.addWatchFile(documentsFile);
      for (const line of readFileSync(documentsFile, 'utf8').split('\n')) {
        const match = GENERATED.exec(line);
        if (match?.[1] === name) return `export default ${match[2]};`;
      }
      this.error(`${name} is not in ${documentsFile}: run npm run codegen`);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.tsx?$/.test(file) || file.startsWith(generatedDir) || !code.includes('graphql(`')) return null;
      const names = new Set<string>();
      const replaced = code.replace(CALL, (call, body: string) => {
        const definition = DEFINITION.exec(body);
        if (!definition) this.error(`${file}: every graphql() document needs a named operation or fragment`);
        const [, keyword, name] = definition;
        const constant = keyword === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
        names.add(constant);
        // Same line count, so positions after the call still match the source.
        return `__graphql_${constant}` + '\n'.repeat(call.split('\n').length - 1);
      });
      const imports = [...names].map((name) => `import __graphql_${name} from '${PREFIX}${name}';`).join(' ');
      return { code: `${imports}${replaced}`, map: null };
    },
  };
}
