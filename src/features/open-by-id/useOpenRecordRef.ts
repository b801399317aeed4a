import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { partIdsByNumber } from '../parts/index.ts';
import { runsBySerial } from '../runs/index.ts';
import { RECORD_ROUTES, type RecordKind } from '../../records/recordKinds.ts';
import type { SerialKind } from '../../records/serialNumbers.ts';
import { askBeforeNavigating } from './askBeforeNavigating.ts';
import { isBareNumber } from './parseRecordRef.ts';
import { recordExists } from './recordExists.ts';
import { resolveRecordRef, type RecordRefDestination } from './resolveRecordRef.ts';
import { readCameraAfterScan } from './scan/cameraAfterScan.ts';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** A scanned number with no kind opened this record, as the page it was scanned on read it. */
    scannedBareNumber?: boolean;
  }
}

/**
 * Opens what typed or scanned text names (a record, or the parts search) and says where it went; a
 * refusal, or a choice between runs that share a serial, is returned for the caller to show where the
 * technician is looking (`idsAsked`: see resolveRecordRef). A scanned bare number
 * marks the page it opens, which then says what it was opened as (OpenedAsNotice).
 */
export function useOpenRecordRef(): (
  text: string,
  kind: RecordKind,
  how?: { scanned?: boolean; idsAsked?: boolean },
) => Promise<RecordRefDestination> {
  const navigate = useNavigate();
  const router = useRouter();
  const client = useApolloClient();
  return useCallback(
    async (text, kind, { scanned = false, idsAsked = false } = {}) => {
      const lookups = {
        partIds: (partNumber: string) => partIdsByNumber(client, partNumber),
        runsBySerial: (value: string, serialKind: SerialKind | null) =>
          runsBySerial(client, value, serialKind),
        recordExists: (recordKind: RecordKind, id: number) => recordExists(client, recordKind, id),
      };
      const destination = await resolveRecordRef(text, kind, window.location.origin, lookups, idsAsked);
      if (destination.to === 'record') {
        const scannedBareNumber = scanned && isBareNumber(text) ? true : undefined;
        // Every record route takes the same `$id` param; navigate cannot type-check a union of routes.
        const to = RECORD_ROUTES[destination.kind] as (typeof RECORD_ROUTES)['run'];
        const params = { id: String(destination.id) };
        // The record's request leaves before the page changes (see askBeforeNavigating).
        await askBeforeNavigating(
          () => router.preloadRoute({ to, params }),
          () =>
            navigate({
              to,
              params,
              state: (previous) => ({
                ...previous,
                cameraAfterScan: readCameraAfterScan(),
                scannedBareNumber,
              }),
            }),
        );
      } else if (destination.to === 'parts') {
        await navigate({ to: '/parts', search: { q: destination.q } });
      }
      return destination;
    },
    [navigate, router, client],
  );
}
