import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Share } from '../../share/shareInbox.ts';
import { SharedFileList, sharedAt } from './SharedFileList.tsx';

/**
 * Files shared while nobody was signed in here: they may be this person's (shared, then signed in),
 * or come from someone else or a website. Nothing of them is offered until the person says so.
 */
export function UnclaimedShares({
  shares,
  onClaim,
  onDiscard,
}: {
  shares: readonly Share[];
  onClaim: (id: string) => void;
  onDiscard: (id: string) => void;
}) {
  const intl = useIntl();
  return shares.map((share) => (
    <Alert
      key={share.id}
      color="yellow"
      icon={<IconShare size={20} aria-hidden />}
      // Yellow text on the yellow background is under 4.5:1; the colour is in the background and icon.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="region"
      title={intl.formatMessage(
        {
          defaultMessage:
            '{count, plural, one {# file shared at {time} while nobody was signed in} other {# files shared at {time} while nobody was signed in}}',
          id: 'EUAkm1',
        },
        { count: share.files.length, time: sharedAt(share.receivedAt, new Date(), intl) },
      )}
    >
      <Stack gap="sm">
        <SharedFileList share={share} />
        <Text size="sm">
          <FormattedMessage
            defaultMessage="Are these yours? Attach them only if you shared them: a website can send files here too."
            id="U/MRZq"
          />
        </Text>
        <Group gap="xs">
          <Button onClick={() => onClaim(share.id)}>
            <FormattedMessage defaultMessage="Yes, I shared these" id="ExxmeN" />
          </Button>
          <Button variant="default" onClick={() => onDiscard(share.id)}>
            <FormattedMessage defaultMessage="Not mine: discard" id="nYLOy3" />
          </Button>
        </Group>
      </Stack>
    </Alert>
  ));
}
