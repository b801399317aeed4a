import { RecordAnchor } from '../../components/RecordAnchor.tsx';
import { Paper, Stack, Text } from '@mantine/core';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { recordWithTitle } from '../../records/recordKinds.ts';
import type { RecentRecord } from './recentRecords.ts';
import classes from './RecentRecordsList.module.css';
import { PinnableRow } from '../pins/index.ts';

function when(at: number, intl: IntlShape): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return today
    ? intl.formatTime(date, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

function RecentLink({ record, prominent }: { record: RecentRecord; prominent: boolean }) {
  const intl = useIntl();
  return (
    <RecordAnchor record={record} className={classes.link} prominent={prominent}>
      <Text span fw={700} size={prominent ? 'lg' : 'md'}>
        {recordWithTitle(record.kind, record.id, record.title, intl)}
      </Text>
      {record.context && <Text span>{record.context}</Text>}
      <Text span size="sm" c="dimmed">
        <FormattedMessage
          defaultMessage="Opened {when}"
          id="eruB4z"
          description="When a recent record was last opened: a time today (14:05), else a date and time"
          values={{ when: when(record.at, intl) }}
        />
      </Text>
    </RecordAnchor>
  );
}

/** "Continue where you were" and the records opened before it, this user's, on this device. */
export function RecentRecordsList({ records }: { records: readonly RecentRecord[] }) {
  const intl = useIntl();
  const [latest, ...earlier] = records;
  if (!latest) return null;
  return (
    <Stack gap="md">
      <HeadedSection
        heading={<FormattedMessage defaultMessage="Continue where you were" id="s/dq32" />}
        gap="xs"
      >
        <Paper withBorder p="xs" data-testid="continue-record">
          <PinnableRow record={latest}>
            <RecentLink record={latest} prominent />
          </PinnableRow>
        </Paper>
      </HeadedSection>
      <RecentRecordLinks
        records={earlier}
        title={intl.formatMessage({ defaultMessage: 'Recent records', id: 'jP5eL4' })}
      />
    </Stack>
  );
}

/** This person's recent records as one plain list: the home page's earlier ones, the share page's. */
export function RecentRecordLinks({ records, title }: { records: readonly RecentRecord[]; title: string }) {
  if (records.length === 0) return null;
  return (
    <HeadedSection heading={title} gap="xs">
      <Stack component="ul" gap={0} p={0} m={0} className={classes.list} data-testid="recent-records">
        {records.map((record) => (
          <li key={`${record.kind}-${record.id}`} className={classes.item}>
            <PinnableRow record={record}>
              <RecentLink record={record} prominent={false} />
            </PinnableRow>
          </li>
        ))}
      </Stack>
    </HeadedSection>
  );
}
