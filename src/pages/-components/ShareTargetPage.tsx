import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { OpenByIdForm } from '../../features/open-by-id/index.ts';
import { RecentRecordLinks, useRecentRecords } from '../../features/recent/index.ts';
import { SharedFileList, sharedAt, UnclaimedShares, useShares } from '../../features/share/index.ts';
import { useAppConfig } from '../../config/ConfigContext.tsx';
import { shareBudgetFrom } from '../../share/shareBudget.ts';
import { formatBytes } from '../../upload/formatBytes.ts';

const PROBLEMS: Record<string, MessageDescriptor> = defineMessages({
  empty: { defaultMessage: 'Nothing arrived with that share. Share the photo or file again.', id: 'A2dUVr' },
  unreadable: { defaultMessage: 'The shared files could not be read. Share them again.', id: 'CHBun8' },
  'cross-site': {
    defaultMessage:
      'Files sent here by another website were refused. Share photos from the gallery or camera app instead.',
    id: 'u/znMV',
  },
  'too-large': {
    defaultMessage:
      'That share was not kept: at most {maxFiles} files and {maxBytes} can be shared at once. Share fewer at a time.',
    id: 'eoerA7',
  },
  'too-many': {
    defaultMessage:
      'That share was not kept: at most {maxFiles} files and {maxBytes} can wait at once. Attach or discard the shared files waiting first.',
    id: '+sDHup',
  },
  'not-kept': {
    defaultMessage: 'The shared files could not be kept on this tablet. Share them again.',
    id: 'ZjabrM',
  },
});

/**
 * Where a photo shared from the gallery or camera app lands: choose the record (scan or type its id,
 * or pick one of this person's recent records); its page then offers to attach the shared files.
 */
export function ShareTargetPage({ problem }: { problem?: string }) {
  const intl = useIntl();
  const { shares, failure, claim, discard } = useShares();
  const recent = useRecentRecords();
  const budget = shareBudgetFrom(useAppConfig());
  const problemMessage = problem ? (PROBLEMS[problem] ?? PROBLEMS.unreadable) : undefined;
  // A share too large for the budget of unclaimed shares (each new share is one at first) is told
  // that budget; the shares bound to people, theirs.
  const [maxFiles, maxBytes] =
    problem === 'too-large'
      ? [budget.unclaimedMaxFiles, budget.unclaimedMaxBytes]
      : [budget.maxFiles, budget.maxBytes];
  const message =
    failure ??
    (problemMessage
      ? intl.formatMessage(problemMessage, { maxFiles, maxBytes: formatBytes(maxBytes, intl) })
      : null);
  const mine = shares?.mine ?? [];
  const unclaimed = shares?.unclaimed ?? [];

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} size="h2">
        <FormattedMessage defaultMessage="Attach shared files" id="+85AgW" />
      </Title>
      {message && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
      <UnclaimedShares
        shares={unclaimed}
        onClaim={(id) => void claim(id)}
        onDiscard={(id) => void discard([id])}
      />
      {shares && mine.length === 0 && unclaimed.length === 0 && !message && (
        <Text>
          <FormattedMessage
            defaultMessage="Nothing shared is waiting. Share a photo into Floor Attach from the gallery or camera app."
            id="gXwFZg"
          />
        </Text>
      )}
      {mine.length > 0 && (
        <>
          <Stack
            component="section"
            aria-label={intl.formatMessage({ defaultMessage: 'Shared files', id: '9j5ma+' })}
            gap="sm"
          >
            {mine.map((share) => (
              <Paper key={share.id} withBorder p="sm">
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">
                    <FormattedMessage
                      defaultMessage="Shared at {time}"
                      id="LiOXd+"
                      values={{ time: sharedAt(share.receivedAt, new Date(), intl) }}
                    />
                  </Text>
                  <SharedFileList share={share} />
                </Stack>
              </Paper>
            ))}
            <Text fw={600}>
              <FormattedMessage defaultMessage="Attach these only if you shared them." id="6FBHlk" />
            </Text>
          </Stack>
          <Text c="dimmed">
            <FormattedMessage
              defaultMessage="Choose the record: scan its label or type its id. Its page then offers to attach these files."
              id="3JeYsV"
            />
          </Text>
          <OpenByIdForm />
          <RecentRecordLinks
            records={recent}
            title={intl.formatMessage({ defaultMessage: 'Your recent records', id: 'I7YVlY' })}
          />
          <Button
            variant="subtle"
            color="red"
            onClick={() => void discard(mine.map((share) => share.id))}
            style={{ alignSelf: 'flex-start' }}
          >
            <FormattedMessage defaultMessage="Discard the shared files" id="qhKI2r" />
          </Button>
        </>
      )}
    </Stack>
  );
}
