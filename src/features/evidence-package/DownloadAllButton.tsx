import { useMemo } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useOnline } from '../../pwa/useOnline.ts';
import { PackageDialog } from './PackageDialog.tsx';
import { usePackageDownload } from './usePackageDownload.ts';
import type { PackageKind, PackageRecord } from './packageListing.ts';

/**
 * "Download all": every file of the record (for a run, its steps' and their fields' too) in one ZIP
 * with an index, streamed to disk. Offline it says it needs the network: what is kept for offline are
 * small previews, not the files.
 */
export function DownloadAllButton({ kind, id, title }: { kind: PackageKind; id: number; title: string }) {
  const online = useOnline();
  const record = useMemo<PackageRecord>(() => ({ kind, id, title }), [kind, id, title]);
  const pack = usePackageDownload(record);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        mih={44}
        h="auto"
        leftSection={<IconFileZip size={20} aria-hidden />}
        disabled={!online}
        aria-describedby={online ? undefined : `needs-network-${kind}-${id}`}
        onClick={pack.count}
        data-testid="download-all"
      >
        <FormattedMessage
          defaultMessage="Download all"
          id="0TscxQ"
          description="Button: save every file of the record as one ZIP"
        />
      </Button>
      {!online && (
        <Text size="sm" c="dimmed" id={`needs-network-${kind}-${id}`}>
          <FormattedMessage
            defaultMessage="Needs the network: the copies kept for offline are small previews, not the files."
            id="1D5Gce"
          />
        </Text>
      )}
      <PackageDialog pack={pack} />
    </Stack>
  );
}
