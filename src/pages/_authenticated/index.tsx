import { createFileRoute } from '@tanstack/react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { OpenByIdForm } from '../../features/open-by-id/OpenByIdForm.tsx';
import readable from '../../components/readable.module.css';
import links from '../-components/pageLink.module.css';
import { RecentRecordsList } from '../../features/recent/RecentRecordsList.tsx';
import { useRecentRecords } from '../../features/recent/useRecentRecords.ts';

export const Route = createFileRoute('/_authenticated/')({ component: HomePage });

function HomePage() {
  const recent = useRecentRecords();
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Open a record
        </Title>
        <Text c="dimmed">
          Scan a label, type an id, or paste a link to a part, run, procedure, step, run step or run step
          field.
        </Text>
      </Stack>
      <OpenByIdForm />
      <RecentRecordsList records={recent} />
      <Text>
        Looking for a part by number or description?{' '}
        <Anchor className={`${readable.link} ${links.pageLink}`} component={Link} to="/parts">
          Browse parts
        </Anchor>
      </Text>
    </Stack>
  );
}
