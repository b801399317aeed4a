import { useState } from 'react';
import { Alert } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { FileActionButton } from './FileActionButton.tsx';
import { downloadAttachment } from './downloadAttachment.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import classes from './DownloadButton.module.css';

interface Props {
  attachment: { id: number; filename: string | null };
  variant?: 'light' | 'filled';
}

/** Downloads through a URL fetched at the moment of the click; a failure is shown under the button. */
export function DownloadButton({ attachment, variant = 'light' }: Props) {
  const intl = useIntl();
  const client = useApolloClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = () => {
    setPending(true);
    setError(null);
    downloadAttachment(client, attachment)
      .catch((e: unknown) => setError(toUserMessage(e)))
      .finally(() => setPending(false));
  };
  return (
    <div className={classes.stack}>
      <FileActionButton
        action="download"
        variant={variant}
        filename={attachment.filename}
        busy={pending}
        onClick={start}
      />
      {error && (
        <Alert
          color="red"
          role="alert"
          p="xs"
          title={intl.formatMessage({ defaultMessage: 'Download failed', id: 'RVhqZ4' })}
        >
          {error}
        </Alert>
      )}
    </div>
  );
}
