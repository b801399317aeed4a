import { createFileRoute } from '@tanstack/react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { OpenByIdForm } from '../../features/open-by-id/OpenByIdForm.tsx';
import readable from '../../components/readable.module.css';
import { RECORD_KINDS } from '../../records/recordKinds.ts';
import links from '../-components/pageLink.module.css';
import { RecentRecordsList } from '../../features/recent/RecentRecordsList.tsx';
import { useRecentRecords } from '../../features/recent/useRecentRecords.ts';
import { KeptForOfflinePanel } from '../../features/pins/index.ts';

export const Route = createFileRoute('/_authenticated/')({ component: HomePage });

/** "a part, run, … or run step field": every kind the app opens, from the one registry of kinds. */
const words = RECORD_KINDS.map((info) => info.word);
const kindsInWords = `a ${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

function HomePage() {
  const recent = useRecentRecords();
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Open a record
        </Title>
        <Text c="dimmed">Scan a label, type an id, or paste a link to {kindsInWords}.</Text>
      </Stack>
      <OpenByIdForm />
      <RecentRecordsList records={recent} />
      <KeptForOfflinePanel />
      <Text>
        Looking for a part by number or description?{' '}
        <Anchor className={`${readable.link} ${links.pageLink}`} component={Link} to="/parts">
          Browse parts
        </Anchor>
      </Text>
    </Stack>
  );
}
