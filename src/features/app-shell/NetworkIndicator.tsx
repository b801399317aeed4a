import { Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useReachability } from '../../pwa/useOnline.ts';
import { countUnfinished } from '../../upload/uploadCounts.ts';
import { waitsForNetwork, type UploadEntry } from '../../upload/types.ts';
import { useUploadsValue } from '../../upload/uploadQueueContext.tsx';

const countWaitingForNetwork = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => waitsForNetwork(entry.waiting)).length;

/** The header's "Offline · 3 waiting for the network", on every page, not only in the Uploads drawer. */
export function NetworkIndicator() {
  const reachability = useReachability();
  const online = reachability === 'online';
  const unfinished = useUploadsValue(countUnfinished);
  const waitingForNetwork = useUploadsValue(countWaitingForNetwork);
  // Offline, every unfinished file waits for the network, also those not yet picked up.
  const waiting = online ? waitingForNetwork : unfinished;
  if (online && waiting === 0) return null;
  let text;
  if (reachability === 'unreachable') {
    text = (
      <FormattedMessage
        defaultMessage="{count, plural, =0 {Cannot reach the server} one {Cannot reach the server · # waiting} other {Cannot reach the server · # waiting}}"
        id="3zgRCd"
        description="The header's bar: the device says online but the server does not answer (lie-fi), and how many files wait for it"
        values={{ count: waiting }}
      />
    );
  } else if (!online && waiting === 0) {
    text = (
      <FormattedMessage defaultMessage="Offline" id="ArLniI" description="The header's bar: no network" />
    );
  } else if (!online) {
    text = (
      <FormattedMessage
        defaultMessage="Offline · {count, plural, one {# waiting for the network} other {# waiting for the network}}"
        id="SUc96V"
        description="The header's bar: no network, and how many files wait for it"
        values={{ count: waiting }}
      />
    );
  } else {
    text = (
      <FormattedMessage
        defaultMessage="{count, plural, one {# waiting for the network} other {# waiting for the network}}"
        id="KchaEq"
        description="The header's bar: how many files wait for the network"
        values={{ count: waiting }}
      />
    );
  }
  return (
    // A bar under the header, held there while the page scrolls: the header has no room left on a
    // tablet in portrait, and this must be seen from every page.
    <Group
      role="status"
      data-testid="network-indicator"
      gap="xs"
      wrap="nowrap"
      px="md"
      py={6}
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
      mb="md"
      bg="var(--mantine-color-orange-light)"
      // Orange text on the orange bar is under 4.5:1 in light colours: the bar carries the colour.
      c="var(--mantine-color-text)"
      style={{ position: 'sticky', top: 'var(--app-shell-header-height)', zIndex: 2 }}
    >
      <IconWifiOff size={18} aria-hidden />
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}
