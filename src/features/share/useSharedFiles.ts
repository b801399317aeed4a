import { useCallback, useEffect, useState } from 'react';
import { useShareInbox } from './shareInboxContext.tsx';

/** The files last shared into the app, until they are attached or discarded. */
export function useSharedFiles(): {
  files: File[] | null;
  failure: string | null;
  take: () => Promise<File[]>;
  discard: () => Promise<void>;
} {
  const inbox = useShareInbox();
  const [files, setFiles] = useState<File[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!inbox) return;
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
    if (!inbox) return [];
    const shared = await inbox.take();
    setFiles([]);
    return shared?.files ?? [];
  }, [inbox]);

  const discard = useCallback(async () => {
    await inbox?.clear();
    setFiles([]);
  }, [inbox]);

  return { files: inbox ? files : [], failure, take, discard };
}
