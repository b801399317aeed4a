import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { serviceContext } from '../lib/serviceContext.tsx';
import type { PinnedRecords } from './pinnedRecords.ts';
import type { KeptForm, PinnedSnapshot } from './pinnedPorts.ts';

const Pinned = serviceContext<PinnedRecords>('PinnedRecordsContext');

/** The records pinned for the shift (startApp's); none in component tests that do not give them. */
export function PinnedRecordsProvider({
  pinned,
  children,
}: {
  pinned: PinnedRecords | null;
  children: ReactNode;
}) {
  return <Pinned.Provider value={pinned}>{children}</Pinned.Provider>;
}

const EMPTY: PinnedSnapshot = {
  pins: [],
  files: new Map(),
  usageBytes: 0,
  budgetBytes: 0,
  persisted: null,
  dropped: null,
};
const noChange = () => () => undefined;
const empty = () => EMPTY;

/** The pins themselves (to pin and unpin), or null where the app runs without them. */
export const usePinnedRecords = Pinned.useOptional;

/** What is pinned and kept now, updated as pins are fetched ahead. */
export function usePinnedSnapshot(): PinnedSnapshot {
  const pinned = Pinned.useOptional();
  return useSyncExternalStore(pinned?.subscribe ?? noChange, pinned?.getSnapshot ?? empty);
}

export interface KeptCopyView {
  /** An object URL of the kept copy, valid while the component shows it. */
  url: string;
  form: KeptForm;
}

/**
 * The kept copy of an attachment as an object URL, when `wanted` (offline) and one is kept; null
 * otherwise, and while it is read.
 */
export function useKeptCopy(attachmentId: number | undefined, wanted: boolean): KeptCopyView | null {
  const pinned = Pinned.useOptional();
  const { files } = usePinnedSnapshot();
  const file = wanted && attachmentId !== undefined ? files.get(attachmentId) : undefined;
  const [shown, setShown] = useState<{ id: number; view: KeptCopyView } | null>(null);
  const id = file?.id;
  const form = file?.form;
  useEffect(() => {
    if (!pinned || id === undefined || !form) return;
    let url: string | null = null;
    let cancelled = false;
    void pinned.readFile(id).then((blob) => {
      if (cancelled || !blob) return;
      url = URL.createObjectURL(blob);
      setShown({ id, view: { url, form } });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setShown(null);
    };
  }, [pinned, id, form]);
  return shown && shown.id === id ? shown.view : null;
}
