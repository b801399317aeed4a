import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../app/router.tsx';
import { createTestAuthSession } from '../test/renderApp.tsx';
import { ApolloClient, InMemoryCache, ApolloLink } from '@apollo/client';
import {
  MAX_ID,
  RECORD_KINDS,
  RECORD_ROUTES,
  isRecordKind,
  kindOfAlias,
  kindOfSegment,
  parseRouteId,
  recordIdProblem,
  recordKindInfo,
  recordPath,
  type RecordKind,
} from './recordKinds.ts';
import schema from '../../sandbox/src/graphql/schema.graphql?raw';

const ALL_KINDS = ['part', 'run', 'procedure', 'step', 'runStep', 'runStepField'] as const;
// The registry's tables are exhaustive: leaving a kind out is a compile error (checked by typecheck).
// @ts-expect-error runStepField is missing
({ part: 1, run: 1, procedure: 1, step: 1, runStep: 1 }) satisfies Record<RecordKind, number>;
ALL_KINDS satisfies readonly RecordKind[];

describe('the record-kind registry', () => {
  it('lists every kind once, in the order the app offers them', () => {
    expect(RECORD_KINDS.map((info) => info.kind)).toEqual(ALL_KINDS);
  });

  it('gives each kind its own segment, typename and words', () => {
    const unique = (values: readonly string[]) => new Set(values).size === values.length;
    expect(unique(RECORD_KINDS.map((info) => info.segment))).toBe(true);
    expect(unique(RECORD_KINDS.map((info) => info.typename))).toBe(true);
    expect(unique(RECORD_KINDS.flatMap((info) => info.aliases))).toBe(true);
  });

  it('answers each kind from its segment, its words and its typename', () => {
    for (const info of RECORD_KINDS) {
      expect(kindOfSegment(info.segment)).toBe(info.kind);
      expect(kindOfAlias(info.word)).toBe(info.kind);
      for (const alias of info.aliases) expect(kindOfAlias(alias.toUpperCase())).toBe(info.kind);
      expect(recordKindInfo(info.kind)).toEqual(info);
      expect(isRecordKind(info.kind)).toBe(true);
    }
    expect(kindOfSegment('widgets')).toBeNull();
    expect(kindOfAlias('widget')).toBeNull();
    expect(isRecordKind('toString')).toBe(false);
  });

  it('names GraphQL queries and types the schema has', () => {
    for (const info of RECORD_KINDS) {
      expect(schema).toMatch(new RegExp(`^\\s+${info.kind}\\(id: ID!\\): ${info.typename}$`, 'm'));
      expect(schema).toMatch(new RegExp(`^type ${info.typename} `, 'm'));
    }
  });

  it('has a page in the app for every kind', () => {
    const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
    const router = createAppRouter(
      { auth: createTestAuthSession(), apolloClient: client },
      createMemoryHistory(),
    );
    for (const info of RECORD_KINDS) {
      expect(RECORD_ROUTES[info.kind]).toBe(`/${info.segment}/$id`);
      expect(router.routesByPath).toHaveProperty(RECORD_ROUTES[info.kind]);
      expect(recordPath(info.kind, 7)).toBe(`/${info.segment}/7`);
    }
  });

  it('takes ids from 1 to the largest GraphQL Int', () => {
    expect(recordIdProblem('1')).toBeNull();
    expect(recordIdProblem('007')).toBeNull();
    expect(recordIdProblem(String(MAX_ID))).toBeNull();
    expect(recordIdProblem(String(MAX_ID + 1))).toBe('too-large');
    expect(recordIdProblem('000')).toBe('zero');
    expect(recordIdProblem('4.2')).toBe('not-a-number');
    expect(parseRouteId(String(MAX_ID))).toBe(MAX_ID);
    expect(parseRouteId(String(MAX_ID + 1))).toBeNull();
    expect(parseRouteId('0')).toBeNull();
    expect(parseRouteId('12abc')).toBeNull();
  });
});
