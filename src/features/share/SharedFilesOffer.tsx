import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SharedFileList, sharedAt } from './SharedFileList.tsx';
import { UnclaimedShares } from './UnclaimedShares.tsx';
import { useShares } from './useShares.ts';
import { useShareInbox } from '../../share/shareInboxContext.tsx';

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
  const intl = useIntl();
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
          aria-label={intl.formatMessage({ defaultMessage: 'Shared files', id: '9j5ma+' })}
        >
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              <FormattedMessage
                defaultMessage="{count, plural, one {# shared file waiting, shared at {times}.} other {# shared files waiting, shared at {times}.}} Attach only if you shared these."
                id="cwflsV"
                values={{
                  count,
                  times: shares.mine
                    .map((share) => sharedAt(share.receivedAt, new Date(), intl))
                    .reduce((first, second) =>
                      intl.formatMessage(
                        {
                          defaultMessage: '{first}, {second}',
                          id: 'YAiFeS',
                          description:
                            'Joins the items of a list, e.g. "1 photo attached, 2 photos on the way"',
                        },
                        { first, second },
                      ),
                    ),
                }}
              />
            </Text>
            {shares.mine.map((share) => (
              <SharedFileList key={share.id} share={share} />
            ))}
            <Group gap="xs">
              <Button onClick={() => void take(mineIds).then(onAttach)}>
                <FormattedMessage
                  defaultMessage="Attach to {record}"
                  id="fSytsX"
                  values={{ record: label }}
                />
              </Button>
              <Button variant="default" onClick={() => void discard(mineIds)}>
                <FormattedMessage
                  defaultMessage="Discard"
                  id="nJfYlC"
                  description="Button: throw away shared files"
                />
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
