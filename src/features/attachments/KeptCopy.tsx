import { Alert, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useKeptCopy, type KeptCopyView } from '../../pins/pinnedRecordsContext.tsx';
import { displayFilename } from '../../components/displayFilename.ts';
import { useOnline } from '../../pwa/useOnline.ts';
import { ZoomableImage } from './ZoomableImage.tsx';

/**
 * The copy kept for a pinned record (issue 24), only while offline: online, thumbnails and previews
 * keep loading through fresh signed URLs exactly as before. Null when offline with nothing kept.
 */
export function useOfflineKeptCopy(attachmentId: number | undefined): KeptCopyView | null {
  const online = useOnline();
  return useKeptCopy(attachmentId, !online);
}

/** A kept copy in the attachment's thumbnail place, saying it is one. */
export function KeptThumbnail({ kept, size }: { kept: KeptCopyView; size: number }) {
  return (
    <Stack gap={2} align="center" w={size + 16} style={{ flexShrink: 0 }} data-testid="kept-thumbnail">
      <img
        src={kept.url}
        alt=""
        crossOrigin="anonymous"
        width={size}
        height={size}
        style={{ objectFit: 'cover', display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
      />
      <Text size="xs" fw={600} ta="center" lh={1.2}>
        <FormattedMessage
          id="KHtagg"
          defaultMessage="Kept copy"
          description="Under a thumbnail shown offline from the copy kept on the tablet"
        />
      </Text>
    </Stack>
  );
}

/** The preview of an attachment offline, from its kept copy: said to be one (and, for a PDF, its first page only). */
export function KeptPreview({ kept, filename }: { kept: KeptCopyView; filename: string | null }) {
  const intl = useIntl();
  const name = displayFilename(filename, intl).text;
  const pdf = kept.form === 'pdf-first-page';
  return (
    <Stack gap="sm" data-testid="kept-preview">
      <Alert
        color="blue"
        icon={<IconCloudOff aria-hidden />}
        title={intl.formatMessage({ id: 'Tqfi8S', defaultMessage: 'Kept copy' })}
      >
        {pdf ? (
          <FormattedMessage
            id="GqE10K"
            defaultMessage="You are offline: this is the first page only, kept on this tablet. The whole PDF opens when the network is back."
          />
        ) : kept.form === 'video-frame' ? (
          <FormattedMessage
            id="ejuF1v"
            defaultMessage="You are offline: this is one frame of the clip, kept on this tablet. The clip plays when the network is back."
          />
        ) : (
          <FormattedMessage
            id="NQb503"
            defaultMessage="You are offline: this is a smaller copy kept on this tablet. The original opens when the network is back."
          />
        )}
      </Alert>
      <ZoomableImage
        src={kept.url}
        alt={
          pdf
            ? intl.formatMessage(
                { id: 'ssbuZ0', defaultMessage: 'First page of {name}, kept copy' },
                { name },
              )
            : kept.form === 'video-frame'
              ? intl.formatMessage({ id: 'UNcWub', defaultMessage: 'A frame of {name}, kept copy' }, { name })
              : intl.formatMessage({ id: 'R/aSZd', defaultMessage: 'Kept copy of {name}' }, { name })
        }
      />
    </Stack>
  );
}
