import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchStoredFile, freshDownloadUrl, StorageError } from './downloadAttachment.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import type { UploadTarget } from '../../upload/types.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { LazyMarkupEditor, MarkupLoading, MarkupProblem, preloadMarkupEditor } from '../markup/index.ts';
import type { MarkupResult } from '../markup/index.ts';

export interface MarkUpTarget {
  id: number;
  filename: string | null;
}

type Fetched = { blob: Blob } | { error: string } | null;

/**
 * Marks up a photo already attached: its bytes are fetched through a fresh signed URL, and saving
 * queues the marked copy as a new attachment of the record; the attached original is not touched.
 */
export function MarkUpAttachment({
  attachment,
  record,
  onClose,
}: {
  attachment: MarkUpTarget;
  record: UploadTarget;
  onClose(): void;
}) {
  const intl = useIntl();
  const client = useApolloClient();
  const queue = useUploadQueue();
  const [fetched, setFetched] = useState<Fetched>(null);
  const name = displayFilename(attachment.filename, intl).text;

  // The editor's code loads while the photo is fetched.
  useEffect(() => preloadMarkupEditor(), []);

  useEffect(() => {
    const controller = new AbortController();
    freshDownloadUrl(client, attachment.id)
      .then((url) =>
        fetchStoredFile(url, {
          signal: controller.signal,
          freshUrl: () => freshDownloadUrl(client, attachment.id),
        }),
      )
      .then(
        (blob) => setFetched({ blob }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFetched({ error: error instanceof StorageError ? error.message : toUserMessage(error) });
        },
      );
    return () => controller.abort();
  }, [client, attachment.id]);

  const save = ({ file }: MarkupResult) => {
    const { refused } = queue.add([file], record);
    if (refused.length > 0) throw new Error(refused[0]!.reason);
    onClose();
  };

  if (!fetched) {
    return (
      <MarkupLoading
        what={intl.formatMessage(
          {
            defaultMessage: 'Fetching {filename}…',
            id: 'pr8OJf',
            description: 'An attached photo is being downloaded to mark it up',
          },
          { filename: name },
        )}
      />
    );
  }
  if ('error' in fetched) {
    return (
      <MarkupProblem
        title={intl.formatMessage(
          {
            defaultMessage: '{filename} could not be fetched',
            id: 'IiVoOY',
            description: 'An attached photo could not be downloaded',
          },
          { filename: name },
        )}
        message={fetched.error}
        onClose={onClose}
      />
    );
  }
  return (
    <LazyMarkupEditor
      image={fetched.blob}
      filename={attachment.filename || `attachment-${attachment.id}.jpg`}
      onSave={save}
      onCancel={onClose}
    />
  );
}
