import { useCallback, useEffect, useState } from 'react';
import { createShareInbox, type ShareInbox } from '../../serviceWorker/shareInbox.ts';

const appInbox = createShareInbox();

/** The files last shared into the app, until they are attached or discarded. */
export function useSharedFiles(inbox: ShareInbox = appInbox): {
  files: File[] | null;
  failure: string | null;
  take: () => Promise<File[]>;
  discard: () => Promise<void>;
} {
  const [files, setFiles] = useState<File[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    inbox
      .peek()
      .then((shared) => current && setFiles(shared?.files ?? []))
      .catch(
        (error: unknown) => current && setFailure(`The shared files could not be read: ${String(error)}`),
      );
    return () => {
      current = false;
    };
  }, [inbox]);

  const take = useCallback(async () => {
    const shared = await inbox.take();
    setFiles([]);
    return shared?.files ?? [];
  }, [inbox]);

  const discard = useCallback(async () => {
    await inbox.clear();
    setFiles([]);
  }, [inbox]);

  return { files, failure, take, discard };
}
