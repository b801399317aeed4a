import { Alert, Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatBytes } from '../../upload/formatBytes.ts';
import { recentRecords } from '../../pwa/recentRecords.ts';
import { OpenByIdForm } from '../../features/open-by-id/index.ts';
import { RECORD_ROUTES, recordKindInfo } from '../../records/recordKinds.ts';
import readable from '../../components/readable.module.css';
import { useSharedFiles } from '../../features/share/useSharedFiles.ts';

const PROBLEMS: Record<string, string> = {
  empty: 'Nothing arrived with that share. Share the photo or file again.',
  unreadable: 'The shared files could not be read. Share them again.',
};

/**
 * Where a photo shared from the gallery or camera app lands: choose the record (scan or type its id,
 * or pick a recent one); its page then offers to attach the shared files.
 */
export function ShareTargetPage({ problem }: { problem?: string }) {
  const { files, failure, discard } = useSharedFiles();
  const recent = useMemo(() => recentRecords(), []);
  const message = failure ?? (problem ? (PROBLEMS[problem] ?? PROBLEMS.unreadable) : null);

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
      {files && files.length === 0 && !message && (
        <Text>
          Nothing shared is waiting. Share a photo into Floor Attach from the gallery or camera app.
        </Text>
      )}
      {files && files.length > 0 && (
        <>
          <section aria-label="Shared files">
            <List>
              {files.map((file, index) => (
                <List.Item key={index}>
                  {file.name} ({formatBytes(file.size)})
                </List.Item>
              ))}
            </List>
          </section>
          <Text c="dimmed">
            Choose the record: scan its label or type its id. Its page then offers to attach these files.
          </Text>
          <OpenByIdForm />
          {recent.length > 0 && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                Recent records
              </Title>
              {recent.map(({ kind, id }) => (
                <Anchor
                  key={`${kind}-${id}`}
                  className={readable.link}
                  renderRoot={(props) => (
                    // Every record route takes the same `$id` param; one Link cannot type-check a union.
                    <Link
                      {...props}
                      to={RECORD_ROUTES[kind] as (typeof RECORD_ROUTES)['run']}
                      params={{ id: String(id) }}
                    />
                  )}
                  style={{ display: 'flex', minHeight: 44, alignItems: 'center' }}
                >
                  {recordKindInfo(kind).label} {id}
                </Anchor>
              ))}
            </Stack>
          )}
          <Button
            variant="subtle"
            color="red"
            onClick={() => void discard()}
            style={{ alignSelf: 'flex-start' }}
          >
            Discard the shared files
          </Button>
        </>
      )}
    </Stack>
  );
}
