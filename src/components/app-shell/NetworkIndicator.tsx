import { Badge } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../../pwa/useOnline.ts';
import { countUnfinished } from '../../upload/uploadCounts.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { useUploadsValue } from '../upload/uploadQueueContext.tsx';

const countWaitingForNetwork = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => entry.waiting === 'network').length;

/** The header's "Offline · 3 waiting for the network", on every page, not only in the Uploads drawer. */
export function NetworkIndicator() {
  const online = useOnline();
  const unfinished = useUploadsValue(countUnfinished);
  const waitingForNetwork = useUploadsValue(countWaitingForNetwork);
  // Offline, every unfinished file waits for the network, also those not yet picked up.
  const waiting = online ? waitingForNetwork : unfinished;
  if (online && waiting === 0) return null;
  const parts = [online ? '' : 'Offline', waiting > 0 ? `${waiting} waiting for the network` : ''].filter(
    Boolean,
  );
  return (
    <Badge
      role="status"
      data-testid="network-indicator"
      color="orange"
      variant="light"
      size="lg"
      mih={32}
      leftSection={<IconWifiOff size={16} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {parts.join(' · ')}
    </Badge>
  );
}
