import { Alert, Stack, Text, Title } from '@mantine/core';
import { RecordDropZone, RecordUploadsHere } from '../upload/index.ts';
import type { RecordKind, RecordRef } from '../../records/recordKinds.ts';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props {
  kind: RecordKind;
  id: number;
  /** e.g. "Run step 7". */
  name: string;
  /** Why nothing came (the failure vocabulary's words). */
  message: string;
}

/**
 * A record reached by id or scan with no network and nothing kept of it: its kind and id, and files
 * can still be chosen or photographed. They wait in the queue against (kind, id); the queue learns the
 * record's entity when the network returns, and a record that turns out not to exist fails them with a
 * way to move them. The page fills in by itself when the network is back.
 */
export function UnkeptRecord({ kind, id, name, message }: Props) {
  const intl = useIntl();
  const record = useMemo<RecordRef>(() => ({ kind, id }), [kind, id]);
  return (
    <RecordDropZone entityId={null} label={name} record={record}>
      <Stack gap="md" maw={720}>
        <Stack gap={4}>
          <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
            {name}
          </Text>
          <Title order={1} size="h2">
            {name}
          </Title>
        </Stack>
        <Alert
          color="yellow"
          title={intl.formatMessage({ defaultMessage: 'Not kept on this tablet', id: 'kOEiIe' })}
          role="status"
        >
          <Text>{message}</Text>
          <Text>
            <FormattedMessage
              defaultMessage="{record} was not opened here while online, so its details are not on this tablet. Files you add now are kept and attached to it when the network is back; if no such record exists, you are told and can move them to another record."
              id="6fhB8W"
              description="record: e.g. 'Run step 7'"
              values={{ record: name }}
            />
          </Text>
        </Alert>
        <RecordUploadsHere />
      </Stack>
    </RecordDropZone>
  );
}
