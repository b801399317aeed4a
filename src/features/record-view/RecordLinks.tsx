import { RecordAnchor } from '../../components/RecordAnchor.tsx';
import type { ReactNode } from 'react';
import { List, Stack, Text } from '@mantine/core';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyNote } from '../../components/EmptyNote.tsx';
import { type RecordKind, recordName, titledName } from '../../records/recordKinds.ts';

export interface RelatedRecord {
  kind: RecordKind;
  id: number;
  /** Shown as the link's text, e.g. the part number or the step's title. */
  text: string;
}

export interface RelatedGroup {
  heading: string;
  records: RelatedRecord[];
  /** Said when the group has no records, e.g. "This run has no part." */
  empty: string;
  /** Shown under the records, e.g. a link to all of a part's runs when only the newest are listed. */
  more?: ReactNode;
}

/** Links from a record to the records the schema relates it to. */
export function RecordLinks({ groups }: { groups: RelatedGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <HeadedSection heading={<FormattedMessage defaultMessage="Related records" id="ec6yww" />} gap="sm">
      {groups.map((group) => (
        <Stack key={group.heading} gap={4}>
          <Text fw={600}>{group.heading}</Text>
          {group.records.length === 0 ? (
            <EmptyNote>{group.empty}</EmptyNote>
          ) : (
            <List listStyleType="none" spacing={0} p={0}>
              {group.records.map((record) => (
                <List.Item key={`${record.kind}-${record.id}`}>
                  <RecordLink record={record} />
                </List.Item>
              ))}
            </List>
          )}
          {group.records.length > 0 && group.more}
        </Stack>
      ))}
    </HeadedSection>
  );
}

export function RecordLink({ record }: { record: RelatedRecord }) {
  const intl = useIntl();
  return (
    <RecordAnchor
      record={record}
      style={{ display: 'inline-flex', minHeight: 44, alignItems: 'center', overflowWrap: 'anywhere' }}
    >
      {titledName(recordName(record.kind, record.id, intl), record.text, intl)}
    </RecordAnchor>
  );
}
