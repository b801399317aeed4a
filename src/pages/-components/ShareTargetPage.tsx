import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { OpenByIdForm } from '../../features/open-by-id/index.ts';
import { RecentRecordLinks, useRecentRecords } from '../../features/recent/index.ts';
import { SharedFileList, sharedAt, UnclaimedShares, useShares } from '../../features/share/index.ts';
import { SHARE_LIMITS } from '../../serviceWorker/shareInbox.ts';
import { formatBytes } from '../../upload/formatBytes.ts';

const PROBLEMS: Record<string, string> = {
  empty: 'Nothing arrived with that share. Share the photo or file again.',
  unreadable: 'The shared files could not be read. Share them again.',
  'cross-site':
    'Files sent here by another website were refused. Share photos from the gallery or camera app instead.',
  'too-many': `That share was not kept: at most ${SHARE_LIMITS.maxFiles} files and ${formatBytes(SHARE_LIMITS.maxBytes)} can wait at once. Attach or discard the shared files waiting first.`,
  'not-kept': 'The shared files could not be kept on this tablet. Share them again.',
};

/**
 * Where a photo shared from the gallery or camera app lands: choose the record (scan or type its id,
 * or pick one of this person's recent records); its page then offers to attach the shared files.
 */
export function ShareTargetPage({ problem }: { problem?: string }) {
  const { shares, failure, claim, discard } = useShares();
  const recent = useRecentRecords();
  const message = failure ?? (problem ? (PROBLEMS[problem] ?? PROBLEMS.unreadable) : null);
  const mine = shares?.mine ?? [];
  const unclaimed = shares?.unclaimed ?? [];

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} size="h2">
        Attach shared files
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
          Nothing shared is waiting. Share a photo into Floor Attach from the gallery or camera app.
        </Text>
      )}
      {mine.length > 0 && (
        <>
          <Stack component="section" aria-label="Shared files" gap="sm">
            {mine.map((share) => (
              <Paper key={share.id} withBorder p="sm">
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">
                    Shared at {sharedAt(share.receivedAt)}
                  </Text>
                  <SharedFileList share={share} />
                </Stack>
              </Paper>
            ))}
            <Text fw={600}>Attach these only if you shared them.</Text>
          </Stack>
          <Text c="dimmed">
            Choose the record: scan its label or type its id. Its page then offers to attach these files.
          </Text>
          <OpenByIdForm />
          <RecentRecordLinks records={recent} title="Your recent records" />
          <Button
            variant="subtle"
            color="red"
            onClick={() => void discard(mine.map((share) => share.id))}
            style={{ alignSelf: 'flex-start' }}
          >
            Discard the shared files
          </Button>
        </>
      )}
    </Stack>
  );
}
