import { createFileRoute } from '@tanstack/react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { OpenByIdForm } from '../../features/open-by-id/OpenByIdForm.tsx';
import readable from '../../components/readable.module.css';
import links from '../-components/pageLink.module.css';
import { RecentRecordsList } from '../../features/recent/RecentRecordsList.tsx';
import { useRecentRecords } from '../../features/recent/useRecentRecords.ts';
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
      <RecentRecordsList records={recent} />
      <KeptForOfflinePanel />
      <Text>
        <FormattedMessage
          defaultMessage="Looking for a part by number or description? <link>Browse parts</link>"
          id="rMRfX5"
          values={{
            link: (chunks) => (
              <Anchor className={`${readable.link} ${links.pageLink}`} component={Link} to="/parts">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </Stack>
  );
}
