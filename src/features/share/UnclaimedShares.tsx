import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import type { Share } from '../../serviceWorker/shareInbox.ts';
import { SharedFileList, sharedAt } from './SharedFileList.tsx';

const filesText = (count: number) => (count === 1 ? '1 file' : `${count} files`);

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
  return shares.map((share) => (
    <Alert
      key={share.id}
      color="yellow"
      icon={<IconShare size={20} aria-hidden />}
      // Yellow text on the yellow background is under 4.5:1; the colour is in the background and icon.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="region"
      title={`${filesText(share.files.length)} shared at ${sharedAt(share.receivedAt)} while nobody was signed in`}
    >
      <Stack gap="sm">
        <SharedFileList share={share} />
        <Text size="sm">
          Are these yours? Attach them only if you shared them: a website can send files here too.
        </Text>
        <Group gap="xs">
          <Button onClick={() => onClaim(share.id)}>Yes, I shared these</Button>
          <Button variant="default" onClick={() => onDiscard(share.id)}>
            Not mine: discard
          </Button>
        </Group>
      </Stack>
    </Alert>
  ));
}
