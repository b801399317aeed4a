import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { SharedFileList, sharedAt } from './SharedFileList.tsx';
import { UnclaimedShares } from './UnclaimedShares.tsx';
import { useShares } from './useShares.ts';
import { useShareInbox } from './shareInboxContext.tsx';

const filesText = (count: number) => (count === 1 ? '1 shared file' : `${count} shared files`);

/**
 * On a record page, while files this person shared into the app wait for their record: one tap
 * attaches them here. Nothing is attached without that tap, so opening some other record first is
 * harmless; shares nobody claimed are asked about first.
 */
export function SharedFilesOffer(props: OfferProps) {
  // Pages rendered without a share target (component tests) have nothing to offer.
  return useShareInbox() ? <Offer {...props} /> : null;
}

interface OfferProps {
  label: string;
  onAttach: (files: File[]) => void;
}

function Offer({ label, onAttach }: OfferProps) {
  const { shares, failure, claim, take, discard } = useShares();
  if (failure) {
    return (
      <Alert color="red" role="alert" mb="sm">
        {failure}
      </Alert>
    );
  }
  if (!shares || (shares.mine.length === 0 && shares.unclaimed.length === 0)) return null;

  const mineIds = shares.mine.map((share) => share.id);
  const count = shares.mine.reduce((total, share) => total + share.files.length, 0);

  return (
    <Stack gap="sm" mb="sm">
      <UnclaimedShares
        shares={shares.unclaimed}
        onClaim={(id) => void claim(id)}
        onDiscard={(id) => void discard([id])}
      />
      {count > 0 && (
        <Alert
          color="blue"
          icon={<IconShare size={20} aria-hidden />}
          role="region"
          aria-label="Shared files"
        >
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {filesText(count)} waiting, shared at{' '}
              {shares.mine.map((share) => sharedAt(share.receivedAt)).join(', ')}. Attach only if you shared
              these.
            </Text>
            {shares.mine.map((share) => (
              <SharedFileList key={share.id} share={share} />
            ))}
            <Group gap="xs">
              <Button onClick={() => void take(mineIds).then(onAttach)}>Attach to {label}</Button>
              <Button variant="default" onClick={() => void discard(mineIds)}>
                Discard
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
