import { createFileRoute } from '@tanstack/react-router';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconList, IconListCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { OpenByIdForm } from '../../features/open-by-id/index.ts';
import { RecentRecordsList, useRecentRecords } from '../../features/recent/index.ts';
import { KeptForOfflinePanel } from '../../features/pins/index.ts';

export const Route = createFileRoute('/_authenticated/')({ component: HomePage });

function HomePage() {
  const recent = useRecentRecords();
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage defaultMessage="Open a record" id="dnGudo" />
        </Title>
        <Text c="dimmed">
          {/* Every kind the app opens, in the registry's order (src/records/recordKinds.ts): a new kind
              is added here too, which the page's test checks. */}
          <FormattedMessage
            defaultMessage="Scan a label, type an id, or paste a link to a part, run, procedure, step, run step or run step field."
            id="+6Ck64"
            description="Under the home page's title: the ways to open a record and the kinds of record there are"
          />
        </Text>
      </Stack>
      <OpenByIdForm />
      {/* A start for someone with no id at hand: the lists, found by number, serial, part or procedure. */}
      <Stack gap="xs">
        <Text>
          <FormattedMessage
            defaultMessage="No id at hand? Find the part or the run in its list."
            id="4hPONh"
            description="On the home page, above the buttons that open the parts list and the runs list"
          />
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to="/parts"
            variant="light"
            leftSection={<IconList size={20} aria-hidden />}
          >
            <FormattedMessage
              defaultMessage="Browse parts"
              id="+F013O"
              description="Button: opens the parts list"
            />
          </Button>
          <Button
            component={Link}
            to="/runs"
            variant="light"
            leftSection={<IconListCheck size={20} aria-hidden />}
          >
            <FormattedMessage
              defaultMessage="Browse runs"
              id="LdAO5Z"
              description="Button: opens the list of production runs, searchable by serial, part or procedure"
            />
          </Button>
        </Group>
      </Stack>
      <RecentRecordsList records={recent} />
      <KeptForOfflinePanel />
    </Stack>
  );
}
