import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useApolloClient } from '@apollo/client/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { displayFilename } from '../../components/displayFilename.ts';
import { downloadAttachment } from './downloadAttachment.ts';
import { toUserMessage } from '../../graphql/errors.ts';

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
    <Stack gap={4} align="flex-start">
      <Button
        variant={variant}
        size="sm"
        leftSection={<IconDownload size={18} aria-hidden="true" />}
        aria-label={intl.formatMessage(
          {
            defaultMessage: 'Download {filename}',
            id: 'wA9sjN',
            description: 'Button: save the file on this device',
          },
          { filename: displayFilename(attachment.filename, intl).text },
        )}
        loading={pending}
        onClick={start}
      >
        <FormattedMessage
          defaultMessage="Download"
          id="MWMQru"
          description="Button: save the file on this device"
        />
      </Button>
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
    </Stack>
  );
}
