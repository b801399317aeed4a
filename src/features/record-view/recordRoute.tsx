import type { ApolloClient } from '@apollo/client';
import { lazyRouteComponent, useParams } from '@tanstack/react-router';
import { prefetchRecord } from './prefetchRecord.ts';
import type { RecordKind } from '../../records/recordKinds.ts';
import { RECORD_QUERIES } from './recordQueries.ts';

/**
 * A record route's options, the same for every kind: its loader asks for the record as soon as the URL
 * is chosen (and on hover or touch of a link), in parallel with loading the pages' code, which comes
 * in its own chunk (recordPages.tsx) so the entry carries only the queries.
 */
export function recordRoute(kind: RecordKind) {
  return {
    loader: ({ context, params }: { context: { apolloClient: ApolloClient }; params: { id: string } }) =>
      prefetchRecord<unknown>(context.apolloClient, RECORD_QUERIES[kind], params.id),
    component: lazyRouteComponent(async () => {
      const { RecordKindPage } = await import('./recordPages.tsx');
      return {
        default: function RecordRoutePage() {
          const { id } = useParams({ strict: false });
          return <RecordKindPage kind={kind} rawId={id ?? ''} />;
        },
      };
    }),
  };
}
