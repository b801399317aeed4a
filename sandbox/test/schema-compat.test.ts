import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';

// The sandbox's SDL must be a strict subset of the real service's schema, so that every operation the
// app's codegen accepts would also run against the real service.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const referencePath = path.resolve(repoRoot, '../shared/spec/ion-schema-reference.graphql');
const sandboxPath = path.join(repoRoot, 'sandbox/src/graphql/schema.graphql');

function loadReference(): GraphQLSchema {
  if (!existsSync(referencePath)) {
    throw new Error(
      `Reference schema not found at ${referencePath}: the folder ../shared/spec/ next to the repository ` +
        'is needed to check the sandbox schema against the real service.',
    );
  }
  return buildSchema(readFileSync(referencePath, 'utf8'));
}

function userTypes(schema: GraphQLSchema): GraphQLNamedType[] {
  return Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
}

/** Every difference between the sandbox schema and the reference, as readable lines. */
function differences(sandbox: GraphQLSchema, reference: GraphQLSchema): string[] {
  const out: string[] = [];
  for (const type of userTypes(sandbox)) {
    const ref = reference.getType(type.name);
    if (!ref) {
      out.push(`type ${type.name} is not in the reference`);
      continue;
    }
    if (ref.constructor !== type.constructor) {
      out.push(`type ${type.name} is a different kind of type in the reference`);
      continue;
    }
    if (isObjectType(type) && isObjectType(ref)) {
      const refFields = ref.getFields();
      for (const field of Object.values(type.getFields())) {
        const refField = refFields[field.name];
        if (!refField) {
          out.push(`${type.name}.${field.name} is not in the reference`);
          continue;
        }
        if (String(field.type) !== String(refField.type)) {
          out.push(`${type.name}.${field.name}: ${String(field.type)} vs reference ${String(refField.type)}`);
        }
        for (const arg of field.args) {
          const refArg = refField.args.find((a) => a.name === arg.name);
          if (!refArg) out.push(`${type.name}.${field.name}(${arg.name}) is not in the reference`);
          else if (String(arg.type) !== String(refArg.type)) {
            out.push(
              `${type.name}.${field.name}(${arg.name}): ${String(arg.type)} vs ${String(refArg.type)}`,
            );
          }
        }
      }
    } else if (isInputObjectType(type) && isInputObjectType(ref)) {
      const refFields = ref.getFields();
      for (const field of Object.values(type.getFields())) {
        const refField = refFields[field.name];
        if (!refField) out.push(`input ${type.name}.${field.name} is not in the reference`);
        else if (String(field.type) !== String(refField.type)) {
          out.push(`input ${type.name}.${field.name}: ${String(field.type)} vs ${String(refField.type)}`);
        }
      }
      for (const refField of Object.values(refFields)) {
        if (String(refField.type).endsWith('!') && !type.getFields()[refField.name]) {
          out.push(`input ${type.name} lacks the required field ${refField.name}`);
        }
      }
    } else if (isEnumType(type) && isEnumType(ref)) {
      const refValues = new Set(ref.getValues().map((v) => v.name));
      for (const value of type.getValues()) {
        if (!refValues.has(value.name)) out.push(`enum ${type.name}.${value.name} is not in the reference`);
      }
    } else if (!isScalarType(type)) {
      out.push(`type ${type.name}: unexpected kind`);
    }
  }
  return out;
}

describe('sandbox schema compatibility with the reference schema', () => {
  const sandbox = buildSchema(readFileSync(sandboxPath, 'utf8'));

  it('finds the reference schema or says where it should be', () => {
    expect(existsSync(referencePath), `missing ${referencePath}`).toBe(true);
  });

  it('uses only types, fields, arguments, input fields and enum values of the reference, with the same types', () => {
    expect(differences(sandbox, loadReference())).toEqual([]);
  });

  it('detects a field whose nullability differs from the reference', () => {
    const broken = buildSchema('type Query { part(id: ID!): Part } type Part { id: Int }');
    expect(differences(broken, loadReference())).toContain('Part.id: Int vs reference Int!');
  });

  it('implements every operation of the contract', () => {
    const query = sandbox.getQueryType()?.getFields() ?? {};
    const mutation = sandbox.getMutationType()?.getFields() ?? {};
    expect(Object.keys(query).sort()).toEqual(
      [
        'fileAttachment',
        'me',
        'part',
        'parts',
        'procedure',
        'procedures',
        'requestFileUploadUrl',
        'run',
        'runStep',
        'runStepField',
        'runs',
        'step',
      ].sort(),
    );
    expect(Object.keys(mutation).sort()).toEqual(['createFileAttachment', 'deleteFileAttachment']);
  });
});
