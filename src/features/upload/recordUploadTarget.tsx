import { createContext, useContext } from 'react';
import type { UploadTarget } from '../../upload/types.ts';

/**
 * The record a page's files go to, given by its drop zone to what it contains (e.g. a marked-up
 * copy of an attachment goes to the same record as a drop).
 */
export const RecordUploadTargetContext = createContext<UploadTarget | null>(null);

export function useRecordUploadTarget(): UploadTarget | null {
  return useContext(RecordUploadTargetContext);
}
